import { and, eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { handlers } from '../../platform/http/context';
import { accountHandlers } from './account-handlers';
import { fieldError, unauthorized } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { loadAccount, sessionOf } from './accounts';
import { consumeRefreshToken, issueTokenPair, revokeAllOf, revokeFamilyOf } from './refresh-tokens';
import { users } from './schema';
import { signIn } from './sign-in';
import { deviceTokens } from '../driver-app/schema';

export const authHandlers = handlers({
  ...accountHandlers,
  'UserLogin/UserSignIn': (input, ctx) => signIn(ctx, input),
  'jwt/login': (input, ctx) => signIn(ctx, input),

  'jwt/refresh-token': async (input, ctx) => {
    const used = await consumeRefreshToken(ctx, input.refreshToken);
    const account = await loadAccount(ctx.db, used.userId);
    if (!account || !account.isActive || !account.company.isActive) {
      throw unauthorized('This account can no longer sign in.');
    }
    const { accessToken, refreshToken } = await issueTokenPair(ctx, sessionOf(account), {
      remember: used.remember,
      familyId: used.familyId,
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

  'ProfileSettings/UpdatePassword': async (input, ctx) => {
    const { userId, companyId } = ctx.session;
    const [user] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
    if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw fieldError('currentPassword', 'is not right');
    }
    const changedAt = new Date();
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: changedAt, updatedAt: changedAt })
      .where(eq(users.id, userId));
    await revokeAllOf(ctx, userId);
    await recordAudit(ctx, { entityType: 'user', entityId: userId, action: 'password-changed' });
    const account = await loadAccount(ctx.db, userId);
    if (!account) throw unauthorized();
    const { accessToken, refreshToken } = await issueTokenPair(ctx, sessionOf(account), { remember: false });
    return {
      data: { passwordChangingDate: changedAt.toISOString(), accessToken, refreshToken },
      message: 'Your password has been changed. Other sessions are signed out.',
    };
  },
});
