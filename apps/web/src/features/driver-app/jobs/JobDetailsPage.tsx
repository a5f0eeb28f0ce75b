import { bookingStatuses, type BookingStatus } from '@cabdesk/contract';
import { Alert, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../../api/errors';
import { useCall } from '../../../api/hooks';
import { LoadFailed, Screen } from '../account/screen';
import { JourneyPanel } from '../journey/JourneyPanel';
import { PassengerFacts, PaymentFacts } from './details/JobFacts';
import { JobTimes } from './details/JobTimes';
import { StopList } from './details/StopList';
import { useJobRow } from './details/useJobRow';
import type { BackState } from './JobCard';
import { JobStatusBadge } from './JobStatusBadge';
import { clockTime, firstUpper, relativeTime, shortDate } from './time';
import { useNow } from './useNow';

// Booking/GetBookingTime names the status as plain text.
const isStatus = (v: string): v is BookingStatus => (bookingStatuses as readonly string[]).includes(v);

/** /driver/jobs/:id — everything a driver needs about one job, with the journey's next step on top. */
export function JobDetailsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const backSearch = (useLocation().state as BackState | null)?.backSearch ?? '';
  const back = { to: `/driver/jobs${backSearch}`, label: t('driver-app.jobs.details.back') };
  const time = useCall('Booking/GetBookingTime', { id: valid ? id : 1 }, { enabled: valid });

  const missing = !valid || (time.error instanceof ApiError && time.error.status === 404);
  if (missing) {
    return (
      <Screen title={t('driver-app.jobs.details.title', { id: valid ? id : '' })} back={back}>
        <Alert color="gray" icon={<IconInfoCircle />} title={t('driver-app.jobs.details.notFoundTitle')} role="alert">
          {t('driver-app.jobs.details.notFoundText')}
        </Alert>
      </Screen>
    );
  }
  const times = time.data?.data;
  // Another job's answer may still be on screen while this one loads: show nothing stale.
  const current = times && times.id === id ? times : undefined;
  // On bad signal the times may fail while the journey panel still works from the phone's queue.
  const failed = !current && !!time.error;
  return (
    <Screen
      title={t('driver-app.jobs.details.title', { id })}
      back={back}
      actions={current && isStatus(current.status) ? <JobStatusBadge status={current.status} size="lg" /> : null}
    >
      {current ? (
        <PickupHeadline pickupAt={current.pickupAt} isAsap={current.isAsap} />
      ) : failed ? (
        <LoadFailed title={t('driver-app.jobs.details.failed')} error={time.error} onRetry={time.refetch} />
      ) : (
        <Skeleton h={72} radius="md" />
      )}
      <JourneyPanel bookingId={id} />
      <Section title={t('driver-app.jobs.details.route')}>
        <Stops id={id} />
      </Section>
      <JobFacts id={id} pickupAt={failed ? null : current?.pickupAt} />
      {failed ? null : (
        <Section title={t('driver-app.jobs.details.times')}>
          {current ? <JobTimes times={current} /> : <Skeleton h={80} radius="md" />}
        </Section>
      )}
    </Screen>
  );
}

function PickupHeadline({ pickupAt, isAsap }: { pickupAt: string; isAsap: boolean }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <Paper withBorder radius="md" p="md" data-testid="pickup-time">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {t('driver-app.jobs.details.pickupTime')}
      </Text>
      <Text fw={800} size="xl">
        {isAsap ? t('driver-app.jobs.asap') : `${shortDate(pickupAt)} · ${clockTime(pickupAt)}`}
      </Text>
      {isAsap ? null : (
        <Text size="sm" c="dimmed">
          {firstUpper(relativeTime(pickupAt, now))}
        </Text>
      )}
    </Paper>
  );
}

function Stops({ id }: { id: number }) {
  const { t } = useTranslation();
  const locations = useCall('Driver/GetBookingLocations', { id });
  const next = useCall('Driver/BookingNextLocTypeID', { id });
  if (locations.error && !locations.data) {
    return (
      <LoadFailed
        title={t('driver-app.jobs.details.stopsFailed')}
        error={locations.error}
        onRetry={locations.refetch}
      />
    );
  }
  const answer = locations.data?.data;
  if (!answer || answer.bookingId !== id) return <Skeleton h={160} radius="md" />;
  // The next-location call names where to go; until it answers, the stops' own answer says the same.
  const nextAnswer = next.data?.data.bookingId === id ? next.data.data : answer;
  return <StopList stops={answer.stops} nextSeq={nextAnswer.stop?.seq ?? null} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Passenger and payment, from the job's list row. */
function JobFacts({ id, pickupAt }: { id: number; pickupAt: string | null | undefined }) {
  const { t } = useTranslation();
  const job = useJobRow(id, pickupAt);
  if (job === undefined) return <Skeleton h={180} radius="md" />;
  if (job === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('driver-app.jobs.details.noRow')}
      </Text>
    );
  }
  return (
    <>
      <Section title={t('driver-app.jobs.details.passenger')}>
        <PassengerFacts job={job} />
      </Section>
      <Section title={t('driver-app.jobs.details.payment')}>
        <PaymentFacts job={job} />
      </Section>
    </>
  );
}
