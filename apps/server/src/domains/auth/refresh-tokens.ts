import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { hashRefreshToken, newRefreshToken, rotatedRefreshToken } from '../../platform/auth/tokens';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { unauthorized } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { refreshTokens } from './schema';

const DAY_MS = 86_400_000;

function lifetime(services: Services, remember: boolean): Date {
  const days = remember ? services.config.rememberMeTtlDays : services.config.refreshTokenTtlDays;
  return new Date(Date.now() + days * DAY_MS);
}

/**
 * Opens a sign-in session (a new family of refresh tokens) or continues one (a rotation). The access
 * token names its family, so revoking the session stops it too.
 */
export async function issueTokenPair(
  ctx: CallContext<Session | null>,
  session: Session,
  options: { remember: boolean; familyId?: string; next?: NextRefreshToken },
): Promise<{ accessToken: string; refreshToken: string }> {
  const familyId = options.familyId ?? randomUUID();
  const next = options.next ?? { ...newRefreshToken(), stored: false };
  const { token, hash } = next;
  if (!next.stored)
    await ctx.db.insert(refreshTokens).values({
      userId: session.userId,
      companyId: session.companyId,
      familyId,
      tokenHash: hash,
      remember: options.remember,
      expiresAt: lifetime(ctx.services, options.remember),
      userAgent: ctx.request.userAgent?.slice(0, 300),
    });
  const accessToken = await ctx.services.tokens.issueAccess({ ...session, familyId });
  return { accessToken, refreshToken: token };
}

/** The refresh token a rotation answers; `stored` when an earlier try of the same rotation made it. */
export interface NextRefreshToken {
  token: string;
  hash: string;
  stored: boolean;
}

/**
 * Uses up a refresh token and answers its row, and the token to answer in its place. The claim is one
 * conditional UPDATE, so of racing refreshes with the same token exactly one wins. A token used before
 * means it was stolen or replayed — or its answer was lost (the page was reloaded while the refresh
 * was under way): with the idempotency key of that rotation, and while the token it gave is unused,
 * the same token is answered again. Anything else revokes the whole family, but only after this call's
 * transaction has rolled back.
 * A loser of the race still holds the row lock its UPDATE took while waiting for the winner;
 * revoking from inside the call on a second connection would wait on that lock for ever (and ten
 * such pairs held the whole pool).
 */
export async function consumeRefreshToken(ctx: CallContext<Session | null>, token: string, idempotencyKey?: string) {
  const tokenHash = hashRefreshToken(token);
  const rotated = idempotencyKey ? rotatedRefreshToken(token, idempotencyKey) : undefined;
  const [claimed] = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (claimed) return { used: claimed, next: rotated && { ...rotated, stored: false } };
  const [row] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row || row.revokedAt) throw unauthorized('The refresh token is not valid. Sign in again.');
  if (!row.usedAt) throw unauthorized('Your session has expired. Sign in again.');
  if (rotated) {
    const [unused] = await ctx.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.tokenHash, rotated.hash),
          eq(refreshTokens.familyId, row.familyId),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        ),
      );
    if (unused) return { used: row, next: { ...rotated, stored: true } };
  }
  // A security event the operator must be able to find: a stolen token, or a client that lost a rotation.
  ctx.services.log.warn(
    { userId: row.userId, familyId: row.familyId, withKey: Boolean(idempotencyKey) },
    'a used refresh token was presented again: its session is signed out',
  );
  ctx.afterRollback(() => revokeFamilyNow(ctx.services, row.familyId));
  throw unauthorized('This refresh token was already used. Every session it belongs to is now signed out.');
}

/** The revoked sessions' access tokens stop once the revocation is known to every process. */
async function told(services: Services, rows: { familyId: string }[]): Promise<void> {
  await services.revocations.revoke([...new Set(rows.map((r) => r.familyId))]);
}

/** Revokes sessions in the call's transaction; their access tokens stop once it commits. */
async function revokeWhere(ctx: CallContext<Session | null>, where: SQL | undefined): Promise<void> {
  const rows = await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  ctx.afterCommit(() => told(ctx.services, rows));
}

/** A stolen token's family, revoked at once on its own connection (the call itself failed). */
async function revokeFamilyNow(services: Services, familyId: string): Promise<void> {
  const rows = await services.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(eq(refreshTokens.familyId, familyId))
    .returning({ familyId: refreshTokens.familyId });
  await told(services, rows.length ? rows : [{ familyId }]);
}

/** Signs out the session a refresh token belongs to. */
export async function revokeFamilyOf(ctx: CallContext<Session | null>, token: string): Promise<void> {
  const family = ctx.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  await revokeWhere(ctx, inArray(refreshTokens.familyId, family));
}

/** Signs out every session of a user (password changed, phone lost). */
export async function revokeAllOf(ctx: CallContext<Session | null>, userId: number): Promise<void> {
  await revokeWhere(ctx, eq(refreshTokens.userId, userId));
}

/** A process that starts learns the sessions revoked while their access tokens may still be alive. */
export async function loadRecentRevocations(services: Services): Promise<void> {
  const since = new Date(Date.now() - services.revocations.windowMs);
  const rows = await services.db
    .selectDistinctOn([refreshTokens.familyId], {
      familyId: refreshTokens.familyId,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(gt(refreshTokens.revokedAt, since));
  for (const row of rows) services.revocations.remember([row.familyId], row.revokedAt?.getTime());
}
