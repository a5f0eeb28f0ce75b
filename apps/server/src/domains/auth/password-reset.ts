import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { recordAudit } from '../audit/record';
import { enqueueOutbox } from '../notifications/outbox';
import { outboxMessages } from '../notifications/schema';
import {
  claimAccountLink,
  companyById,
  companyOfPage,
  ensureValid,
  findAccountLink,
  minutesFromNow,
  newLinkSecret,
  pageLink,
  RESET_MAILS_PER_HOUR,
  stateOf,
} from './account-links';
import { passwordResetMail } from './account-mail';
import { revokeAllOf } from './refresh-tokens';
import { accountLinks, users } from './schema';

export const PASSWORD_RESET_JOB = 'password-reset-mail';

export const RESET_REQUESTED =
  'If this e-mail address has an account, a link to choose a new password is on its way. Check your mail.';

type RequestInput = z.output<typeof schemas.passwordResetRequestInput>;
type ResetInput = z.output<typeof schemas.passwordResetInput>;

/**
 * Answers the same whether or not the e-mail has an account, after the same work: the request only
 * queues a job, which looks the account up and writes the mail. Every request counts against the
 * sign-in rate limit of its address and e-mail.
 */
export async function requestPasswordReset(ctx: CallContext<Session | null>, input: RequestInput) {
  const throttle = ctx.services.signInThrottle;
  await throttle.check(ctx.request.ip, input.email);
  await throttle.fail(ctx.request.ip, input.email);
  const company = await companyOfPage(ctx.db, input.companyShortName);
  ctx.afterCommit(async () => {
    await ctx.services.jobs.send(PASSWORD_RESET_JOB, { companyId: company.id, email: input.email });
  });
  return { data: { email: input.email }, message: RESET_REQUESTED };
}

/** The job: a link for the company's active account with that e-mail, if there is one. */
export async function sendPasswordResetMail(services: Services, companyId: number, email: string): Promise<void> {
  const outboxId = await services.db.transaction(async (db) => {
    const [user] = await db
      .select({ id: users.id, fullName: users.fullName, email: users.email, kind: users.kind })
      .from(users)
      .where(
        and(eq(users.companyId, companyId), sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)),
      );
    const company = await companyById(db, companyId);
    if (!user || !company) return null;
    const [recent] = await db
      .select({ n: count() })
      .from(accountLinks)
      .where(
        and(
          eq(accountLinks.userId, user.id),
          eq(accountLinks.purpose, 'password_reset'),
          gt(accountLinks.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.n ?? 0) >= RESET_MAILS_PER_HOUR) {
      services.log.warn({ userId: user.id }, 'password reset asked too often; no further mail this hour');
      return null;
    }
    const { token, hash } = newLinkSecret();
    const minutes = services.config.passwordResetTtlMinutes;
    await db.insert(accountLinks).values({
      companyId,
      purpose: 'password_reset',
      userId: user.id,
      email: user.email,
      tokenHash: hash,
      expiresAt: minutesFromNow(minutes),
    });
    const link = pageLink(services.config, 'reset-password', company, {
      passenger: user.kind === 'passenger',
      secret: token,
    });
    const mail = passwordResetMail(company, user, link, minutes);
    const [row] = await db
      .insert(outboxMessages)
      .values({ companyId, channel: 'email', recipient: user.email, event: 'password_reset', ...mail })
      .returning({ id: outboxMessages.id });
    return row?.id ?? null;
  });
  // Delivery must see the committed row: queued once the transaction is over.
  if (outboxId) await enqueueOutbox(services, [outboxId]);
}

/** Sets a new password with a reset link; the user's other links and every session end with it. */
export async function resetPassword(ctx: CallContext<Session | null>, input: ResetInput) {
  const link = await findAccountLink(ctx.db, input.token, 'password_reset');
  ensureValid(stateOf(link), 'password');
  if (!link?.userId) throw new AppError(410, 'This password link no longer works. Ask for a new one.');
  const [user] = await ctx.db
    .select({ id: users.id, isActive: users.isActive, kind: users.kind, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, link.companyId), eq(users.id, link.userId)));
  if (!user?.isActive) throw new AppError(403, 'This account is switched off. Ask your operator to switch it back on.');
  await claimAccountLink(ctx.db, link.id, 'password');
  const changedAt = new Date();
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: changedAt, updatedAt: changedAt })
    .where(eq(users.id, user.id));
  // The other reset links of the account stop working too.
  await ctx.db
    .update(accountLinks)
    .set({ usedAt: changedAt })
    .where(
      and(eq(accountLinks.userId, user.id), eq(accountLinks.purpose, 'password_reset'), isNull(accountLinks.usedAt)),
    );
  await revokeAllOf(ctx, user.id);
  const session: Session = { userId: user.id, companyId: link.companyId, kind: user.kind, staffRoleId: 0, personId: 0 };
  await recordAudit({ ...ctx, session }, { entityType: 'user', entityId: user.id, action: 'password-reset' });
  return {
    data: { email: user.email },
    message: 'Your new password is set. Every session of this account is signed out: sign in with the new password.',
  };
}
