import { NumberInput, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { CallOutput } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { useCall } from '../../api/hooks';
import { dateTime } from '../../ui/format';

type Choice = CallOutput<'LostandFound/GetBookingsIDForLostItems'>;

interface Props {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string | undefined;
  /** false: only bookings someone rode in (lost items); true: any booking (incidents). */
  allBookings?: boolean;
  required?: boolean;
}

/**
 * Finds a booking by its number, addresses or names, searched on the server. A role that may not
 * read the booking look-up types the booking number instead.
 */
export function BookingPicker({ label, value, onChange, error, allBookings = false, required }: Props) {
  const { t } = useTranslation();
  const canSearch = useAbility().can('read', 'LostAndFound');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Choice | null>(null);
  const [q] = useDebouncedValue(search === picked?.name ? '' : search.trim(), 250);
  const choices = useCall(
    'LostandFound/GetBookingsIDForLostItems',
    { q, allBookings, perPage: 0, ...(value && !q && !picked ? { id: value } : {}) },
    { enabled: canSearch },
  );
  if (!canSearch) {
    return (
      <NumberInput
        label={label}
        required={required}
        min={1}
        allowDecimal={false}
        value={value ?? ''}
        onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        error={error}
      />
    );
  }
  const rows = choices.data?.data ?? [];
  const known = picked && !rows.some((r) => r.id === picked.id) ? [picked, ...rows] : rows;
  const current = known.find((r) => r.id === value) ?? null;
  return (
    <Stack gap={4}>
      <Select
        label={label}
        required={required}
        searchable
        clearable
        placeholder={t('lost-found.bookingSearch')}
        nothingFoundMessage={choices.isFetching ? t('app.loading') : t('lost-found.noBookings')}
        data={known.map((r) => ({ value: String(r.id), label: r.name }))}
        filter={({ options }) => options}
        searchValue={search}
        onSearchChange={setSearch}
        value={value ? String(value) : null}
        onChange={(v) => {
          const row = known.find((r) => String(r.id) === v) ?? null;
          setPicked(row);
          onChange(row ? row.id : null);
        }}
        error={error}
      />
      {current ? (
        <Text size="xs" c="dimmed">
          {dateTime(current.bookingDate)}
          {current.passengerName ? ` · ${current.passengerName}` : ''}
          {current.driverName ? ` · ${t('lost-found.driver')}: ${current.driverName}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
