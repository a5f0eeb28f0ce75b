import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/domains/auth/schema';
import { hashRefreshToken } from '../src/platform/auth/tokens';
import { call } from './client';
import { signIn } from './factories';
import { world, type World } from './world';

let w: World;

beforeAll(async () => {
  w = await world();
});

const refresh = (refreshToken: string, idempotencyKey?: string) =>
  call(w.app, 'jwt/refresh-token', { refreshToken, ...(idempotencyKey ? { idempotencyKey } : {}) });

const familyOf = async (token: string) => {
  const [row] = await w.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  return w.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, row!.familyId));
};

describe('a refresh asked again after its answer was lost (the page was reloaded)', () => {
  it('answers the same new refresh token to the same token and key, and the session goes on', async () => {
    const session = await signIn(w.app, w.company.adminEmail);
    const key = 'reload-0000000000000001';
    const first = await refresh(session.refreshToken, key);
    expect(first.status).toBe(200);
    const again = await refresh(session.refreshToken, key);
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).toBe(first.body.refreshToken);
    expect((await call(w.app, 'Users/GetTableSummary', {}, again.body.accessToken)).status).toBe(200);

    const next = await refresh(again.body.refreshToken, 'reload-0000000000000002');
    expect(next.status).toBe(200);
    const family = await familyOf(session.refreshToken);
    expect(family).toHaveLength(3);
    expect(family.every((row) => row.revokedAt === null)).toBe(true);
  });

  it('takes the old token for a stolen one once the new token was used, and signs the session out', async () => {
    const session = await signIn(w.app, w.company.adminEmail);
    const key = 'reload-0000000000000003';
    const first = await refresh(session.refreshToken, key);
    expect((await refresh(first.body.refreshToken)).status).toBe(200);
    const replay = await refresh(session.refreshToken, key);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/already used/);
    expect((await familyOf(session.refreshToken)).every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('takes the old token with another key, or none, for a stolen one', async () => {
    for (const otherKey of ['reload-someone-else-0001', undefined]) {
      const session = await signIn(w.app, w.company.adminEmail);
      expect((await refresh(session.refreshToken, 'reload-0000000000000004')).status).toBe(200);
      expect((await refresh(session.refreshToken, otherKey)).status).toBe(401);
      expect((await familyOf(session.refreshToken)).every((row) => row.revokedAt !== null)).toBe(true);
    }
  });

  it('answers racing tries of one rotation with one new token', async () => {
    const session = await signIn(w.app, w.company.adminEmail);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refresh(session.refreshToken, 'reload-0000000000000005')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.refreshToken)).size).toBe(1);
    expect(await familyOf(session.refreshToken)).toHaveLength(2);
  });

  it('refuses a key that is too short, naming the field', async () => {
    const session = await signIn(w.app, w.company.adminEmail);
    const answer = await refresh(session.refreshToken, 'short');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('idempotencyKey');
  });
});
