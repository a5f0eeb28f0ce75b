/**
 * "just now", "2 min ago", "3 hr ago", "yesterday": how long ago a position was recorded, in the
 * viewer's language. Clocks that run a little ahead never show a time in the future.
 */
export function lastSeen(recordedAt: string, now: number, language: string): { key: 'justNow' } | { text: string } {
  const seconds = Math.max(0, Math.round((now - Date.parse(recordedAt)) / 1000));
  if (seconds < 45) return { key: 'justNow' };
  const format = new Intl.RelativeTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    numeric: 'auto',
    style: 'short',
  });
  if (seconds < 3600) return { text: format.format(-Math.max(1, Math.round(seconds / 60)), 'minute') };
  if (seconds < 86_400) return { text: format.format(-Math.round(seconds / 3600), 'hour') };
  return { text: format.format(-Math.round(seconds / 86_400), 'day') };
}

export const secondsSince = (recordedAt: string, now: number) =>
  Math.max(0, Math.round((now - Date.parse(recordedAt)) / 1000));
