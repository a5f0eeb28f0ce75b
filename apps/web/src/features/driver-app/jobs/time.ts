import dayjs from 'dayjs';
import i18n from '../../../i18n';

const locale = () => (i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-GB');

const MINUTE = 60_000;

/** "in 25 min", "3 hr ago", "in 2 days": how far a pick-up is, in the reader's language. */
export function relativeTime(iso: string, now = Date.now()): string {
  const minutes = Math.round((Date.parse(iso) - now) / MINUTE);
  const format = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto', style: 'short' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}

/** "tomorrow" → "Tomorrow" for a headline. */
export const firstUpper = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The clock time of a moment, in the phone's time zone. */
export function clockTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** "Mon 24 Nov" for a moment, in the phone's time zone. */
export function shortDate(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** "Monday 24 November" for a calendar day (YYYY-MM-DD) as the server names it. */
export function dayName(date: string, style: 'long' | 'short' = 'long'): string {
  // Noon keeps the day the same whatever the phone's offset from UTC.
  return new Intl.DateTimeFormat(locale(), { weekday: style, day: 'numeric', month: style }).format(
    new Date(`${date}T12:00:00`),
  );
}

/** Today's calendar day on the phone (YYYY-MM-DD). */
export const localToday = (now = new Date()) => dayjs(now).format('YYYY-MM-DD');

/** The calendar day of a moment on the phone (YYYY-MM-DD). */
export const localDayOf = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

export const plusDays = (date: string, n: number) => dayjs(date).add(n, 'day').format('YYYY-MM-DD');

/** The Monday of the week holding a calendar day; weeks run Monday to Sunday. */
export function mondayOf(date: string): string {
  const d = dayjs(date);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

export interface DayRange {
  fromDate: string;
  toDate: string;
}

export type RangeChip = 'thisWeek' | 'lastWeek' | 'thisMonth';

/** The history filter's quick choices, as calendar days around today. */
export function rangeOf(chip: RangeChip, today = localToday()): DayRange {
  if (chip === 'thisMonth') {
    const d = dayjs(today);
    return { fromDate: d.startOf('month').format('YYYY-MM-DD'), toDate: d.endOf('month').format('YYYY-MM-DD') };
  }
  const monday = mondayOf(today);
  const from = chip === 'thisWeek' ? monday : plusDays(monday, -7);
  return { fromDate: from, toDate: plusDays(from, 6) };
}

/** "4 min", "1 h 05 min": a duration a driver reads at a glance. */
export function duration(minutes: number): string {
  if (minutes < 60) return i18n.t('driver-app.jobs.minutes', { count: minutes });
  return i18n.t('driver-app.jobs.hoursMinutes', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}
