import { closedLoop, type LoadFigures, poster } from '../load';
import type { BenchContext } from './context';

const tabs = [undefined, 'unallocated', 'offered', 'allocated', 'active', 'done'];

/** The board of a day holding ten thousand bookings, as dispatchers page and switch tabs. */
export async function dispatchBoard(
  ctx: BenchContext,
): Promise<{ single: LoadFigures; product: LoadFigures; baseline: LoadFigures }> {
  const call = poster(ctx.appUrl, ctx.officeToken);
  const raw = poster(ctx.baselineUrl);
  const body = (i: number) => ({ date: ctx.busyDay, page: i % 4, perPage: 25, tab: tabs[i % tabs.length] });
  const options = { concurrency: ctx.concurrency, seconds: ctx.seconds, warmupSeconds: 2 };
  // One caller: the wait a dispatcher sees. Then several at once: the same with queueing on two cores.
  const single = await closedLoop(
    'Booking/GetBookingDispatch, one dispatcher at a time',
    async (_w, i) => (await call('/Booking/GetBookingDispatch', body(i))).ok,
    { ...options, concurrency: 1 },
  );
  const product = await closedLoop(
    'Booking/GetBookingDispatch, 10,000-booking day (product)',
    async (_w, i) => (await call('/Booking/GetBookingDispatch', body(i))).ok,
    options,
  );
  const baseline = await closedLoop(
    'tab counts + one page, hand-written SQL',
    async (_w, i) => (await raw('/baseline/board', body(i))).ok,
    options,
  );
  return { single, product, baseline };
}
