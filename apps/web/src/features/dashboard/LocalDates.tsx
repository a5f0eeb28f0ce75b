import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Date pickers in the interface language, weeks from Monday. */
export function LocalDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: i18n.resolvedLanguage === 'de' ? 'de' : 'en', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}
