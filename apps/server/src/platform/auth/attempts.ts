import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';

/**
 * Counts events per key in a sliding window (failed sign-ins, calls of an address). With several
 * server processes the counts must be shared, or a brute force spread over them would get each
 * process's limit: Redis holds them then. One process alone counts in memory.
 */
export interface AttemptCounter {
  /** Events of the key within the window. */
  count(key: string, windowMs: number): Promise<number>;
  /** Records one event of each key. */
  add(keys: readonly string[], windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryAttempts implements AttemptCounter {
  private readonly times = new Map<string, number[]>();

  async count(key: string, windowMs: number): Promise<number> {
    const list = this.times.get(key);
    if (!list) return 0;
    const since = Date.now() - windowMs;
    while (list.length && (list[0] as number) < since) list.shift();
    if (!list.length) this.times.delete(key);
    return list.length;
  }

  async add(keys: readonly string[], windowMs: number): Promise<void> {
    for (const key of keys) {
      const list = this.times.get(key) ?? [];
      list.push(Date.now());
      this.times.set(key, list);
    }
    if (this.times.size > 50_000) for (const key of [...this.times.keys()]) await this.count(key, windowMs);
  }

  async clear(key: string): Promise<void> {
    this.times.delete(key);
  }

  async close(): Promise<void> {}
}

/**
 * A sorted set per key in Redis, scored by time: counting drops what left the window first. When
 * Redis does not answer, this process counts alone in memory until it does (the limit still holds
 * per process), and the log says so once.
 */
export class RedisAttempts implements AttemptCounter {
  private readonly redis: Redis;
  private readonly fallback = new MemoryAttempts();
  private away = false;

  constructor(
    url: string,
    private readonly namespace: string,
    private readonly log: Logger,
  ) {
    // A sign-in never waits long on Redis: past a second it is counted here instead.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
    this.redis.on('error', () => undefined);
  }

  private keyOf(key: string): string {
    return `cabdesk:attempts:${this.namespace}:${key}`;
  }

  private async shared<T>(work: () => Promise<T>, alone: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      if (this.away) this.log.warn('Redis answers again: attempt counts are shared again');
      this.away = false;
      return result;
    } catch (err) {
      if (!this.away) this.log.warn({ err }, 'Redis does not answer: this process counts attempts alone');
      this.away = true;
      return alone();
    }
  }

  count(key: string, windowMs: number): Promise<number> {
    return this.shared(
      async () => {
        const now = Date.now();
        const answers = await this.redis
          .multi()
          .zremrangebyscore(this.keyOf(key), 0, now - windowMs)
          .zcard(this.keyOf(key))
          .exec();
        return Number(answers?.[1]?.[1] ?? 0);
      },
      () => this.fallback.count(key, windowMs),
    );
  }

  add(keys: readonly string[], windowMs: number): Promise<void> {
    return this.shared(
      async () => {
        const now = Date.now();
        const batch = this.redis.multi();
        for (const key of keys) {
          // A unique member: two failures in the same millisecond are two.
          batch.zadd(this.keyOf(key), now, `${now}:${randomBytes(4).toString('hex')}`);
          batch.pexpire(this.keyOf(key), windowMs);
        }
        await batch.exec();
      },
      () => this.fallback.add(keys, windowMs),
    );
  }

  clear(key: string): Promise<void> {
    return this.shared(
      async () => void (await this.redis.del(this.keyOf(key))),
      () => this.fallback.clear(key),
    );
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
