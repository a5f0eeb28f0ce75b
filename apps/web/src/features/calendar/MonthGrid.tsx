import { Box, Paper, Popover, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventRow } from './EventForm';
import { kindColours } from './kinds';
import { dayOf, overlapsDay } from './month-grid';
import classes from './MonthGrid.module.css';

const SHOWN = 3;

function EventChip({
  event,
  withDriver,
  onOpen,
}: {
  event: EventRow;
  withDriver: boolean;
  onOpen: (e: EventRow) => void;
}) {
  const { i18n } = useTranslation();
  const colour = kindColours[event.kind] ?? 'gray';
  const time = event.allDay
    ? ''
    : `${new Intl.DateTimeFormat(i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en-GB', { timeStyle: 'short' }).format(new Date(event.startsAt))} `;
  return (
    <UnstyledButton
      className={classes.chip}
      style={{
        background: `var(--mantine-color-${colour}-light)`,
        borderLeft: `3px solid var(--mantine-color-${colour}-filled)`,
      }}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(event);
      }}
      data-testid="calendar-event"
      title={`${event.title} · ${event.driverName}`}
    >
      <Text size="xs" truncate fw={500}>
        {time}
        {event.title}
      </Text>
      {withDriver ? (
        <Text fz={10} c="dimmed" truncate>
          {event.driverName}
        </Text>
      ) : null}
    </UnstyledButton>
  );
}

/** A month in whole weeks from Monday; a click on a day adds, a click on an event opens it. */
export function MonthGrid({
  weeks,
  month,
  events,
  withDriver,
  onDay,
  onEvent,
}: {
  weeks: string[][];
  month: string;
  events: EventRow[];
  withDriver: boolean;
  onDay: ((day: string) => void) | null;
  onEvent: (event: EventRow) => void;
}) {
  const { i18n, t } = useTranslation();
  const today = dayOf(new Date());
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  return (
    <Paper withBorder radius="md" className={classes.grid} data-testid="month-grid">
      <SimpleGrid cols={7} spacing={0}>
        {(weeks[0] ?? []).map((d) => (
          <Text key={d} size="xs" fw={700} c="dimmed" ta="center" py={6} tt="uppercase" className={classes.head}>
            {weekday.format(new Date(`${d}T00:00:00Z`))}
          </Text>
        ))}
        {weeks.flat().map((d) => {
          const onThisDay = events.filter((e) => overlapsDay(e, d));
          const rest = onThisDay.slice(SHOWN);
          return (
            <Box
              key={d}
              className={classes.cell}
              data-outside={d.slice(0, 7) !== month || undefined}
              data-today={d === today || undefined}
              data-clickable={onDay ? true : undefined}
              onClick={onDay ? () => onDay(d) : undefined}
              role={onDay ? 'button' : undefined}
              aria-label={onDay ? t('calendar.addOn', { day: d }) : d}
              data-day={d}
            >
              <Text size="sm" fw={d === today ? 800 : 500} className={classes.number}>
                {Number(d.slice(8, 10))}
              </Text>
              <Stack gap={2}>
                {onThisDay.slice(0, SHOWN).map((e) => (
                  <EventChip key={e.id} event={e} withDriver={withDriver} onOpen={onEvent} />
                ))}
                {rest.length ? (
                  <Popover width={240} position="bottom" withArrow shadow="md">
                    <Popover.Target>
                      <UnstyledButton onClick={(e) => e.stopPropagation()}>
                        <Text size="xs" c="dimmed" fw={600}>
                          {t('calendar.more', { count: rest.length })}
                        </Text>
                      </UnstyledButton>
                    </Popover.Target>
                    <Popover.Dropdown onClick={(e) => e.stopPropagation()}>
                      <Stack gap={4}>
                        {onThisDay.map((e) => (
                          <EventChip key={e.id} event={e} withDriver onOpen={onEvent} />
                        ))}
                      </Stack>
                    </Popover.Dropdown>
                  </Popover>
                ) : null}
              </Stack>
            </Box>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
