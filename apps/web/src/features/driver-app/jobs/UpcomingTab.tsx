import { Stack } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/hooks';
import { EmptyState, ListSkeleton, LoadFailed } from '../account/screen';
import { JobCard } from './JobCard';
import { useNow } from './useNow';

/** The driver's current and coming jobs, soonest first (at most a few dozen, so one call, no paging). */
export function UpcomingTab() {
  const { t } = useTranslation();
  const now = useNow();
  const jobs = useCall('Booking/GetTableSummaryBookingDriverApp', { perPage: 0 });
  if (jobs.error && !jobs.data) {
    return <LoadFailed title={t('driver-app.jobs.upcoming.failed')} error={jobs.error} onRetry={jobs.refetch} />;
  }
  if (!jobs.data) return <ListSkeleton rows={3} height={140} />;
  const rows = jobs.data.data;
  if (!rows.length) {
    return (
      <EmptyState
        icon={<IconCalendarTime size={28} />}
        title={t('driver-app.jobs.upcoming.emptyTitle')}
        text={t('driver-app.jobs.upcoming.emptyText')}
      />
    );
  }
  return (
    <Stack gap="sm" data-testid="upcoming-jobs" aria-busy={jobs.isFetching}>
      {rows.map((job) => (
        <JobCard key={job.id} job={job} kind="upcoming" now={now} />
      ))}
    </Stack>
  );
}
