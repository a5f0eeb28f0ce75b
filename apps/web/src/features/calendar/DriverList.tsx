import { Alert, Badge, NavLink, Paper, ScrollArea, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';

/** Active drivers with their events in the shown range; picking one filters the grid. */
export function DriverList({
  fromDate,
  toDate,
  selected,
  onSelect,
}: {
  fromDate: string;
  toDate: string;
  selected: number | null;
  onSelect: (driverId: number | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const drivers = useCall('Dashboard/GetDriverList', { fromDate, toDate, q, perPage: 0 });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="calendar-drivers">
      <Title order={5} mb="xs">
        {t('calendar.drivers')}
      </Title>
      <TextInput
        size="xs"
        placeholder={t('calendar.searchDrivers')}
        aria-label={t('calendar.searchDrivers')}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="xs"
      />
      <NavLink
        label={t('calendar.allDrivers')}
        leftSection={<IconUsers size={16} />}
        active={selected === null}
        onClick={() => onSelect(null)}
      />
      {drivers.error ? (
        <Alert color="red" mt="xs">
          {messageOf(drivers.error)}
        </Alert>
      ) : !drivers.data ? (
        <Stack gap={6} mt="xs">
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : drivers.data.data.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('calendar.noDrivers')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={560}>
          {drivers.data.data.map((d) => (
            <NavLink
              key={d.id}
              label={d.name}
              description={d.callsign ?? undefined}
              active={selected === d.id}
              onClick={() => onSelect(selected === d.id ? null : d.id)}
              rightSection={
                d.eventsCount ? (
                  <Badge size="sm" variant="light" circle>
                    {d.eventsCount}
                  </Badge>
                ) : null
              }
            />
          ))}
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
