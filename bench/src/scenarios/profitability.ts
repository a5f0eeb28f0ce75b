import { poster } from '../load';
import type { BenchContext } from './context';

export interface ProfitabilityFigures {
  call: string;
  period: string;
  rows: number;
  bookings: number;
  medianMs: number;
  maxMs: number;
  runs: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A year of profitability per client, driver and vehicle over the seeded million bookings, one caller
 * (an owner opening the screen), each call timed from request to answer after one warm-up call.
 */
export async function profitabilityCalls(ctx: BenchContext, runs = 5): Promise<ProfitabilityFigures[]> {
  const call = poster(ctx.appUrl, ctx.officeToken);
  const input = { startDate: day(-364), endDate: day(0), perPage: 25, page: 0 };
  const figures: ProfitabilityFigures[] = [];
  for (const name of ['GetClientProfitability', 'GetDriverProfitability', 'GetVehicleProfitability']) {
    const path = `/Profitability/${name}`;
    const first = await call(path, input);
    if (!first.ok) throw new Error(`${path} answered ${first.status}: ${JSON.stringify(first.json)}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await call(path, input);
      times.push(performance.now() - started);
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    }
    times.sort((a, b) => a - b);
    const body = first.json as { count: number; bookings: number };
    figures.push({
      call: `Profitability/${name}`,
      period: `${input.startDate} – ${input.endDate}`,
      rows: body.count,
      bookings: body.bookings,
      medianMs: Math.round(times[Math.floor(times.length / 2)]!),
      maxMs: Math.round(times[times.length - 1]!),
      runs,
    });
  }
  return figures;
}
