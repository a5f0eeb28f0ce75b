import { closedLoop, type LoadFigures, poster } from '../load';
import type { BenchContext } from './context';

const visa = 'tok_offline_4242424242424242_12_2034';

export interface PaymentFigures {
  pay: LoadFigures;
  /** Payments whose provider event reached the webhook and was processed, of those paid. */
  eventsApplied: number;
  paid: number;
  /** Paid and applied, per second from the first call to the last event applied. */
  endToEndPerSecond: number;
  drainMs: number;
  /**
   * CPU time per payment paid and applied (ms), from the first call to the last event: the product's
   * server process and the database's processes (a backend that ended meanwhile is not counted), and
   * the load generator. 200/s on two cores leaves 10 ms for all of them.
   */
  cpuMsPerPayment: { server: number; database: number; loadGenerator: number } | null;
  lists: LoadFigures;
  /** Each of the four calls alone, one caller, the same views in turn. */
  byCall: LoadFigures[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The Finance views an office opens: this month, last week, a client's quarter, a driver's month, a search. */
function financeView(ctx: BenchContext, i: number): [string, Record<string, unknown>] {
  const calls = [
    '/Booking/GetTableSummaryCreditCardsBooking',
    '/Booking/GetCCBookingsTotalAndRevenue',
    '/Booking/GetTableSummaryCashBooking',
    '/Booking/GetCashBookingsTotalAndRevenue',
  ];
  const views: Record<string, unknown>[] = [
    { fromDate: day(-30), toDate: day(0) },
    { fromDate: day(-7), toDate: day(0), sortColumn: 'pickupAt', sortType: 'desc' },
    { fromDate: day(-90), toDate: day(0), clientID: ctx.clientIds[i % ctx.clientIds.length] },
    { fromDate: day(-30), toDate: day(0), driverID: ctx.driverIds[i % Math.max(1, ctx.driverIds.length)] },
    { fromDate: day(-30), toDate: day(0), q: String(1000 + (i % 9000)) },
  ];
  const view = views[Math.floor(i / calls.length) % views.length]!;
  return [calls[i % calls.length]!, { perPage: 25, page: 0, ...view }];
}

/**
 * (a) A card payment end to end on the offline provider: StripePaymentTokenProvided charging now (the
 * intent made and confirmed, the charge step and the ledger entry in the call's transaction), then the
 * provider's event at the webhook, applied once. (b) The Finance card and cash lists with their totals.
 */
export async function payments(
  ctx: BenchContext,
  toPay: number[],
  eventsApplied: (bookingIds: number[]) => Promise<number>,
  cpu?: () => { server: number; database: number },
): Promise<PaymentFigures> {
  const call = poster(ctx.appUrl, ctx.officeToken);
  const cpuBefore = cpu?.();
  const ownBefore = process.cpuUsage();
  const queue = [...toPay];
  const paidIds: number[] = [];
  const started = performance.now();
  const pay = await closedLoop(
    `StripePaymentTokenProvided, ${ctx.concurrency} at once`,
    async () => {
      const bookingId = queue.shift();
      if (!bookingId) return false;
      const res = await call('/PaymentTransaction/StripePaymentTokenProvided', {
        bookingId,
        token: visa,
        capture: 'now',
      });
      if (res.ok) paidIds.push(bookingId);
      return res.ok;
    },
    { concurrency: ctx.concurrency, seconds: ctx.seconds },
  );
  const loopEnded = performance.now();
  let applied = 0;
  const deadline = loopEnded + 60_000;
  while (performance.now() < deadline) {
    applied = await eventsApplied(paidIds);
    if (applied >= paidIds.length) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const ended = performance.now();
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = cpu?.();
  const per = (ms: number) => Math.round((ms / Math.max(1, applied)) * 100) / 100;
  const cpuMsPerPayment =
    cpuBefore && cpuAfter
      ? {
          server: per(cpuAfter.server - cpuBefore.server),
          database: per(cpuAfter.database - cpuBefore.database),
          loadGenerator: per((own.user + own.system) / 1000),
        }
      : null;
  const lists = await closedLoop(
    'Finance card and cash lists and totals, one caller',
    async (_w, i) => {
      const [path, body] = financeView(ctx, i);
      return (await call(path, body)).ok;
    },
    { concurrency: 1, seconds: ctx.seconds, warmupSeconds: 2 },
  );
  const byCall: LoadFigures[] = [];
  for (let c = 0; c < 4; c++) {
    byCall.push(
      await closedLoop(
        financeView(ctx, c)[0].slice(1),
        async (_w, i) => {
          const [path, body] = financeView(ctx, c + 4 * i);
          return (await call(path, body)).ok;
        },
        { concurrency: 1, seconds: Math.max(3, Math.round(ctx.seconds / 2)) },
      ),
    );
  }
  return {
    pay,
    byCall,
    paid: paidIds.length,
    cpuMsPerPayment,
    eventsApplied: applied,
    drainMs: Math.round(ended - loopEnded),
    endToEndPerSecond: Math.round((applied / (ended - started)) * 1000),
    lists,
  };
}
