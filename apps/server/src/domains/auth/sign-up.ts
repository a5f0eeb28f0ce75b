import { and, eq, lt, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, conflict } from '../../platform/http/errors';
import { queueCompanyOutbox } from '../notifications/outbox';
import { passengers } from '../passengers/schema';
import {
  claimAccountLink,
  companyById,
  companyOfPage,
  ensureValid,
  findAccountLink,
  minutesFromNow,
  newLinkSecret,
  pageLink,
  SIGN_UP_LINK_HOURS,
  stateOf,
} from './account-links';
import { signUpConfirmMail, signUpExistsMail } from './account-mail';
import { accountLinks, users } from './schema';

type RegisterInput = z.output<typeof schemas.registerInput>;

export const SIGN_UP_SENT = (email: string) =>
  `We have sent a link to ${email}. Open it within ${SIGN_UP_LINK_HOURS} hours to confirm your address; then you can sign in.`;

/**
 * A passenger's sign-up. Nothing is created until the e-mail is confirmed: the details wait on the
 * link (with the password's hash). An address that has an account already gets a mail saying so, and
 * the answer is the same as for a new one, so the form never tells whether an address is known.
 */
export async function register(ctx: CallContext<Session | null>, input: RegisterInput) {
  const company = await companyOfPage(ctx.db, input.companyShortName);
  if (!company.passengerSignUp) {
    throw new AppError(
      403,
      `${company.name} does not take sign-ups on this page. Ask ${company.name} to create your account.`,
    );
  }
  const throttle = ctx.services.signInThrottle;
  await throttle.check(ctx.request.ip, input.email);
  await throttle.fail(ctx.request.ip, input.email);
  // Hashed in both cases, so that a known address answers no faster than a new one.
  const passwordHash = await hashPassword(input.password);
  // Sign-ups never confirmed are forgotten a day after their link expired.
  await ctx.db
    .delete(accountLinks)
    .where(
      and(
        eq(accountLinks.companyId, company.id),
        eq(accountLinks.purpose, 'sign_up'),
        lt(accountLinks.expiresAt, sql`now() - interval '1 day'`),
      ),
    );
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, company.id), sql`lower(${users.email}) = ${input.email}`));
  const mail = existing
    ? signUpExistsMail(company, input.email, {
        signIn: pageLink(ctx.services.config, 'login', company, { passenger: true }),
        forgot: pageLink(ctx.services.config, 'forgot-password', company, { passenger: true }),
      })
    : await pendingSignUp(ctx, company, input, passwordHash);
  await queueCompanyOutbox(ctx, company.id, [
    {
      channel: 'email',
      recipient: input.email,
      event: existing ? 'sign_up_exists' : 'sign_up_confirm',
      subject: mail.subject,
      body: mail.body,
    },
  ]);
  return { data: { email: input.email }, message: SIGN_UP_SENT(input.email) };
}

async function pendingSignUp(
  ctx: CallContext<Session | null>,
  company: Awaited<ReturnType<typeof companyOfPage>>,
  input: RegisterInput,
  passwordHash: string,
) {
  const { token, hash } = newLinkSecret();
  await ctx.db.insert(accountLinks).values({
    companyId: company.id,
    purpose: 'sign_up',
    email: input.email,
    tokenHash: hash,
    payload: { firstName: input.firstName, surname: input.surname, phone: input.phone, passwordHash },
    expiresAt: minutesFromNow(SIGN_UP_LINK_HOURS * 60),
  });
  const link = pageLink(ctx.services.config, 'confirm-email', company, { passenger: true, secret: token });
  return signUpConfirmMail(company, { firstName: input.firstName, email: input.email }, link, SIGN_UP_LINK_HOURS);
}

/** Opens a sign-up link: the passenger's account is made, and can sign in from now on. */
export async function confirmEmail(ctx: CallContext<Session | null>, secret: string) {
  const link = await findAccountLink(ctx.db, secret, 'sign_up');
  ensureValid(stateOf(link), 'confirmation');
  const company = link ? await companyById(ctx.db, link.companyId) : undefined;
  const details = link?.payload;
  if (!link || !company || !details?.passwordHash || !details.firstName || !details.surname) {
    throw new AppError(410, 'This confirmation link no longer works. Sign up again.');
  }
  await claimAccountLink(ctx.db, link.id, 'confirmation');
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, company.id), sql`lower(${users.email}) = lower(${link.email})`));
  if (existing) {
    throw conflict(`${link.email} has an account with ${company.name} already: sign in, or choose a new password.`);
  }
  const [user] = await ctx.db
    .insert(users)
    .values({
      companyId: company.id,
      kind: 'passenger',
      email: link.email,
      passwordHash: details.passwordHash,
      fullName: `${details.firstName} ${details.surname}`,
      passwordChangedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned no row');
  await ctx.db.insert(passengers).values({
    companyId: company.id,
    userId: user.id,
    firstName: details.firstName,
    surname: details.surname,
    email: link.email,
    phone: details.phone || null,
    createdBy: user.id,
  });
  // The password's hash and the details were kept only until the account was made.
  await ctx.db.update(accountLinks).set({ payload: null }).where(eq(accountLinks.id, link.id));
  return {
    data: { email: link.email, companyShortName: company.shortName },
    message: `Your e-mail address is confirmed and your ${company.name} account is ready: sign in.`,
  };
}
