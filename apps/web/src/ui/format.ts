import i18n from '../i18n';

const locale = () => (i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-GB');

/** Money arrives in minor units; it is shown in the company currency, never computed as a float. */
export function money(minor: number | null | undefined, currency = localStorage.getItem('currency') ?? 'GBP'): string {
  if (minor === null || minor === undefined) return '—';
  return new Intl.NumberFormat(locale(), { style: 'currency', currency }).format(minor / 100);
}

/** Whole units typed by a person (12.50) to minor units (1250), exactly. */
export function toMinor(text: string | number): number {
  const [whole = '0', fraction = ''] = String(text).trim().replace(',', '.').split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
}

export function fromMinor(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return '';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The company's way of writing a date: day, month and year in its order, with its separator. */
const dateFormat = () => localStorage.getItem('dateFormat') ?? 'd-m-Y';
/** Times are stored in UTC and shown on the company's clock, wherever the screen is. */
const timeZone = () => localStorage.getItem('timezone') ?? undefined;

function writeDate(y: string, m: string, d: string, format = dateFormat()): string {
  const separator = /[^dmY]/.exec(format)?.[0] ?? '-';
  return format
    .split(separator)
    .map((part) => (part === 'Y' ? y : part === 'm' ? m : d))
    .join(separator);
}

/** An instant as the company reads it: its date format and a 24-hour time on its clock. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone(),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${writeDate(parts.year ?? '', parts.month ?? '', parts.day ?? '')} ${parts.hour}:${parts.minute}`;
}

/** A calendar date (YYYY-MM-DD) in the company's date format (d-m-Y unless it chose another). */
export function day(date: string | null | undefined): string {
  if (!date) return '—';
  const [y = '', m = '', d = ''] = date.slice(0, 10).split('-');
  return writeDate(y, m, d);
}

export function count(n: number | null | undefined): string {
  return new Intl.NumberFormat(locale()).format(n ?? 0);
}

/** Basis points (2000) as a percentage (20 %). */
export function percent(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return '—';
  return `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 2 }).format(bp / 100)} %`;
}
