import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** What the app must send and the network did not yet take: a journey step or a batch of positions. */
export type QueuedItem =
  | {
      seq?: number;
      kind: 'step';
      userId: number;
      bookingId: number;
      input: { id: number; step: string; idempotencyKey: string; takenAt: string };
      queuedAt: string;
    }
  | {
      seq?: number;
      kind: 'positions';
      userId: number;
      input: { points: QueuedPoint[] };
      queuedAt: string;
    };

export interface QueuedPoint {
  lat: number;
  lng: number;
  heading?: number | null;
  speed?: number | null;
  accuracy?: number | null;
  recordedAt: string;
}

interface OutboxDb extends DBSchema {
  outbox: { key: number; value: QueuedItem };
}

const DB_NAME = 'cabdesk-driver';

let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  opened ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      // The key grows with every item, so reading by key gives the order the driver acted in.
      database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
    },
  });
  return opened;
}

/** The device's queue, kept in IndexedDB so that a closed tab or a dead battery loses nothing. */
export const outboxStore = {
  async add(item: QueuedItem): Promise<number> {
    return (await db()).add('outbox', item);
  },
  async first(): Promise<QueuedItem | undefined> {
    const cursor = await (await db()).transaction('outbox').store.openCursor();
    return cursor?.value;
  },
  async all(): Promise<QueuedItem[]> {
    return (await db()).getAll('outbox');
  },
  async remove(seq: number): Promise<void> {
    await (await db()).delete('outbox', seq);
  },
  async count(): Promise<number> {
    return (await db()).count('outbox');
  },
  /** Tests start from an empty device. */
  async clear(): Promise<void> {
    await (await db()).clear('outbox');
  },
};
