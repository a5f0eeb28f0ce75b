import { describe, expect, it } from 'vitest';
import { TokenService } from '../src/platform/auth/tokens';
import { MemoryAttempts } from '../src/platform/auth/attempts';
import { SignInThrottle } from '../src/platform/auth/sign-in-throttle';

const session = { userId: 7, companyId: 3, kind: 'staff' as const, staffRoleId: 2, personId: 5 };

describe('access tokens', () => {
  it('round-trips the session and refuses another key', async () => {
    const tokens = new TokenService('a'.repeat(40), 60);
    const token = await tokens.issueAccess(session);
    expect(await tokens.verifyAccess(token)).toEqual(session);
    await expect(new TokenService('b'.repeat(40), 60).verifyAccess(token)).rejects.toMatchObject({ status: 401 });
  });

  it('stops accepting a token once it expires, even one verified before', async () => {
    const tokens = new TokenService('a'.repeat(40), 1);
    const token = await tokens.issueAccess(session);
    expect(await tokens.verifyAccess(token)).toEqual(session);
    await new Promise((r) => setTimeout(r, 2100));
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({
      status: 401,
      message: expect.stringMatching(/expired/),
    });
  });
});

describe('the sign-in throttle', () => {
  it('counts failures per address and e-mail, and a success clears them', async () => {
    const throttle = new SignInThrottle(3, new MemoryAttempts());
    for (let i = 0; i < 3; i++) await throttle.fail('1.1.1.1', 'a@x.test');
    await expect(throttle.check('1.1.1.1', 'a@x.test')).rejects.toThrow(/Too many/);
    await expect(throttle.check('1.1.1.1', 'b@x.test')).resolves.toBeUndefined();
    await expect(throttle.check('2.2.2.2', 'a@x.test')).resolves.toBeUndefined();
    await throttle.succeed('1.1.1.1', 'a@x.test');
    await expect(throttle.check('1.1.1.1', 'a@x.test')).resolves.toBeUndefined();
  });
});
