import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { effectiveStatus } from '../journey/steps';
import { Outbox } from './outbox';
import { outboxStore, type QueuedItem } from './store';

let online = true;
let sent: QueuedItem[] = [];
let answer: (item: QueuedItem) => unknown = () => ({});
const send = async (item: QueuedItem) => {
  if (!online) throw new TypeError('Failed to fetch');
  sent.push(item);
  return answer(item);
};
let user: number | null = 7;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await outboxStore.clear();
  online = true;
  sent = [];
  answer = () => ({});
  user = 7;
});
afterEach(() => vi.useRealTimers());

const stepsSent = () => sent.flatMap((i) => (i.kind === 'step' ? [`${i.bookingId}:${i.input.step}`] : []));

describe('the driver app outbox', () => {
  it('keeps steps taken without signal and sends them in order, once each, when the signal returns', async () => {
    const outbox = new Outbox(send, () => user);
    online = false;
    await outbox.addStep(5, 'arrive');
    await outbox.addStep(5, 'board');
    await outbox.addPositions([{ lat: 51.5, lng: -0.12, recordedAt: new Date().toISOString() }]);
    await outbox.flush();
    expect(sent).toHaveLength(0);
    expect(outbox.state.pending).toBe(3);
    expect(outbox.state.waiting).toBe(true);
    expect(outbox.state.steps.map((s) => s.step)).toEqual(['arrive', 'board']);

    online = true;
    await outbox.flush();
    await outbox.flush();
    expect(stepsSent()).toEqual(['5:arrive', '5:board']);
    expect(sent.map((i) => i.kind)).toEqual(['step', 'step', 'positions']);
    expect(outbox.state.pending).toBe(0);
    expect(await outboxStore.count()).toBe(0);
    const keys = sent.flatMap((i) => (i.kind === 'step' ? [i.input.idempotencyKey] : []));
    expect(new Set(keys).size).toBe(2);
  });

  it('hands the server’s answer to the screens while the step is still on the device', async () => {
    const outbox = new Outbox(send, () => user);
    answer = (item) => (item.kind === 'step' ? { data: { id: item.bookingId, status: 'arrived' } } : {});
    const heard: { answer: unknown; stillQueued: string[] }[] = [];
    outbox.onSent((_item, given) => heard.push({ answer: given, stillQueued: outbox.state.steps.map((s) => s.step) }));
    await outbox.addStep(5, 'arrive');
    await outbox.flush();
    // The screen can take in the new status before the step leaves the queue: no moment shows the old one.
    expect(heard).toEqual([{ answer: { data: { id: 5, status: 'arrived' } }, stillQueued: ['arrive'] }]);
    expect(outbox.state.steps).toEqual([]);
  });

  it('sends a step again with the same idempotency key after a lost answer', async () => {
    const outbox = new Outbox(send, () => user);
    let first = true;
    answer = () => {
      if (first) {
        first = false;
        throw new TypeError('Failed to fetch');
      }
      return {};
    };
    await outbox.addStep(9, 'arrive');
    await outbox.flush();
    expect(outbox.state.pending).toBe(0);
    expect(sent).toHaveLength(2);
    const [a, b] = sent;
    expect(a?.kind === 'step' && b?.kind === 'step' && a.input.idempotencyKey === b.input.idempotencyKey).toBe(true);
  });

  it('drops a step the server refuses, tells why, and goes on with the next', async () => {
    const outbox = new Outbox(send, () => user);
    online = false;
    await outbox.addStep(3, 'arrive');
    await outbox.addStep(4, 'confirm');
    answer = (item) => {
      if (item.kind === 'step' && item.bookingId === 3)
        throw new ApiError(409, 'Booking 3 is cancelled; arrive is not possible.');
      return {};
    };
    online = true;
    await outbox.flush();
    expect(stepsSent()).toEqual(['3:arrive', '4:confirm']);
    expect(outbox.state.refusals).toEqual([
      expect.objectContaining({
        bookingId: 3,
        step: 'arrive',
        message: 'Booking 3 is cancelled; arrive is not possible.',
      }),
    ]);
    expect(outbox.state.pending).toBe(0);
  });

  it('keeps an item when the server is down (5xx), and does not send another driver’s leftovers', async () => {
    const outbox = new Outbox(send, () => user);
    answer = () => {
      throw new ApiError(503, 'Starting up');
    };
    await outbox.addStep(1, 'start');
    await outbox.flush();
    expect(outbox.state.pending).toBe(1);

    user = 8;
    answer = () => ({});
    sent = [];
    await outbox.flush();
    expect(sent).toHaveLength(0);
    expect(outbox.state.pending).toBe(0);
  });
});

describe('the status a driver sees while steps wait', () => {
  it('carries the server status forward by the queued steps of that job only', () => {
    const queued = [
      { bookingId: 5, step: 'arrive' },
      { bookingId: 6, step: 'complete' },
      { bookingId: 5, step: 'board' },
    ];
    expect(effectiveStatus('on_route', queued, 5)).toBe('on_board');
    expect(effectiveStatus('on_route', queued, 6)).toBe('on_route');
    // The server already took the first step: it is not applied twice.
    expect(effectiveStatus('arrived', queued, 5)).toBe('on_board');
  });
});
