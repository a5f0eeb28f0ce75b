/** Short names of ISO week days (1 Monday … 7 Sunday) in a language, from a known Monday. */
export function weekDayNames(locale: string): Record<number, string> {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, format.format(new Date(Date.UTC(2024, 0, d)))]));
}
