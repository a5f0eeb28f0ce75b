import { and, desc, eq, gt } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { RootDb } from '../db/client';
import type { LiveBus, LiveMessage } from './bus';
import { inView, type MapView } from './map-view';
import { liveEvents } from './schema';

/** Who is at the other end of a socket: an office screen of a company, or one driver's app. */
export interface Listener {
  socket: WebSocket;
  companyId: number;
  /** The signed-in user behind the socket: the sockets a user may hold are counted. */
  userId: number;
  /** The session's person (the driver of a driver's socket), counted with the user. */
  personId?: number;
  office: boolean;
  driverId: number | null;
  /** The sign-in session behind the socket: its sign-out closes the socket. */
  familyId?: string | undefined;
  /** The part of the map an office screen shows; undefined or null: every driver. */
  view?: MapView | null;
  /** The newest stored event sent to this screen (or where it started). */
  seq?: number;
  /** Where to catch up from once the link between processes is back. */
  catchUpAfter?: number;
}

/** A driver's newest position of the interval, with its frame text made once for every screen. */
interface Pending {
  driverId: number;
  lat: number;
  lng: number;
  recordedAt: string;
  json: string;
}

const REPLAY_LIMIT = 500;

const positionsFrame = (shown: readonly Pending[]) =>
  `{"type":"positions","positions":[${shown.map((p) => p.json).join(',')}]}`;
const POSITION_FLUSH_MS = 50;

function meantFor(listener: Listener, message: Pick<LiveMessage, 'companyId' | 'driverId' | 'officeOnly'>): boolean {
  if (listener.companyId !== message.companyId) return false;
  if (listener.office) return true;
  return !message.officeOnly && !!message.driverId && message.driverId === listener.driverId;
}

/**
 * Delivers live changes to the sockets that may see them. Positions are many and small: they are
 * gathered per company, kept to the newest of each driver, and sent every 50 ms as one frame per
 * screen holding only the drivers in that screen's view, so a busy fleet costs a screen at most
 * twenty frames a second, of the drivers it shows.
 */
export class LiveHub {
  private readonly listeners = new Set<Listener>();
  private readonly positions = new Map<number, Map<number, Pending>>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly unlink: () => void;
  private linkDown = false;

  constructor(
    bus: LiveBus,
    private readonly db: RootDb,
  ) {
    this.unsubscribe = bus.subscribe((m) => this.deliver(m));
    this.unlink = bus.onLink((up) => (up ? void this.catchUp() : this.linkLost()));
    this.timer = setInterval(() => this.flushPositions(), POSITION_FLUSH_MS);
    this.timer.unref();
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Sockets a user (as one person) holds open on this process. */
  socketsOf(companyId: number, userId: number, personId: number): number {
    let count = 0;
    for (const l of this.listeners) {
      if (l.userId === userId && l.companyId === companyId && (l.personId ?? 0) === personId) count++;
    }
    return count;
  }

  add(listener: Listener): () => void {
    if (this.linkDown) listener.catchUpAfter = listener.seq ?? 0;
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
      const latest = this.positions.get(message.companyId) ?? new Map<number, Pending>();
      for (const p of (message.payload.positions as Omit<Pending, 'json'>[] | undefined) ?? []) {
        const known = latest.get(p.driverId);
        if (known && known.recordedAt >= p.recordedAt) continue;
        latest.set(p.driverId, {
          driverId: p.driverId,
          lat: p.lat,
          lng: p.lng,
          recordedAt: p.recordedAt,
          json: JSON.stringify(p),
        });
      }
      this.positions.set(message.companyId, latest);
      return;
    }
    const frame = JSON.stringify({ type: 'event', seq: message.seq, event: message.type, payload: message.payload });
    for (const listener of this.listeners) {
      if (meantFor(listener, message) && listener.socket.readyState === listener.socket.OPEN) {
        listener.socket.send(frame);
        if (message.seq) listener.seq = Math.max(listener.seq ?? 0, message.seq);
      }
    }
  }

  /** Remembers where each screen stood: what other processes change meanwhile does not reach it. */
  private linkLost(): void {
    this.linkDown = true;
    for (const listener of this.listeners) listener.catchUpAfter ??= listener.seq ?? 0;
  }

  /** Sends each screen the stored events since the link went down (a screen ignores what it had). */
  private async catchUp(): Promise<void> {
    this.linkDown = false;
    for (const listener of this.listeners) {
      const after = listener.catchUpAfter;
      listener.catchUpAfter = undefined;
      if (after === undefined || listener.socket.readyState !== listener.socket.OPEN) continue;
      await this.replay(listener, after).catch(() => undefined);
    }
  }

  private flushPositions(): void {
    for (const [companyId, latest] of this.positions) {
      if (!latest.size) continue;
      const all = [...latest.values()];
      let everything: string | null = null;
      for (const listener of this.listeners) {
        if (!listener.office || listener.companyId !== companyId) continue;
        if (listener.socket.readyState !== listener.socket.OPEN) continue;
        const { view } = listener;
        if (!view) {
          everything ??= positionsFrame(all);
          listener.socket.send(everything);
          continue;
        }
        const shown = all.filter((p) => inView(view, p.driverId, p.lat, p.lng));
        if (shown.length) listener.socket.send(positionsFrame(shown));
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
        listener.seq = Math.max(listener.seq ?? 0, row.id);
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    this.unlink();
    for (const listener of this.listeners) listener.socket.close(1001, 'server stopping');
    this.listeners.clear();
  }
}
