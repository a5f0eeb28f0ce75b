import { tooManyRequests } from '../http/errors';
import type { AttemptCounter } from './attempts';

const WINDOW_MS = 60_000;

/**
 * Counts failed sign-ins per address and e-mail (and per address alone, to slow a sweep over many
 * e-mails). Successful sign-ins are never limited and clear the count. The counts are shared by every
 * server process when Redis is configured (attempts.ts).
 */
export class SignInThrottle {
  constructor(
    private readonly maxPerMinute: number,
    private readonly attempts: AttemptCounter,
  ) {}

  async check(ip: string, email: string): Promise<void> {
    const [pair, address] = await Promise.all([
      this.attempts.count(`signin:${ip}|${email}`, WINDOW_MS),
      this.attempts.count(`signin:${ip}`, WINDOW_MS),
    ]);
    if (pair >= this.maxPerMinute || address >= this.maxPerMinute * 5) {
      throw tooManyRequests('Too many sign-in attempts. Wait a minute, then try again.');
    }
  }

  fail(ip: string, email: string): Promise<void> {
    return this.attempts.add([`signin:${ip}|${email}`, `signin:${ip}`], WINDOW_MS);
  }

  succeed(ip: string, email: string): Promise<void> {
    return this.attempts.clear(`signin:${ip}|${email}`);
  }
}

/**
 * Counts every call of one address in a sliding minute (the web booker's public calls): past the
 * limit the call answers 429. Shared like the sign-in counts.
 */
export class AddressRateLimit {
  constructor(
    private readonly maxPerMinute: number,
    private readonly attempts: AttemptCounter,
  ) {}

  async take(ip: string): Promise<void> {
    const key = `calls:${ip}`;
    if ((await this.attempts.count(key, WINDOW_MS)) >= this.maxPerMinute) {
      throw tooManyRequests('Too many requests from this address. Wait a minute, then try again.');
    }
    await this.attempts.add([key], WINDOW_MS);
  }
}
