import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCalendarOff, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useCall } from '../../../api/hooks';
import { EmptyState, ListSkeleton, LoadFailed } from '../account/screen';
import type { BackState } from './JobCard';
import { JobStatusBadge } from './JobStatusBadge';
import type { JobRow, WeekAnswer } from './model';
import { clockTime, dayName, localToday, plusDays } from './time';

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * Monday to Sunday of one week (?week=<any day of it>, this week when none), each day with its jobs.
 * Days are the company's calendar days as the server groups them; the phone only names them.
 */
export function WeekTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('week');
  const week = useCall('Booking/GetTableSummaryBookingDriverAppPerWeek', isDay(asked) ? { date: asked } : {});
  const answer = week.data?.data;
  const today = localToday();
  const goTo = (date: string | null) =>
    setParams(
      (p) => {
        if (date) p.set('week', date);
        else p.delete('week');
        return p;
      },
      { replace: true },
    );
  const shown = answer ?? null;
  const isThisWeek = shown ? shown.fromDate <= today && today <= shown.toDate : !asked;
  const total = shown?.days.reduce((n, d) => n + d.jobs.length, 0) ?? 0;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          size={44}
          radius="xl"
          aria-label={t('driver-app.jobs.week.previous')}
          disabled={!shown}
          onClick={() => shown && goTo(plusDays(shown.fromDate, -7))}
        >
          <IconChevronLeft />
        </ActionIcon>
        <Stack gap={0} align="center">
          <Title order={3} size="h5" ta="center" aria-live="polite">
            {shown
              ? t('driver-app.jobs.week.range', {
                  from: dayName(shown.fromDate, 'short'),
                  to: dayName(shown.toDate, 'short'),
                })
              : t('driver-app.jobs.week.loading')}
          </Title>
          {shown ? (
            <Text size="xs" c="dimmed">
              {t('driver-app.jobs.week.total', { count: total })}
            </Text>
          ) : null}
        </Stack>
        <ActionIcon
          variant="default"
          size={44}
          radius="xl"
          aria-label={t('driver-app.jobs.week.next')}
          disabled={!shown}
          onClick={() => shown && goTo(plusDays(shown.fromDate, 7))}
        >
          <IconChevronRight />
        </ActionIcon>
      </Group>
      {!isThisWeek ? (
        <Button variant="subtle" size="sm" onClick={() => goTo(null)} style={{ alignSelf: 'center' }}>
          {t('driver-app.jobs.week.thisWeek')}
        </Button>
      ) : null}
      {week.error && !week.data ? (
        <LoadFailed title={t('driver-app.jobs.week.failed')} error={week.error} onRetry={week.refetch} />
      ) : !shown ? (
        <ListSkeleton rows={7} height={64} />
      ) : (
        <WeekDays week={shown} today={today} fetching={week.isFetching} empty={total === 0} />
      )}
    </Stack>
  );
}

function WeekDays({
  week,
  today,
  fetching,
  empty,
}: {
  week: WeekAnswer;
  today: string;
  fetching: boolean;
  empty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy={fetching} data-testid="week-days">
      {empty ? (
        <EmptyState
          icon={<IconCalendarOff size={28} />}
          title={t('driver-app.jobs.week.emptyTitle')}
          text={t('driver-app.jobs.week.emptyText')}
        />
      ) : null}
      {week.days.map((day) => (
        <WeekDay key={day.date} date={day.date} jobs={day.jobs} isToday={day.date === today} />
      ))}
    </Stack>
  );
}

function WeekDay({ date, jobs, isToday }: { date: string; jobs: JobRow[]; isToday: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="sm"
      aria-current={isToday ? 'date' : undefined}
      aria-label={dayName(date)}
      data-testid={`week-day-${date}`}
      style={
        isToday
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              borderWidth: 2,
              background: 'var(--mantine-primary-color-light)',
            }
          : undefined
      }
    >
      <Group justify="space-between" mb={jobs.length ? 'xs' : 0}>
        <Group gap="xs">
          <Title order={4} size="h6">
            {dayName(date)}
          </Title>
          {isToday ? (
            <Badge size="sm" variant="filled">
              {t('driver-app.jobs.week.today')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" data-testid="day-count">
          {t('driver-app.jobs.week.dayCount', { count: jobs.length })}
        </Text>
      </Group>
      {jobs.length ? (
        <Stack gap={4}>
          {jobs.map((job) => (
            <WeekJob key={job.id} job={job} />
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

function WeekJob({ job }: { job: JobRow }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <UnstyledButton
      component={Link}
      to={String(job.id)}
      state={{ backSearch: search } satisfies BackState}
      py={8}
      px={4}
      mih={44}
      style={{ borderRadius: 8, display: 'block' }}
      data-testid="week-job"
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Text fw={700} w={52} style={{ flexShrink: 0 }}>
          {job.isAsap ? t('driver-app.jobs.asapShort') : clockTime(job.pickupAt)}
        </Text>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate>
            {job.pickup}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {'→ '}
            {job.dropoff ?? t('driver-app.jobs.noDropoff')}
            {job.viaCount ? ` (${t('driver-app.jobs.vias', { count: job.viaCount })})` : ''}
          </Text>
        </Stack>
        {/* A completed job in the week needs no badge; the route gets the room. */}
        {job.status === 'completed' ? null : <JobStatusBadge status={job.status} size="sm" />}
      </Group>
    </UnstyledButton>
  );
}
