import type { BookingStatus, CallInput } from '@cabdesk/contract';

export const quickRanges = ['thisMonth', 'lastMonth', 'last30', 'thisYear', 'lastYear'] as const;
export type QuickRange = (typeof quickRanges)[number];

/** The one filter bar of Reports: every tab follows it. Dates are company days, both ends counted. */
export interface ReportFilterState {
  fromDate: string;
  toDate: string;
  clientID: number | null;
  driverID: number | null;
  passengerID: number | null;
  vehicletypeID: number | null;
  paymentMethodID: string | null;
  statusID: BookingStatus | null;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const lastDayOf = (year: number, month0: number) => iso(new Date(Date.UTC(year, month0 + 1, 0)));

/** The days a quick range stands for, seen from `today` (YYYY-MM-DD). */
export function quickRange(range: QuickRange, today: string): { fromDate: string; toDate: string } {
  const d = utc(today);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (range) {
    case 'thisMonth':
      return { fromDate: `${today.slice(0, 7)}-01`, toDate: lastDayOf(y, m) };
    case 'lastMonth':
      return { fromDate: iso(new Date(Date.UTC(y, m - 1, 1))), toDate: lastDayOf(y, m - 1) };
    case 'last30':
      return { fromDate: iso(new Date(d.getTime() - 29 * 86_400_000)), toDate: today };
    case 'thisYear':
      return { fromDate: `${y}-01-01`, toDate: `${y}-12-31` };
    case 'lastYear':
      return { fromDate: `${y - 1}-01-01`, toDate: `${y - 1}-12-31` };
  }
}

/** Which quick range the dates are, if any (the bar shows it pressed). */
export function quickOf(f: Pick<ReportFilterState, 'fromDate' | 'toDate'>, today: string): QuickRange | null {
  return (
    quickRanges.find((r) => {
      const q = quickRange(r, today);
      return q.fromDate === f.fromDate && q.toDate === f.toDate;
    }) ?? null
  );
}

export function initialFilter(today: string): ReportFilterState {
  return {
    ...quickRange('thisMonth', today),
    clientID: null,
    driverID: null,
    passengerID: null,
    vehicletypeID: null,
    paymentMethodID: null,
    statusID: null,
  };
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** What is wrong with the dates in words' keys, before any call: the server says the same by field. */
export function datesProblem(
  f: Pick<ReportFilterState, 'fromDate' | 'toDate'>,
): 'fromDate' | 'toDate' | 'reversed' | null {
  if (!isDay(f.fromDate)) return 'fromDate';
  if (!isDay(f.toDate)) return 'toDate';
  if (f.toDate < f.fromDate) return 'reversed';
  return null;
}

/** The filter as a Reports call's input: unset references are left out. */
export function reportInput(f: ReportFilterState): CallInput<'Reports/GetReportsDataBookingsTotals'> {
  return {
    fromDate: f.fromDate,
    toDate: f.toDate,
    ...(f.clientID ? { clientID: f.clientID } : {}),
    ...(f.driverID ? { driverID: f.driverID } : {}),
    ...(f.passengerID ? { passengerID: f.passengerID } : {}),
    ...(f.vehicletypeID ? { vehicletypeID: f.vehicletypeID } : {}),
    ...(f.paymentMethodID ? { paymentMethodID: f.paymentMethodID as 'cash' } : {}),
    ...(f.statusID ? { statusID: f.statusID } : {}),
  };
}

/** The bottom ten of a set by revenue, lowest first, apart from the top ten when the set is small. */
export function topAndBottom<T extends { revenueMinor: number }>(rows: T[], n = 10): { top: T[]; bottom: T[] } {
  const sorted = [...rows].sort((a, b) => b.revenueMinor - a.revenueMinor);
  const top = sorted.slice(0, n);
  const bottom = sorted.slice(Math.max(n, sorted.length - n)).reverse();
  return { top, bottom };
}
