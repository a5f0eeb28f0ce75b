import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A period of company days (YYYY-MM-DD); an empty day is no bound. */
export interface Period {
  fromDate: string;
  toDate: string;
}

/** Only the filled-in days of a period are sent. */
export const periodInput = (p: Period) => ({
  ...(p.fromDate ? { fromDate: p.fromDate } : {}),
  ...(p.toDate ? { toDate: p.toDate } : {}),
});

/** Two company days, from and to; a day left empty is no bound. */
export function PeriodFields({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <TextInput
        type="date"
        label={t('form.fromDay')}
        value={value.fromDate}
        onChange={(e) => onChange({ ...value, fromDate: e.currentTarget.value })}
        w={170}
      />
      <TextInput
        type="date"
        label={t('form.toDay')}
        value={value.toDate}
        onChange={(e) => onChange({ ...value, toDate: e.currentTarget.value })}
        w={170}
      />
    </Group>
  );
}
