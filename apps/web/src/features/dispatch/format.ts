import i18n from '../../i18n';

const locale = () => (i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-GB');

/** A pick-up time on the board: the day is the board's, so only hours and minutes. */
export function clock(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** "5 min ago" for a last-seen time; the exact time is in the title. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const minutes = Math.max(0, Math.round((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return i18n.t('dispatch.ago.now');
  if (minutes < 60) return i18n.t('dispatch.ago.minutes', { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return i18n.t('dispatch.ago.hours', { count: hours });
  return i18n.t('dispatch.ago.days', { count: Math.round(hours / 24) });
}

export function kilometres(metres: number | null): string {
  if (metres === null) return '—';
  return new Intl.NumberFormat(locale(), { maximumFractionDigits: metres < 10_000 ? 1 : 0 }).format(metres / 1000);
}

export const minutesOf = (seconds: number | null) =>
  seconds === null ? '—' : String(Math.max(1, Math.round(seconds / 60)));
