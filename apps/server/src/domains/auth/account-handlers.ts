import { eq } from 'drizzle-orm';
import { handlers } from '../../platform/http/context';
import { companies } from '../company/schema';
import { companyById, findAccountLink, stateOf } from './account-links';
import { requestPasswordReset, resetPassword } from './password-reset';
import { completeSetup, findSetupLink, setupLinkState } from './setup';
import { confirmEmail, register } from './sign-up';

export const accountHandlers = handlers({
  'jwt/register': (input, ctx) => register(ctx, input),
  'Account/RequestPasswordReset': (input, ctx) => requestPasswordReset(ctx, input),
  'Account/ResetPassword': (input, ctx) => resetPassword(ctx, input),
  'Account/ConfirmEmail': (input, ctx) => confirmEmail(ctx, input.token),
  'Account/CompleteSetup': (input, ctx) => completeSetup(ctx, input),

  'Account/CheckLink': async (input, ctx) => {
    if (input.purpose === 'setup') {
      const link = await findSetupLink(ctx.db, input.token);
      return {
        state: await setupLinkState(ctx.db, link),
        companyShortName: link?.companyShortName ?? null,
        companyName: link?.companyName ?? null,
        email: link?.email ?? null,
        expiresAt: link?.expiresAt.toISOString() ?? null,
      };
    }
    const link = await findAccountLink(ctx.db, input.token, input.purpose);
    const company = link ? await companyById(ctx.db, link.companyId) : undefined;
    return {
      state: stateOf(link),
      companyShortName: company?.shortName ?? null,
      companyName: company?.name ?? null,
      email: null,
      expiresAt: link?.expiresAt.toISOString() ?? null,
    };
  },

  'Account/GetSignUpSetting': async (_input, ctx) => {
    const [company] = await ctx.db
      .select({ passengerSignUp: companies.passengerSignUp })
      .from(companies)
      .where(eq(companies.id, ctx.session.companyId));
    return { passengerSignUp: company?.passengerSignUp ?? false };
  },

  'Account/UpdateSignUpSetting': async (input, ctx) => {
    await ctx.db
      .update(companies)
      .set({ passengerSignUp: input.passengerSignUp, updatedAt: new Date() })
      .where(eq(companies.id, ctx.session.companyId));
    return {
      data: { passengerSignUp: input.passengerSignUp },
      message: input.passengerSignUp
        ? 'Passengers can create their own account on your passenger sign-in page.'
        : 'Passengers can no longer create their own account; you create their accounts.',
    };
  },
});
