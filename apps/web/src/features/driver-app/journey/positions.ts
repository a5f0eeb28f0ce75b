import { live } from '../../../api/live';
import type { Outbox } from '../offline/outbox';
import type { QueuedPoint } from '../offline/store';

/** On a job the office follows the car closely; between jobs one fix now and then places the driver. */
export const SEND_EVERY_ON_JOB_MS = 5_000;
export const SEND_EVERY_ON_SHIFT_MS = 30_000;
const MIN_FIX_GAP_MS = 1_000;

const finite = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;

/** A browser fix as the server takes it (heading and speed are NaN or null when standing still). */
export function pointOf(position: GeolocationPosition): QueuedPoint {
  const { latitude, longitude, heading, speed, accuracy } = position.coords;
  const cleanSpeed = finite(speed);
  return {
    lat: latitude,
    lng: longitude,
    heading: finite(heading),
    speed: cleanSpeed === null ? null : Math.min(cleanSpeed, 120),
    accuracy: finite(accuracy),
    recordedAt: new Date(position.timestamp).toISOString(),
  };
}

/**
 * Follows the phone's position while the driver is on shift and sends it: over the open socket when
 * the network is there and nothing older waits, otherwise into the device queue, which sends it in
 * order behind the steps taken meanwhile.
 */
export class PositionTracker {
  private watchId: number | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private buffer: QueuedPoint[] = [];
  private lastFixAt = 0;
  private onJob = false;
  error: string | null = null;

  constructor(
    private readonly outbox: Outbox,
    private readonly onError: (message: string | null) => void = () => {},
  ) {}

  start(onJob: boolean): void {
    if (this.watchId === null && 'geolocation' in navigator) {
      this.watchId = navigator.geolocation.watchPosition(
        (position) => this.take(position),
        (error) => this.onError(error.message || 'The phone gives no position.'),
        { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
      );
    }
    if (this.onJob !== onJob || !this.timer) {
      this.onJob = onJob;
      if (this.timer) clearInterval(this.timer);
      this.timer = setInterval(() => void this.send(), onJob ? SEND_EVERY_ON_JOB_MS : SEND_EVERY_ON_SHIFT_MS);
    }
  }

  stop(): void {
    if (this.watchId !== null) navigator.geolocation.clearWatch(this.watchId);
    this.watchId = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.send();
  }

  private take(position: GeolocationPosition): void {
    this.onError(null);
    if (position.timestamp - this.lastFixAt < MIN_FIX_GAP_MS) return;
    this.lastFixAt = position.timestamp;
    this.buffer.push(pointOf(position));
  }

  /** Sends what was gathered; between jobs only the latest fix matters. */
  async send(): Promise<void> {
    if (this.buffer.length === 0) return;
    const batch = this.onJob ? this.buffer : this.buffer.slice(-1);
    this.buffer = [];
    if (this.outbox.state.pending === 0 && (await live.sendPositions(batch))) return;
    await this.outbox.addPositions(batch);
    void this.outbox.flush();
  }
}
