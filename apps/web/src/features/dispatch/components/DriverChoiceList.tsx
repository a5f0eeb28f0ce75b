import { Alert, Badge, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { CallOutput } from '@cabdesk/contract';
import { IconAlertTriangle, IconBan, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useDispatchQuery } from '../api';
import { kilometres, minutesOf } from '../format';
import classes from './SuggestionList.module.css';

export type DriverChoiceRow = CallOutput<'Booking/GetDriverChoices'>['drivers'][number];

const stateColour: Record<DriverChoiceRow['state'], string> = {
  available: 'green',
  busy: 'orange',
  on_break: 'yellow',
  offline: 'gray',
  blocked: 'red',
};

const documentColour: Record<DriverChoiceRow['documentState'], string> = {
  valid: 'green',
  expiring: 'yellow',
  expired: 'red',
  missing: 'orange',
};

export function StateBadge({ driver }: { driver: Pick<DriverChoiceRow, 'state' | 'blockedReason'> }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={stateColour[driver.state]} style={{ flex: 'none' }}>
      {driver.state === 'blocked'
        ? t('dispatch.choices.blocked', { reason: driver.blockedReason })
        : t(`dispatch.choices.state.${driver.state}`)}
    </Badge>
  );
}

/**
 * The manual "choose a driver" list: every active driver with state, distance to the pick-up,
 * vehicle type and papers. Drivers the booking's rules refuse are marked with the reason (the same
 * words the allocation would answer) and cannot be picked; a clash with a job they hold is a
 * warning. Drivers who may take it come first, nearest first.
 */
export function DriverChoiceList({
  bookingId,
  pickedId,
  onPick,
}: {
  bookingId: number;
  pickedId: number | null;
  onPick: (driver: DriverChoiceRow | null) => void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const choices = useDispatchQuery('Booking/GetDriverChoices', { bookingId }, (answer) => answer.data.drivers);
  const needle = q.trim().toLowerCase();
  const shown = (choices.data ?? []).filter(
    (d) =>
      !needle ||
      d.driverName.toLowerCase().includes(needle) ||
      (d.callsign ?? '').toLowerCase().includes(needle) ||
      (d.vehicleRegistration ?? '').toLowerCase().includes(needle),
  );

  return (
    <Stack gap={6}>
      <TextInput
        size="xs"
        label={t('dispatch.choices.title')}
        placeholder={t('dispatch.choices.search')}
        leftSection={<IconSearch size={14} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="choices-search"
      />
      {choices.error ? (
        <Alert color="gray" variant="light" title={t('dispatch.choices.failed')}>
          {messageOf(choices.error)}
        </Alert>
      ) : choices.isPending ? (
        <Text size="sm" c="dimmed">
          {t('dispatch.choices.loading')}
        </Text>
      ) : !shown.length ? (
        <Text size="sm" c="dimmed">
          {needle ? t('dispatch.choices.noMatch') : t('dispatch.choices.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
          <Stack gap={4} role="listbox" aria-label={t('dispatch.choices.title')} data-testid="driver-choices">
            {shown.map((d) => {
              const refused = d.refusals.length > 0;
              return (
                <UnstyledButton
                  key={d.driverId}
                  className={classes.item}
                  role="option"
                  aria-selected={pickedId === d.driverId}
                  aria-disabled={refused || undefined}
                  data-chosen={pickedId === d.driverId || undefined}
                  data-refused={refused || undefined}
                  onClick={() => (refused ? undefined : onPick(pickedId === d.driverId ? null : d))}
                  data-testid="driver-choice"
                  style={refused ? { cursor: 'not-allowed' } : undefined}
                >
                  <Stack gap={2}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600} truncate="end" c={refused ? 'dimmed' : undefined}>
                        {d.callsign ? `${d.callsign} · ` : ''}
                        {d.driverName}
                      </Text>
                      <StateBadge driver={d} />
                    </Group>
                    <Group gap={6} wrap="wrap">
                      <Text size="xs" ff="monospace">
                        {d.distanceMetres === null
                          ? t('dispatch.choices.noPosition')
                          : `${t('dispatch.detail.distance', { km: kilometres(d.distanceMetres) })} · ${t('dispatch.detail.eta', { minutes: minutesOf(d.etaSeconds) })}`}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {d.vehicleTypeName
                          ? `${d.vehicleTypeName} ${d.vehicleRegistration ?? ''}`
                          : t('dispatch.choices.noVehicle')}
                      </Text>
                      <Badge size="xs" variant="outline" color={documentColour[d.documentState]}>
                        {t(`dispatch.choices.documents.${d.documentState}`)}
                      </Badge>
                    </Group>
                    {d.refusals.map((r) => (
                      <Group key={r} gap={4} wrap="nowrap" align="flex-start">
                        <IconBan
                          size={14}
                          color="var(--mantine-color-red-text)"
                          style={{ flex: 'none', marginTop: 2 }}
                        />
                        <Text size="xs" c="red" data-testid="refusal">
                          {r}
                        </Text>
                      </Group>
                    ))}
                    {d.warnings.map((w) => (
                      <Group key={w} gap={4} wrap="nowrap" align="flex-start">
                        <IconAlertTriangle
                          size={14}
                          color="var(--mantine-color-orange-text)"
                          style={{ flex: 'none', marginTop: 2 }}
                        />
                        <Text size="xs" c="orange.9" data-testid="warning">
                          {w}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                </UnstyledButton>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
