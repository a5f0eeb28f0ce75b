import type { LiveBus } from '../events/bus';

const TOPIC = 'sessions-revoked';

/**
 * Sign-in sessions (refresh-token families) revoked recently enough that one of their access tokens
 * may still be unexpired. Access tokens carry their family, so a revoked family stops them at once
 * instead of when they expire. Every process keeps the list in memory: a revocation is told to all
 * of them through the bus (Redis between processes: within a second), and a process that starts
 * reads the recent revocations from the database (`load`). Entries drop out once every access token
 * of the family has expired anyway.
 */
export class SessionRevocations {
  /** Family → the moment after which no access token of it can still be valid. */
  private readonly revoked = new Map<string, number>();
  private readonly listeners = new Set<(families: string[]) => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: LiveBus,
    private readonly accessTtlMs: number,
  ) {
    this.unsubscribe = bus.onSignal(TOPIC, (payload) => this.remember(payload.families as string[]));
  }

  isRevoked(family: string | undefined): boolean {
    if (!family) return false;
    const until = this.revoked.get(family);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.revoked.delete(family);
    return false;
  }

  /** Tells every process; this one knows at once, even when the bus is slow or down. */
  async revoke(families: string[]): Promise<void> {
    if (families.length === 0) return;
    this.remember(families);
    await this.bus.signal({ topic: TOPIC, payload: { families } });
  }

  /** Families revoked at these times (read from the database at start). */
  remember(families: string[], revokedAt: number = Date.now()): void {
    const until = revokedAt + this.accessTtlMs;
    for (const family of families) this.revoked.set(family, Math.max(this.revoked.get(family) ?? 0, until));
    if (this.revoked.size > 10_000) this.prune();
    for (const listener of this.listeners) listener(families);
  }

  /** Open live sockets of a revoked session close through this. */
  onRevoked(listener: (families: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get windowMs(): number {
    return this.accessTtlMs;
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }

  private prune(): void {
    const now = Date.now();
    for (const [family, until] of this.revoked) if (until <= now) this.revoked.delete(family);
  }
}
