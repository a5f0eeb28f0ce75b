/** Pure date rules of the calendar; days are YYYY-MM-DD on the viewer's clock, weeks start on Monday. */

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The month after (or before) a YYYY-MM month. */
export function shiftMonth(month: string, by: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}

/** The weeks a month grid shows: whole weeks, Monday first, covering the whole month. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  let day = addDays(first, 1 - isoDay(first));
  const weeks: string[][] = [];
  do {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  } while (day.slice(0, 7) <= month && weeks.length < 6);
  return weeks;
}

/** Local midnight at the start of a day, as an instant. */
export function startOfDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The local day an instant falls on. */
export function dayOf(instant: Date): string {
  const m = String(instant.getMonth() + 1).padStart(2, '0');
  const d = String(instant.getDate()).padStart(2, '0');
  return `${instant.getFullYear()}-${m}-${d}`;
}

/** Whether an event [startsAt, endsAt) touches a local day. */
export function overlapsDay(event: { startsAt: string; endsAt: string }, date: string): boolean {
  const start = startOfDay(date).getTime();
  const end = startOfDay(addDays(date, 1)).getTime();
  return Date.parse(event.startsAt) < end && Date.parse(event.endsAt) > start;
}

/** An all-day event from its first to its last day (both counted): midnight to the midnight after. */
export function allDayRange(firstDay: string, lastDay: string): { startsAt: string; endsAt: string } {
  return { startsAt: startOfDay(firstDay).toISOString(), endsAt: startOfDay(addDays(lastDay, 1)).toISOString() };
}

/** The last day an all-day event covers (its end is the midnight after it). */
export function lastDayOf(endsAt: string): string {
  return dayOf(new Date(Date.parse(endsAt) - 1));
}
