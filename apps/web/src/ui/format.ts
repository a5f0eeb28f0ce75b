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

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) in the company's d-m-Y form. */
export function day(date: string | null | undefined): string {
  if (!date) return '—';
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

export function count(n: number | null | undefined): string {
  return new Intl.NumberFormat(locale()).format(n ?? 0);
}

/** Basis points (2000) as a percentage (20 %). */
export function percent(bp: number | null | undefined): string {
  if (bp === null || bp === undefined) return '—';
  return `${new Intl.NumberFormat(locale(), { maximumFractionDigits: 2 }).format(bp / 100)} %`;
}
