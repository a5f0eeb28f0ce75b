import { type DriverCandidate, rankDrivers } from '../../../apps/server/src/domains/dispatch/rank-drivers';
import { closedLoop, type LoadFigures, poster, summarise } from '../load';
import type { BenchContext } from './context';

/** Ten thousand online drivers scattered over a city, with a few flaws among them. */
export function candidates(count: number): DriverCandidate[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    driverId: i + 1,
    driverName: `Driver ${i + 1}`,
    callsign: `D${i + 1}`,
    vehicleId: i % 50 === 0 ? null : i + 1,
    vehicleRegistration: `BN${i}`,
    vehicleTypeId: 1 + (i % 4),
    vehicleTypeName: 'Saloon',
    lat: 51.5074 + (((i * 7919) % 1000) - 500) / 2500,
    lng: -0.1278 + (((i * 104729) % 1000) - 500) / 1700,
    seenAt: now - (i % 700) * 1000,
    onShift: i % 30 !== 0,
    documentState: i % 97 === 0 ? 'expired' : i % 41 === 0 ? 'missing' : 'valid',
  }));
}

/** The ranking alone, in process: the part that must stay within 10 ms among 10,000 drivers. */
export function rankInProcess(count: number, iterations: number): LoadFigures {
  const list = candidates(count);
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    const result = rankDrivers(list, {
      pickup: { lat: 51.45 + (i % 100) / 1000, lng: -0.2 + (i % 130) / 1000 },
      vehicleTypeId: i % 3 === 0 ? null : 1 + (i % 4),
      limit: 10,
      speedKmh: 30,
      now: Date.now(),
    });
    latencies.push(performance.now() - t);
    if (result.ranked.length === 0) throw new Error('the ranking found nobody');
  }
  return summarise(
    `rankDrivers over ${count} drivers (in process)`,
    latencies,
    (performance.now() - started) / 1000,
    0,
  );
}

/**
 * The whole call: the nearest online drivers of the company, ranked, explained, answered — once with
 * one dispatcher asking (the wait a dispatcher sees) and with several at once (with queueing on the
 * machine's two cores).
 */
export async function suggestionsCall(ctx: BenchContext): Promise<{ single: LoadFigures; busy: LoadFigures }> {
  const call = poster(ctx.appUrl, ctx.officeToken);
  const ask = async () =>
    (await call('/Booking/GetSuggestedDrivers', { bookingId: ctx.bookingOnBusyDay, limit: 10 })).ok;
  const single = await closedLoop(`Booking/GetSuggestedDrivers, one dispatcher at a time`, ask, {
    concurrency: 1,
    seconds: ctx.seconds,
    warmupSeconds: 2,
  });
  const busy = await closedLoop(
    `Booking/GetSuggestedDrivers, ${ctx.driverIds.length} online drivers, ${ctx.concurrency} at once`,
    ask,
    { concurrency: ctx.concurrency, seconds: ctx.seconds, warmupSeconds: 2 },
  );
  return { single, busy };
}
