import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisAttempts } from '../src/platform/auth/attempts';
import { SignInThrottle } from '../src/platform/auth/sign-in-throttle';
import { createLogger } from '../src/platform/logger';
import { freePort } from '../src/platform/db/embedded';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = createLogger('silent');
const opened: RedisAttempts[] = [];
const counter = (url: string, namespace: string) => {
  const made = new RedisAttempts(url, namespace, log);
  opened.push(made);
  return made;
};

afterAll(async () => {
  for (const c of opened) await c.close();
});

describe('sign-in failures counted in Redis', () => {
  it('adds up the failures two processes saw to one limit', async () => {
    const namespace = randomBytes(6).toString('hex');
    const a = new SignInThrottle(4, counter(REDIS_URL, namespace));
    const b = new SignInThrottle(4, counter(REDIS_URL, namespace));
    await a.fail('10.0.0.1', 'x@y.test');
    await b.fail('10.0.0.1', 'x@y.test');
    await a.fail('10.0.0.1', 'x@y.test');
    await expect(b.check('10.0.0.1', 'x@y.test')).resolves.toBeUndefined();
    await b.fail('10.0.0.1', 'x@y.test');
    await expect(a.check('10.0.0.1', 'x@y.test')).rejects.toThrow(/Too many/);
    await expect(b.check('10.0.0.1', 'x@y.test')).rejects.toThrow(/Too many/);
    // Another installation on the same Redis keeps its own counts.
    const other = new SignInThrottle(4, counter(REDIS_URL, randomBytes(6).toString('hex')));
    await expect(other.check('10.0.0.1', 'x@y.test')).resolves.toBeUndefined();
    await a.succeed('10.0.0.1', 'x@y.test');
    await expect(b.check('10.0.0.1', 'x@y.test')).resolves.toBeUndefined();
  });

  it('counts in the process alone while Redis does not answer', async () => {
    const away = new SignInThrottle(2, counter(`redis://127.0.0.1:${await freePort()}`, 'away'));
    await away.fail('10.0.0.2', 'x@y.test');
    await expect(away.check('10.0.0.2', 'x@y.test')).resolves.toBeUndefined();
    await away.fail('10.0.0.2', 'x@y.test');
    await expect(away.check('10.0.0.2', 'x@y.test')).rejects.toThrow(/Too many/);
  });
});
