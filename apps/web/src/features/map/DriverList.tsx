import { Chip, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LastSeen } from './LastSeen';
import { statusColour } from './status';
import type { DriverOnMap } from './useDriverMap';

export type StatusFilter = 'all' | '1' | '2' | '4' | '3';

const chipColours: Record<Exclude<StatusFilter, 'all'>, string> = {
  '1': 'green',
  '2': 'orange',
  '4': 'yellow',
  '3': 'gray',
};

/** Text a search matches: name, callsign, vehicle registration and the booking number. */
export const matches = (d: DriverOnMap, q: string) => {
  const term = q.trim().toLowerCase();
  if (!term) return true;
  return [d.fullName, d.callsign, d.vehicleRegistration, d.bookingId ? `#${d.bookingId}` : null].some((v) =>
    v?.toLowerCase().includes(term),
  );
};

/** The drivers beside the map: search, status filter with counts, and a click to find one. */
export function DriverList({
  drivers,
  counts,
  search,
  onSearch,
  status,
  onStatus,
  selectedId,
  onSelect,
  now,
  height,
}: {
  drivers: DriverOnMap[];
  counts: Record<StatusFilter, number>;
  search: string;
  onSearch: (q: string) => void;
  status: StatusFilter;
  onStatus: (s: StatusFilter) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  now: number;
  height: number;
}) {
  const { t } = useTranslation();
  const options: StatusFilter[] = ['all', '1', '2', '4', '3'];
  return (
    <Stack gap="xs" h={height}>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('map.search')}
        aria-label={t('map.search')}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
      />
      <Chip.Group value={status} onChange={(v) => onStatus(v as StatusFilter)}>
        <Group gap={6}>
          {options.map((o) => (
            <Chip key={o} value={o} size="xs" radius="sm" color={o === 'all' ? 'blue' : chipColours[o]}>
              {`${o === 'all' ? t('map.all') : t(`map.status.${o}`)} ${counts[o]}`}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        {drivers.length === 0 ? (
          <Text c="dimmed" size="sm" p="sm">
            {t('map.noMatch')}
          </Text>
        ) : (
          <Stack gap={2}>
            {drivers.map((d) => (
              <UnstyledButton
                key={d.driverId}
                onClick={() => onSelect(d.driverId)}
                aria-pressed={d.driverId === selectedId}
                p={8}
                style={{
                  borderRadius: 6,
                  background: d.driverId === selectedId ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <span
                    aria-hidden
                    style={{
                      marginTop: 5,
                      width: 10,
                      height: 10,
                      flex: '0 0 10px',
                      borderRadius: '50%',
                      background: statusColour(d.availability),
                    }}
                  />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap={6} justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={500} truncate>
                        {d.fullName}
                        {d.callsign ? (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            · {d.callsign}
                          </Text>
                        ) : null}
                      </Text>
                      <LastSeen at={d.position?.recordedAt} now={now} style={{ whiteSpace: 'nowrap' }} />
                    </Group>
                    <Text size="xs" c={d.blockedReason ? 'red' : 'dimmed'} truncate>
                      {d.blockedReason
                        ? t('map.blocked', { reason: d.blockedReason })
                        : t(`map.status.${d.availability}`)}
                      {d.vehicleRegistration ? ` · ${d.vehicleRegistration}` : ''}
                      {d.bookingId ? ` · #${d.bookingId}` : ''}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Stack>
  );
}
