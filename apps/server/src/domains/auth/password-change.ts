import type { schemas } from '@cabdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError, unauthorized } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { loadAccount, sessionOf } from './accounts';
import { issueTokenPair, revokeAllOf } from './refresh-tokens';
import { users } from './schema';

type PasswordChange = z.output<typeof schemas.updatePasswordInput>;

/**
 * The signed-in user's new password, given the current one: every other session ends and a new
 * token pair is answered. `field` names where the current password was sent, for the 400.
 */
export async function changeOwnPassword(ctx: CallContext<Session>, input: PasswordChange, field = 'currentPassword') {
  const { userId, companyId } = ctx.session;
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw fieldError(field, 'is not right');
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
  return { passwordChangingDate: changedAt.toISOString(), accessToken, refreshToken };
}
