import { ApiError } from '../../../api/errors';
import { callApi } from '../../../api/client';
import { newKey } from './keys';
import { outboxStore, type QueuedItem, type QueuedPoint } from './store';

/** A step the server would not take (the office cancelled the job meanwhile, say): the driver must see why. */
export interface Refusal {
  bookingId: number;
  step: string;
  message: string;
  at: string;
}

export interface OutboxSnapshot {
  /** Items still on the device. */
  pending: number;
  /** The journey steps still on the device, oldest first. */
  steps: { bookingId: number; step: string; takenAt: string }[];
  refusals: Refusal[];
  /** True while the queue waits for the network. */
  waiting: boolean;
}

type Send = (item: QueuedItem) => Promise<unknown>;
/** `answer` is the server's answer to an item it took; none when it refused the item. */
type SentListener = (item: QueuedItem, answer?: unknown) => void;

const sendOverHttp: Send = (item) =>
  item.kind === 'step'
    ? callApi('Driver/UpdateBookingStatusForJourney', item.input as never)
    : callApi('Driver/CurrentLocation', item.input);

/** Client errors other than these mean the server has judged the item: sending it again changes nothing. */
const transientClientErrors = new Set([401, 408, 425, 429]);

function isFinalAnswer(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && !transientClientErrors.has(error.status)
  );
}

/**
 * Sends what the driver did, in the order it was done, exactly once from the device's side: each step
 * carries an idempotency key made when the button was pressed, so a resend after a lost answer is
 * recognised by the server as the same step. A network failure keeps the item and retries later; an
 * answer that refuses it drops it and tells the driver.
 */
export class Outbox {
  private flushing: Promise<void> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private snapshot: OutboxSnapshot = { pending: 0, steps: [], refusals: [], waiting: false };
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<SentListener>();

  constructor(
    private readonly send: Send = sendOverHttp,
    private readonly currentUser: () => number | null = () => null,
  ) {}

  get state(): OutboxSnapshot {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called after an item reached the server and before it leaves the queue, so screens can take in
   * what it changed (the status a step led to) and never show the status from before it meanwhile.
   */
  onSent(listener: SentListener): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  async addStep(bookingId: number, step: string): Promise<void> {
    const userId = this.currentUser();
    if (userId === null) return;
    const takenAt = new Date().toISOString();
    await outboxStore.add({
      kind: 'step',
      userId,
      bookingId,
      input: { id: bookingId, step, idempotencyKey: newKey(), takenAt },
      queuedAt: takenAt,
    });
    await this.refresh();
    void this.flush();
  }

  async addPositions(points: QueuedPoint[]): Promise<void> {
    const userId = this.currentUser();
    if (userId === null || points.length === 0) return;
    await outboxStore.add({ kind: 'positions', userId, input: { points }, queuedAt: new Date().toISOString() });
    await this.refresh();
  }

  dismissRefusal(refusal: Refusal): void {
    this.update({ refusals: this.snapshot.refusals.filter((r) => r !== refusal) });
  }

  /** Sends the queue front to back; one run at a time, and one more when asked during a run. */
  flush(): Promise<void> {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        await this.drain();
      } while (this.again);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const item = await outboxStore.first();
      if (!item?.seq) break;
      // Someone else's leftovers (a shared phone) are not this driver's to send.
      if (item.userId !== this.currentUser()) {
        await outboxStore.remove(item.seq);
        continue;
      }
      try {
        const answer = await this.send(item);
        for (const listener of this.sentListeners) listener(item, answer);
        await outboxStore.remove(item.seq);
        this.attempts = 0;
        if (this.snapshot.waiting) this.update({ waiting: false });
      } catch (error) {
        if (!isFinalAnswer(error)) {
          this.scheduleRetry();
          break;
        }
        await outboxStore.remove(item.seq);
        if (item.kind === 'step') {
          const refusal = {
            bookingId: item.bookingId,
            step: item.input.step,
            message: error.message,
            at: item.queuedAt,
          };
          this.update({ refusals: [...this.snapshot.refusals, refusal] });
          for (const listener of this.sentListeners) listener(item);
        }
      } finally {
        await this.refresh();
      }
    }
    await this.refresh();
  }

  private scheduleRetry(): void {
    const delay = Math.min(30_000, 2_000 * 2 ** this.attempts++);
    this.update({ waiting: true });
    this.retryTimer = setTimeout(() => void this.flush(), delay);
  }

  private async refresh(): Promise<void> {
    const items = await outboxStore.all();
    this.update({
      pending: items.length,
      steps: items.flatMap((i) =>
        i.kind === 'step' ? [{ bookingId: i.bookingId, step: i.input.step, takenAt: i.input.takenAt }] : [],
      ),
      waiting: items.length > 0 && this.snapshot.waiting,
    });
  }

  private update(patch: Partial<OutboxSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
