import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashRefreshToken } from '../src/platform/auth/tokens';
import { refreshTokens } from '../src/domains/auth/schema';
import type { RedisBus } from '../src/platform/events/bus';
import { createTestApp } from './harness';
import { call } from './client';
import { createCompany, PASSWORD, signIn } from './factories';
import { world, type World } from './world';

let w: World;

beforeAll(async () => {
  w = await world();
});

/** Settles within `ms`, or fails the test instead of hanging it (a stuck pool never answers). */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);
}

describe('racing refreshes with one refresh token', () => {
  it('lets exactly one win, refuses the rest, revokes the family and keeps the server answering', async () => {
    const session = await signIn(w.app, w.company.adminEmail);
    const answers = await within(
      20_000,
      Promise.all(
        Array.from({ length: 30 }, () => call(w.app, 'jwt/refresh-token', { refreshToken: session.refreshToken })),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(29);

    // The family, the winner's new token included, is revoked: the theft is answered by signing out.
    const [first] = await w.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refreshToken)));
    const family = await w.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, first!.familyId));
    expect(family).toHaveLength(2);
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
    const winnersToken = won[0]!.body.refreshToken;
    expect((await call(w.app, 'jwt/refresh-token', { refreshToken: winnersToken })).status).toBe(401);

    const after = await within(
      5_000,
      call(w.app, 'UserLogin/UserSignIn', { email: w.company.adminEmail, password: PASSWORD }),
    );
    expect(after.status).toBe(200);
  });
});

describe('a revoked session stops its access tokens too', () => {
  it('refuses the newest access token of a family revoked for reuse, and the older ones', async () => {
    const session = await signIn(w.app, w.company.adminEmail);
    const rotated = await call(w.app, 'jwt/refresh-token', { refreshToken: session.refreshToken });
    const newest = rotated.body.accessToken;
    expect((await call(w.app, 'Users/GetTableSummary', {}, newest)).status).toBe(200);

    expect((await call(w.app, 'jwt/refresh-token', { refreshToken: session.refreshToken })).status).toBe(401);
    for (const token of [newest, session.accessToken]) {
      const res = await call(w.app, 'Users/GetTableSummary', {}, token);
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/signed out/);
    }
  });

  it('refuses the access token after jwt/logout, and leaves the user’s other sessions alone', async () => {
    const here = await signIn(w.app, w.company.adminEmail);
    const elsewhere = await signIn(w.app, w.company.adminEmail);
    await call(w.app, 'jwt/logout', { refreshToken: here.refreshToken }, here.accessToken);
    expect((await call(w.app, 'Users/GetTableSummary', {}, here.accessToken)).status).toBe(401);
    expect((await call(w.app, 'Users/GetTableSummary', {}, elsewhere.accessToken)).status).toBe(200);
  });

  it('reaches another process through Redis within a second, and a process started later', async () => {
    const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const JWT_SECRET = 'one secret for every process of this installation';
    const one = await createTestApp({ REDIS_URL, JWT_SECRET });
    const two = await createTestApp({ REDIS_URL, JWT_SECRET }, { sharing: one });
    await Promise.all([one, two].map((p) => (p.services.bus as RedisBus).ready()));
    const other = await createCompany(one.db);
    const session = await signIn(one.app, other.adminEmail);
    expect((await call(two.app, 'Users/GetTableSummary', {}, session.accessToken)).status).toBe(200);

    await call(one.app, 'jwt/logout', { refreshToken: session.refreshToken });
    const started = Date.now();
    await expect
      .poll(async () => (await call(two.app, 'Users/GetTableSummary', {}, session.accessToken)).status, {
        timeout: 1000,
        interval: 20,
      })
      .toBe(401);
    expect(Date.now() - started).toBeLessThan(1000);

    const three = await createTestApp({ JWT_SECRET }, { sharing: one });
    expect((await call(three.app, 'Users/GetTableSummary', {}, session.accessToken)).status).toBe(401);
  });
});
