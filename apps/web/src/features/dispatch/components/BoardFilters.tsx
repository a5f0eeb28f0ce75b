import { ActionIcon, Button, Group, Kbd, TextInput, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { namedByValue } from '../../../ui/named-by-value';
import { IconChevronLeft, IconChevronRight, IconSearch, IconX } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressText } from '../../../kit/useAddressText';
import { LookupSelect } from '../../../ui/LookupSelect';
import { type BoardParams, today } from '../hooks/useBoardParams';

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00`);
  d.setDate(d.getDate() + days);
  return today(d);
}

/**
 * The day and the filters of the board. The search field hands the keyboard back to the board on
 * Escape, Enter or ↓, so a dispatcher can search and then pick a booking without the mouse.
 */
export function BoardFilters({
  params,
  onChange,
  searchRef,
  onLeaveSearch,
}: {
  params: BoardParams;
  onChange: (patch: Partial<BoardParams>) => void;
  searchRef: Ref<HTMLInputElement>;
  onLeaveSearch: (key: 'Escape' | 'Enter' | 'ArrowDown') => void;
}) {
  const { t } = useTranslation();
  const isToday = params.date === today();
  const search = useAddressText(params.q, (q) => onChange({ q }));
  const filtered = params.vehicleTypeId !== null || params.clientId !== null || params.q !== '';
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('dispatch.filter.previousDay')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('dispatch.filter.previousDay')}
            onClick={() => onChange({ date: shiftDay(params.date, -1) })}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
        </Tooltip>
        <DatePickerInput
          {...namedByValue(t('dispatch.filter.date'), params.date ? dayjs(params.date).format('ddd DD-MM-YYYY') : '')}
          value={params.date}
          onChange={(v) => onChange({ date: v ?? today() })}
          w={150}
          data-testid="board-date"
        />
        <Tooltip label={t('dispatch.filter.nextDay')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('dispatch.filter.nextDay')}
            onClick={() => onChange({ date: shiftDay(params.date, 1) })}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Tooltip>
        {isToday ? null : (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange({ date: today() })}>
            {t('dispatch.filter.today')}
          </Button>
        )}
      </Group>
      <TextInput
        ref={searchRef}
        aria-label={t('dispatch.filter.search')}
        placeholder={t('dispatch.filter.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        rightSection={search.text ? null : <Kbd size="xs">/</Kbd>}
        value={search.text}
        onChange={(e) => search.setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' || e.key === 'Enter' || e.key === 'ArrowDown') {
            e.preventDefault();
            search.flush();
            e.currentTarget.blur();
            onLeaveSearch(e.key);
          }
        }}
        w={180}
        data-testid="board-search"
      />
      <LookupSelect
        call="Common/GetVehicleTypeList"
        aria-label={t('dispatch.filter.vehicleType')}
        placeholder={t('dispatch.filter.allVehicleTypes')}
        value={params.vehicleTypeId}
        onChange={(v) => onChange({ vehicleTypeId: typeof v === 'number' ? v : null })}
        w={150}
      />
      <LookupSelect
        call="Common/GetClientList"
        aria-label={t('dispatch.filter.client')}
        placeholder={t('dispatch.filter.allClients')}
        value={params.clientId}
        onChange={(v) => onChange({ clientId: typeof v === 'number' ? v : null })}
        w={150}
      />
      {filtered ? (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconX size={14} />}
          onClick={() => onChange({ vehicleTypeId: null, clientId: null, q: '' })}
          mb={6}
        >
          {t('dispatch.filter.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
