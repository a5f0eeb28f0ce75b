import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';

type Totals = z.output<typeof schemas.bookingsTotals>;

/**
 * The Overview as a table an export can hold: one row per company day of the period (bookings, done,
 * lost, revenue), then the period's totals. Its other figures are KPIs, not rows; the per-row tabs
 * export their own lists.
 */
export function overviewTable(answer: Totals): Record<string, unknown>[] {
  const days = answer.trend.day.map((p) => ({
    day: p.period,
    bookings: p.bookings,
    done: p.done,
    lost: p.lost,
    revenueMinor: p.revenueMinor,
  }));
  const { summary } = answer;
  return [
    ...days,
    {
      day: `${answer.fromDate} – ${answer.toDate}`,
      bookings: summary.bookings,
      done: summary.done,
      lost: summary.lost,
      revenueMinor: summary.revenueMinor,
    },
  ];
}
