import { and, eq } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { accountHandlers } from './account-handlers';
import { unauthorized } from '../../platform/http/errors';
import { loadAccount, sessionOf } from './accounts';
import { changeOwnPassword } from './password-change';
import { consumeRefreshToken, issueTokenPair, revokeFamilyOf } from './refresh-tokens';
import { users } from './schema';
import { signIn } from './sign-in';
import { deviceTokens } from '../driver-app/schema';

export const authHandlers = handlers({
  ...accountHandlers,
  'UserLogin/UserSignIn': (input, ctx) => signIn(ctx, input),
  'jwt/login': (input, ctx) => signIn(ctx, input),

  'jwt/refresh-token': async (input, ctx) => {
    const { used, next } = await consumeRefreshToken(ctx, input.refreshToken, input.idempotencyKey);
    const account = await loadAccount(ctx.db, used.userId);
    if (!account || !account.isActive || !account.company.isActive) {
      throw unauthorized('This account can no longer sign in.');
    }
    const { accessToken, refreshToken } = await issueTokenPair(ctx, sessionOf(account), {
      remember: used.remember,
      familyId: used.familyId,
      next,
    });
    return { token: accessToken, accessToken, refreshToken };
  },

  'jwt/logout': async (input, ctx) => {
    if (input.refreshToken) await revokeFamilyOf(ctx, input.refreshToken);
    return { data: { signedOut: true }, message: 'Signed out.' };
  },

  'UserLogin/UpdatUserDeviceTokenOnLogout': async (input, ctx) => {
    await ctx.db.update(users).set({ deviceToken: null }).where(eq(users.id, ctx.session.userId));
    // The phone signing out forgets its own token; without one named, every phone of the user does.
    await ctx.db
      .delete(deviceTokens)
      .where(
        and(
          eq(deviceTokens.userId, ctx.session.userId),
          input.deviceToken ? eq(deviceTokens.token, input.deviceToken) : undefined,
        ),
      );
    return { data: { userID: ctx.session.userId }, message: 'Device token removed.' };
  },

  'Common/GetDecodedUserID': async (_input, ctx) => ({ userID: ctx.session.userId }),

  'ProfileSettings/UpdatePassword': async (input, ctx) => ({
    data: await changeOwnPassword(ctx, input),
    message: 'Your password has been changed. Other sessions are signed out.',
  }),
});
