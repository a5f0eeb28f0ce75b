/** A period of company days, both included (YYYY-MM-DD). */
export interface Period {
  startDate: string;
  endDate: string;
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The quick ranges of the filter bar, from the company's today (YYYY-MM-DD). */
export function quickRanges(today: string): Record<'thisMonth' | 'lastMonth' | 'thisYear', Period> {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return {
    thisMonth: { startDate: iso(y, m - 1, 1), endDate: iso(y, m, 0) },
    lastMonth: { startDate: iso(y, m - 2, 1), endDate: iso(y, m - 1, 0) },
    thisYear: { startDate: iso(y, 0, 1), endDate: iso(y, 11, 31) },
  };
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** What is wrong with a typed period, as a key of the page's words; null when it can be asked for. */
export function periodProblem(p: Period): 'periodIncomplete' | 'periodReversed' | null {
  if (!isDay(p.startDate) || !isDay(p.endDate)) return 'periodIncomplete';
  if (p.endDate < p.startDate) return 'periodReversed';
  return null;
}

/** The bookings list's address for a row's jobs of the period (docs/reports.md#drill-down). */
export function bookingsLink(tab: 'client' | 'driver' | 'vehicle', id: number, p: Period): string {
  return `/bookings?${new URLSearchParams({ from: p.startDate, to: p.endDate, [tab]: String(id) }).toString()}`;
}
