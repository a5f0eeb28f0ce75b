import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CallOutput } from '@cabdesk/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';

export type FoundPassenger = CallOutput<'Common/GetSearchedPassenger'>;

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null;
  /** The chosen passenger's name when the form opens on an existing booking. */
  initialLabel?: string | null;
  onChange: (id: number | null, passenger: FoundPassenger | null) => void;
}

/** A passenger chosen by typing part of the name, e-mail or phone; the server searches. */
export function PassengerPicker({ value, initialLabel, onChange, ...props }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<FoundPassenger | null>(null);
  const found = useCall('Common/GetSearchedPassenger', { q, perPage: 10, page: 0 }, { staleTime: 30_000 });
  const rows = useMemo(() => found.data?.data ?? [], [found.data]);
  const data = useMemo(() => {
    const items = rows.map((p) => ({ value: String(p.id), label: labelOf(p) }));
    const current = value ? String(value) : null;
    if (current && !items.some((i) => i.value === current)) {
      items.unshift({ value: current, label: chosen ? labelOf(chosen) : (initialLabel ?? `#${current}`) });
    }
    return items;
  }, [rows, value, chosen, initialLabel]);
  return (
    <Select
      searchable
      clearable
      {...props}
      data={data}
      value={value ? String(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('bookings.form.searching') : t('bookings.form.noPassenger')}
      onChange={(v) => {
        const passenger = rows.find((p) => String(p.id) === v) ?? null;
        setChosen(passenger);
        onChange(v ? Number(v) : null, passenger);
      }}
    />
  );
}

function labelOf(p: FoundPassenger): string {
  const contact = p.mobile ?? p.phone ?? p.email;
  return [p.name, contact, p.clientName].filter(Boolean).join(' · ');
}
