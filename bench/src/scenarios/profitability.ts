import { poster } from '../load';
import type { BenchContext } from './context';

export interface ProfitabilityFigures {
  call: string;
  period: string;
  /** The target for this call and period, in ms (the client year); none for the rest. */
  targetMs: number | null;
  rows: number;
  bookings: number;
  medianMs: number;
  maxMs: number;
  runs: number;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Profitability over the seeded million bookings, one caller (an owner opening the screen), each call
 * timed from request to answer after one warm-up call: a year of each tab (the client year's target is
 * 1 s; the issue sets none for the others) and, for the record, a month of the driver and vehicle tabs.
 */
export async function profitabilityCalls(ctx: BenchContext, runs = 5): Promise<ProfitabilityFigures[]> {
  const call = poster(ctx.appUrl, ctx.officeToken);
  const year = { startDate: day(-364), endDate: day(0) };
  const month = { startDate: day(-30), endDate: day(-1) };
  const cases = [
    { name: 'GetClientProfitability', period: year, targetMs: 1000 },
    { name: 'GetDriverProfitability', period: year, targetMs: null },
    { name: 'GetVehicleProfitability', period: year, targetMs: null },
    { name: 'GetDriverProfitability', period: month, targetMs: null },
    { name: 'GetVehicleProfitability', period: month, targetMs: null },
  ];
  const figures: ProfitabilityFigures[] = [];
  for (const { name, period, targetMs } of cases) {
    const input = { ...period, perPage: 25, page: 0 };
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
      targetMs,
      rows: body.count,
      bookings: body.bookings,
      medianMs: Math.round(times[Math.floor(times.length / 2)]!),
      maxMs: Math.round(times[times.length - 1]!),
      runs,
    });
  }
  return figures;
}
