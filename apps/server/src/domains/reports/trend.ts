import { addRaw, emptyRaw, type Raw } from './measures';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday of a date's ISO week. */
function weekOf(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return iso(ms - weekday * DAY);
}

function point(period: string, r: Raw) {
  return {
    period,
    bookings: r.bookings,
    done: r.done,
    lost: r.cancelled + r.no_show + r.rejected,
    revenueMinor: Number(r.revenue),
  };
}

/**
 * Day, week and month series over the period, every company day present (an empty day is a zero,
 * not a gap in the chart). Weeks start on Monday; the first and last may be partial.
 */
export function trendOf(byDay: Map<string, Raw>, fromDate: string, toDate: string) {
  const days: ReturnType<typeof point>[] = [];
  const weeks = new Map<string, Raw>();
  const months = new Map<string, Raw>();
  const end = Date.parse(`${toDate}T00:00:00Z`);
  for (let ms = Date.parse(`${fromDate}T00:00:00Z`); ms <= end; ms += DAY) {
    const day = iso(ms);
    const r = byDay.get(day) ?? emptyRaw;
    days.push(point(day, r));
    const week = weekOf(day);
    weeks.set(week, addRaw(weeks.get(week) ?? emptyRaw, r));
    const month = `${day.slice(0, 7)}-01`;
    months.set(month, addRaw(months.get(month) ?? emptyRaw, r));
  }
  return {
    day: days,
    week: [...weeks].map(([p, r]) => point(p, r)),
    month: [...months].map(([p, r]) => point(p, r)),
  };
}
