import type { Db } from '../../platform/db/client';
import type { LiveBus } from '../../platform/events/bus';
import { notFound } from '../../platform/http/errors';
import { type PositionPoint, screenPoints } from './screen-points';
import { storePositions } from './store-positions';

interface Pending {
  companyId: number;
  driverId: number;
  kept: ReturnType<typeof screenPoints>['kept'];
  resolve: (stored: number) => void;
  reject: (error: unknown) => void;
}

/**
 * Positions arriving over drivers' sockets, written together: frames that come within a few
 * milliseconds of each other — from any drivers of any companies — share one statement. A fleet of
 * ten thousand phones sends thousands of frames a second; one statement each would keep the
 * database busy committing, while one statement per flush carries them all. The rules are those of
 * recordPositions (screenPoints; the newest point of a driver replaces the latest position only when
 * it is newer), and the answer to each frame waits for the statement that carried it.
 */
export class PositionWriter {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
    private readonly options = { delayMs: 15, maxFrames: 400 },
  ) {}

  /** Checks a frame at once (400 naming the point), then stores it with its neighbours in time. */
  submit(companyId: number, driverId: number, points: readonly PositionPoint[]): Promise<number> {
    const { kept } = screenPoints(points);
    if (!kept.length) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ companyId, driverId, kept, resolve, reject });
      if (this.queue.length >= this.options.maxFrames) this.flushSoon(0);
      else this.flushSoon(this.options.delayMs);
    });
  }

  /** Writes what is waiting (on close). */
  async drain(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }

  private flushSoon(delay: number) {
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private flush(): Promise<void> {
    // One statement at a time: frames keep their order, and the pool stays free for calls.
    this.flushing = this.flushing.then(() => this.write(this.queue.splice(0)));
    return this.flushing;
  }

  private async write(batch: Pending[]): Promise<void> {
    if (!batch.length) return;
    try {
      const { found, moved } = await storePositions(
        this.db,
        batch.map((f) => ({ companyId: f.companyId, driverId: f.driverId, points: f.kept })),
      );
      for (const f of batch) {
        if (found.has(`${f.companyId}:${f.driverId}`)) f.resolve(f.kept.length);
        else f.reject(notFound('Driver'));
      }
      for (const [companyId, positions] of moved) {
        void this.bus
          .publish({ companyId, seq: null, type: 'driver.positions', payload: { positions }, officeOnly: true })
          .catch(() => undefined);
      }
    } catch (error) {
      for (const f of batch) f.reject(error);
    }
  }
}
