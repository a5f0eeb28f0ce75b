import i18n from '../../i18n';

const locale = () => (i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-GB');

/** Today's messages show the time; older ones the day too, in the viewer's locale. */
export function chatTime(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return '';
  const d = new Date(iso);
  const sameDay = d.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    locale(),
    sameDay ? { timeStyle: 'short' } : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  ).format(d);
}
