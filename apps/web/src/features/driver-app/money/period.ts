import dayjs, { type Dayjs } from 'dayjs';

export const periodKinds = ['today', 'week', 'month', 'custom'] as const;
export type PeriodKind = (typeof periodKinds)[number];

export interface Period {
  fromDate: string;
  toDate: string;
}

/** The server takes at most 366 days in one period. */
export const MAX_PERIOD_DAYS = 366;

const iso = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * The days a period covers, ending today: the week starts on Monday (as the server's weeks do), the
 * month on the 1st. Days still to come are left out so averages per day are not diluted by them.
 */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, now: Dayjs = dayjs()): Period {
  const today = now.startOf('day');
  switch (kind) {
    case 'today':
      return { fromDate: iso(today), toDate: iso(today) };
    case 'week':
      return { fromDate: iso(today.subtract((today.day() + 6) % 7, 'day')), toDate: iso(today) };
    case 'month':
      return { fromDate: iso(today.startOf('month')), toDate: iso(today) };
  }
}

/** A custom range picked by the driver, or why it cannot be asked for. */
export function customPeriod(range: [string | null, string | null]): Period | 'incomplete' | 'tooLong' {
  const [from, to] = range;
  if (!from || !to) return 'incomplete';
  const fromDate = from.slice(0, 10);
  const toDate = to.slice(0, 10);
  if (dayjs(toDate).diff(dayjs(fromDate), 'day') > MAX_PERIOD_DAYS) return 'tooLong';
  return fromDate <= toDate ? { fromDate, toDate } : { fromDate: toDate, toDate: fromDate };
}
