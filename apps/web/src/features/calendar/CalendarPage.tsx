import { ActionIcon, Alert, Badge, Button, Grid, Group, Stack, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { useAbility } from '../../app/ability';
import { LocalDates } from '../dashboard/LocalDates';
import { DriverList } from './DriverList';
import { EventForm, type EventRow } from './EventForm';
import { eventKinds, kindColours } from './kinds';
import { dayOf, monthWeeks, shiftMonth } from './month-grid';
import { MonthGrid } from './MonthGrid';

type Editing = { event: EventRow | null; day: string | null } | null;

/** The drivers' calendar: a month of leave, training and vehicle days, filtered by driver. */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const ability = useAbility();
  const [month, setMonth] = useState(() => dayOf(new Date()).slice(0, 7));
  const [driverId, setDriverId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const weeks = monthWeeks(month);
  const fromDate = weeks[0]?.[0] ?? `${month}-01`;
  const toDate = weeks.at(-1)?.[6] ?? `${month}-28`;
  const events = useCall('Dashboard/GetDriverEventsList', { fromDate, toDate, ...(driverId ? { driverId } : {}) });
  const canAdd = ability.can('create', 'Calendar');
  const title = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

  return (
    <LocalDates>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <DriverList fromDate={fromDate} toDate={toDate} selected={driverId} onSelect={setDriverId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Tooltip label={t('calendar.previous')}>
                  <ActionIcon
                    variant="default"
                    aria-label={t('calendar.previous')}
                    onClick={() => setMonth(shiftMonth(month, -1))}
                  >
                    <IconChevronLeft size={16} />
                  </ActionIcon>
                </Tooltip>
                <Button variant="default" size="xs" onClick={() => setMonth(dayOf(new Date()).slice(0, 7))}>
                  {t('calendar.today')}
                </Button>
                <Tooltip label={t('calendar.next')}>
                  <ActionIcon
                    variant="default"
                    aria-label={t('calendar.next')}
                    onClick={() => setMonth(shiftMonth(month, 1))}
                  >
                    <IconChevronRight size={16} />
                  </ActionIcon>
                </Tooltip>
                <Title order={3} ms="xs" data-testid="calendar-month">
                  {title}
                </Title>
              </Group>
              <Group gap="xs">
                {eventKinds.map((k) => (
                  <Badge key={k} color={kindColours[k]} variant="light">
                    {t(`calendar.kind.${k}`)}
                  </Badge>
                ))}
                {canAdd ? (
                  <Button
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => setEditing({ event: null, day: null })}
                  >
                    {t('calendar.add')}
                  </Button>
                ) : null}
              </Group>
            </Group>
            {events.error ? (
              <Alert color="red" title={t('calendar.loadFailed')}>
                {messageOf(events.error)}
              </Alert>
            ) : null}
            <MonthGrid
              weeks={weeks}
              month={month}
              events={events.data?.data ?? []}
              withDriver={driverId === null}
              onDay={canAdd ? (day) => setEditing({ event: null, day }) : null}
              onEvent={(event) => setEditing({ event, day: null })}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      {editing ? (
        <EventForm
          key={editing.event?.id ?? `new-${editing.day ?? ''}`}
          event={editing.event}
          day={editing.day}
          driverId={driverId}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </LocalDates>
  );
}
