import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { hashRefreshToken, newRefreshToken } from '../../platform/auth/tokens';
import { unauthorized } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { refreshTokens } from './schema';

const DAY_MS = 86_400_000;

function lifetime(services: Services, remember: boolean): Date {
  const days = remember ? services.config.rememberMeTtlDays : services.config.refreshTokenTtlDays;
  return new Date(Date.now() + days * DAY_MS);
}

/** Starts a new family (a sign-in) or continues one (a rotation). */
export async function issueRefreshToken(
  db: Db,
  services: Services,
  owner: { userId: number; companyId: number; remember: boolean; familyId?: string; userAgent?: string | undefined },
): Promise<string> {
  const { token, hash } = newRefreshToken();
  await db.insert(refreshTokens).values({
    userId: owner.userId,
    companyId: owner.companyId,
    familyId: owner.familyId ?? randomUUID(),
    tokenHash: hash,
    remember: owner.remember,
    expiresAt: lifetime(services, owner.remember),
    userAgent: owner.userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * Uses up a refresh token and answers its row. A token used before means it was stolen or
 * replayed: the whole family is revoked, on the root connection so that it outlives the call's
 * rolled-back transaction. The claim is one conditional UPDATE, so of two racing refreshes with the
 * same token exactly one wins and the other counts as reuse.
 */
export async function consumeRefreshToken(tx: Db, services: Services, token: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (!row || row.revokedAt) throw unauthorized('The refresh token is not valid. Sign in again.');
  const reused = async () => {
    await revokeFamily(services.db, row.familyId);
    return unauthorized('This refresh token was already used. Every session it belongs to is now signed out.');
  };
  if (row.usedAt) throw await reused();
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized('Your session has expired. Sign in again.');
  const [claimed] = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (!claimed) throw await reused();
  return row;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeFamilyOf(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (row) await revokeFamily(db, row.familyId);
}

export async function revokeAllOf(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
