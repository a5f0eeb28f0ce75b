import { tooManyRequests } from '../http/errors';

const WINDOW_MS = 60_000;

/**
 * Counts failed sign-ins per address and e-mail (and per address alone, to slow a sweep over many
 * e-mails). Successful sign-ins are never limited and clear the count. In memory: each server
 * process keeps its own.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly maxPerMinute: number) {}

  check(ip: string, email: string): void {
    if (this.recent(`${ip}|${email}`) >= this.maxPerMinute || this.recent(ip) >= this.maxPerMinute * 5) {
      throw tooManyRequests('Too many sign-in attempts. Wait a minute, then try again.');
    }
  }

  fail(ip: string, email: string): void {
    for (const key of [`${ip}|${email}`, ip]) {
      const times = this.failures.get(key) ?? [];
      times.push(Date.now());
      this.failures.set(key, times);
    }
    if (this.failures.size > 50_000) this.prune();
  }

  succeed(ip: string, email: string): void {
    this.failures.delete(`${ip}|${email}`);
  }

  private recent(key: string): number {
    const times = this.failures.get(key);
    if (!times) return 0;
    const since = Date.now() - WINDOW_MS;
    while (times.length && (times[0] as number) < since) times.shift();
    if (!times.length) this.failures.delete(key);
    return times.length;
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}

/**
 * Counts every call of one address in a sliding minute (the web booker's public calls): past the
 * limit the call answers 429. In memory, like the sign-in limit.
 */
export class AddressRateLimit {
  private readonly calls = new Map<string, number[]>();

  constructor(private readonly maxPerMinute: number) {}

  take(ip: string): void {
    const since = Date.now() - WINDOW_MS;
    const times = (this.calls.get(ip) ?? []).filter((t) => t >= since);
    if (times.length >= this.maxPerMinute) {
      this.calls.set(ip, times);
      throw tooManyRequests('Too many requests from this address. Wait a minute, then try again.');
    }
    times.push(Date.now());
    this.calls.set(ip, times);
    if (this.calls.size > 50_000) {
      for (const [key, list] of this.calls) if (!list.some((t) => t >= since)) this.calls.delete(key);
    }
  }
}
