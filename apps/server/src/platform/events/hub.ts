import { and, desc, eq, gt } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { RootDb } from '../db/client';
import type { LiveBus, LiveMessage } from './bus';
import { liveEvents } from './schema';

/** Who is at the other end of a socket: an office screen of a company, or one driver's app. */
export interface Listener {
  socket: WebSocket;
  companyId: number;
  office: boolean;
  driverId: number | null;
  /** The sign-in session behind the socket: its sign-out closes the socket. */
  familyId?: string | undefined;
}

const REPLAY_LIMIT = 500;
const POSITION_FLUSH_MS = 50;

function meantFor(listener: Listener, message: Pick<LiveMessage, 'companyId' | 'driverId' | 'officeOnly'>): boolean {
  if (listener.companyId !== message.companyId) return false;
  if (listener.office) return true;
  return !message.officeOnly && !!message.driverId && message.driverId === listener.driverId;
}

/**
 * Delivers live changes to the sockets that may see them. Positions are many and small: they are
 * gathered per company and sent every 50 ms as one frame, so a busy fleet costs a screen twenty
 * frames a second, not thousands.
 */
export class LiveHub {
  private readonly listeners = new Set<Listener>();
  private readonly positions = new Map<number, unknown[]>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    bus: LiveBus,
    private readonly db: RootDb,
  ) {
    this.unsubscribe = bus.subscribe((m) => this.deliver(m));
    this.timer = setInterval(() => this.flushPositions(), POSITION_FLUSH_MS);
    this.timer.unref();
  }

  get size(): number {
    return this.listeners.size;
  }

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Signed-out sessions hear nothing more: their sockets close as their tokens stop. */
  closeSessions(families: string[]): void {
    const revoked = new Set(families);
    for (const listener of this.listeners) {
      if (listener.familyId && revoked.has(listener.familyId)) listener.socket.close(4401, 'signed out');
    }
  }

  private deliver(message: LiveMessage): void {
    if (message.type === 'driver.positions') {
      const list = this.positions.get(message.companyId) ?? [];
      list.push(...((message.payload.positions as unknown[]) ?? []));
      this.positions.set(message.companyId, list);
      return;
    }
    const frame = JSON.stringify({ type: 'event', seq: message.seq, event: message.type, payload: message.payload });
    for (const listener of this.listeners) {
      if (meantFor(listener, message) && listener.socket.readyState === listener.socket.OPEN)
        listener.socket.send(frame);
    }
  }

  private flushPositions(): void {
    for (const [companyId, positions] of this.positions) {
      if (!positions.length) continue;
      const frame = JSON.stringify({ type: 'positions', positions });
      for (const listener of this.listeners) {
        if (
          listener.office &&
          listener.companyId === companyId &&
          listener.socket.readyState === listener.socket.OPEN
        ) {
          listener.socket.send(frame);
        }
      }
    }
    this.positions.clear();
  }

  /** The newest stored event of a company: where a fresh screen starts. */
  async latestSeq(companyId: number): Promise<number> {
    const [row] = await this.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.companyId, companyId))
      .orderBy(desc(liveEvents.id))
      .limit(1);
    return row?.id ?? 0;
  }

  /** Sends what a reconnecting screen missed, or asks it to reload when it missed too much. */
  async replay(listener: Listener, after: number): Promise<void> {
    const rows = await this.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.companyId, listener.companyId), gt(liveEvents.id, after)))
      .orderBy(liveEvents.id)
      .limit(REPLAY_LIMIT + 1);
    if (rows.length > REPLAY_LIMIT) {
      listener.socket.send(JSON.stringify({ type: 'reload', seq: await this.latestSeq(listener.companyId) }));
      return;
    }
    for (const row of rows) {
      const { _driverId, _officeOnly, ...payload } = row.payload as Record<string, unknown>;
      const message = { companyId: row.companyId, driverId: (_driverId as number) ?? null, officeOnly: !!_officeOnly };
      if (meantFor(listener, message)) {
        listener.socket.send(JSON.stringify({ type: 'event', seq: row.id, event: row.type, payload }));
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const listener of this.listeners) listener.socket.close(1001, 'server stopping');
    this.listeners.clear();
  }
}
