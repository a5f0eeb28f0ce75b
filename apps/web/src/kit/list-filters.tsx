import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A yes / no / either filter as a select; undefined means either. */
export function FlagFilter({
  label,
  yes,
  no,
  either,
  value,
  onChange,
  w = 160,
}: {
  label: string;
  yes: string;
  no: string;
  either: string;
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  w?: number;
}) {
  return (
    <Select
      aria-label={label}
      data={[
        { value: 'true', label: yes },
        { value: 'false', label: no },
        { value: 'all', label: either },
      ]}
      value={value === undefined ? 'all' : String(value)}
      onChange={(v) => onChange(v === 'all' || v === null ? undefined : v === 'true')}
      allowDeselect={false}
      w={w}
    />
  );
}

/** Switched on, switched off, or both: the filter every kind with a switch has. */
export function ActiveFilter({
  value,
  onChange,
  either,
}: {
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
  /** What "both" is called for this kind ("Everyone", "All vehicles"). */
  either?: string;
}) {
  const { t } = useTranslation();
  return (
    <FlagFilter
      label={t('list.activeFilter')}
      yes={t('list.activeOnly')}
      no={t('list.inactiveOnly')}
      either={either ?? t('list.everyone')}
      value={value}
      onChange={onChange}
      w={150}
    />
  );
}
