import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookingStatus } from '@cabdesk/contract';
import { messageOf } from '../../../api/errors';
import { useCall } from '../../../api/hooks';
import { money } from '../../../ui/format';
import { useNow } from '../jobs/useNow';
import { JourneyPanel } from '../journey/JourneyPanel';
import { effectiveStatus, onTheRoad } from '../journey/steps';
import { useDriverSession, useOutbox } from '../session';
import { JobSummary } from './JobSummary';
import { OfferCard } from './OfferCard';
import { ShiftCard } from './ShiftCard';
import { StatusCard } from './StatusCard';

const awaitingAnswer: readonly BookingStatus[] = ['offered', 'allocated'];
const current: readonly BookingStatus[] = [...onTheRoad, 'accepted'];
/** Jobs given days ahead wait in Jobs; Today asks only about the ones coming up. */
const ASK_WITHIN_MS = 24 * 3_600_000;
const ASK_AT_MOST = 3;

/** The driver's home: offers to answer, the job under way with its next step, status, shift and the day. */
export function TodayPage() {
  const { t } = useTranslation();
  const { positionError } = useDriverSession();
  const queue = useOutbox();
  const now = useNow(60_000);
  const dashboard = useCall('Booking/GetDriverDashboardDetails', {});
  const jobs = useCall('Booking/GetTableSummaryBookingDriverApp', { perPage: 50 });

  const rows = (jobs.data?.data ?? []).map((job) => ({
    ...job,
    status: effectiveStatus(job.status, queue.steps, job.id),
  }));
  const unanswered = rows.filter((job) => awaitingAnswer.includes(job.status));
  // An offer expires, so every one shows; of the jobs given, the next few.
  const soon = now + ASK_WITHIN_MS;
  const given = unanswered.filter((job) => job.status === 'allocated' && Date.parse(job.pickupAt) <= soon);
  const offers = [...unanswered.filter((job) => job.status === 'offered'), ...given.slice(0, ASK_AT_MOST)];
  const laterToAnswer = unanswered.length - offers.length;
  // The job on the road first; otherwise the soonest one accepted.
  const job = rows.find((j) => onTheRoad.includes(j.status)) ?? rows.find((j) => current.includes(j.status));
  const day = dashboard.data?.data;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('driver-app.today.title')}
      </Title>
      {positionError && (
        <Alert color="orange" icon={<IconMapPinOff />} title={t('driver-app.today.noPosition')}>
          {positionError}
        </Alert>
      )}
      {jobs.isError && !jobs.data && (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('driver-app.today.jobsFailed')}>
          <Stack gap="xs">
            <Text size="sm">{messageOf(jobs.error)}</Text>
            <Button size="xs" variant="white" w="fit-content" onClick={() => void jobs.refetch()}>
              {t('driver-app.tryAgain')}
            </Button>
          </Stack>
        </Alert>
      )}
      {offers.map((offer) => (
        <OfferCard key={offer.id} job={offer} />
      ))}
      {laterToAnswer > 0 && (
        <Button component={Link} to="/driver/jobs" variant="light" size="md" data-testid="later-to-answer">
          {t('driver-app.today.laterToAnswer', { count: laterToAnswer })}
        </Button>
      )}
      {job && (
        <Paper withBorder radius="lg" p="md" data-testid="current-job">
          <Stack gap="sm">
            <Text fw={600}>{t('driver-app.today.currentJob')}</Text>
            <JobSummary job={job} />
            <JourneyPanel bookingId={job.id} />
          </Stack>
        </Paper>
      )}
      <StatusCard />
      <ShiftCard />
      {dashboard.isPending ? (
        <Skeleton height={96} radius="lg" />
      ) : day ? (
        <SimpleGrid cols={2} spacing="sm">
          <Paper withBorder radius="lg" p="md">
            <Text size="xs" c="dimmed">
              {t('driver-app.today.jobsToday')}
            </Text>
            <Text fw={700} size="xl" data-testid="jobs-today">
              {t('driver-app.today.doneOf', { done: day.todayDoneCount, total: day.todayJobCount })}
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Text size="xs" c="dimmed">
              {t('driver-app.today.earnedToday')}
            </Text>
            <Text fw={700} size="xl">
              {money(day.earningsTodayMinor, day.currency)}
            </Text>
            {day.earningsTodayEstimatedMinor > 0 ? (
              <Text size="xs" c="dimmed" data-testid="today-estimate">
                {t('driver-app.today.todayEstimate', { amount: money(day.earningsTodayEstimatedMinor, day.currency) })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('driver-app.today.thisWeek', { amount: money(day.earningsWeekMinor, day.currency) })}
            </Text>
          </Paper>
        </SimpleGrid>
      ) : null}
      {!job && offers.length === 0 && jobs.data && (
        <Paper withBorder radius="lg" p="lg" ta="center">
          <Text fw={600}>{t('driver-app.today.noJob')}</Text>
          <Text size="sm" c="dimmed">
            {t('driver-app.today.noJobHint')}
          </Text>
        </Paper>
      )}
      {day?.nextJob && day.nextJob.id !== job?.id && !awaitingAnswer.includes(day.nextJob.status) && (
        <Paper withBorder radius="lg" p="md">
          <Text fw={600} mb="xs">
            {t('driver-app.today.nextJob')}
          </Text>
          <JobSummary job={day.nextJob} />
        </Paper>
      )}
    </Stack>
  );
}
