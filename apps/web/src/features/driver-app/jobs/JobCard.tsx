import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { money } from '../../../ui/format';
import { fixedLabel } from '../../../ui/fixedLabel';
import { JobStatusBadge } from './JobStatusBadge';
import { driverPayOf, type JobRow } from './model';
import { RouteLines } from './RouteLines';
import { clockTime, firstUpper, localDayOf, localToday, relativeTime, shortDate } from './time';

/** Where a job's details page leads back to: the list it was opened from, with its tab and filter. */
export interface BackState {
  backSearch?: string;
}

/** One job as a card that opens its details; upcoming jobs say how soon, history jobs which day. */
export function JobCard({ job, kind, now }: { job: JobRow; kind: 'upcoming' | 'history'; now?: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const driverPay = driverPayOf(job);
  const today = localDayOf(job.pickupAt) === localToday();
  return (
    <Paper
      component={Link}
      to={String(job.id)}
      state={{ backSearch: search } satisfies BackState}
      withBorder
      radius="md"
      p="md"
      data-testid="job-card"
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {kind === 'upcoming' ? (
            <Stack gap={0}>
              <Text fw={700} size="lg">
                {job.isAsap ? t('driver-app.jobs.asap') : firstUpper(relativeTime(job.pickupAt, now))}
              </Text>
              <Text size="sm" c="dimmed">
                {today ? clockTime(job.pickupAt) : `${shortDate(job.pickupAt)} · ${clockTime(job.pickupAt)}`}
              </Text>
            </Stack>
          ) : (
            <Text fw={700}>{`${shortDate(job.pickupAt)} · ${clockTime(job.pickupAt)}`}</Text>
          )}
          <JobStatusBadge status={job.status} />
        </Group>
        <RouteLines job={job} compact={kind === 'history'} />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" truncate>
            {(kind === 'upcoming'
              ? [job.passengerName, job.vehicleTypeName]
              : [job.passengerName, job.paymentMethod ? fixedLabel('paymentMethod', job.paymentMethod) : null]
            )
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {driverPay !== null ? (
            <Text fw={700} style={{ flexShrink: 0 }}>
              {t(driverPay.estimated ? 'driver-app.jobs.yourPriceEstimate' : 'driver-app.jobs.yourPrice', {
                amount: money(driverPay.amount, job.currency),
              })}
            </Text>
          ) : job.priceMinor !== null ? (
            <Text fw={600} style={{ flexShrink: 0 }}>
              {t('driver-app.jobs.fare', { amount: money(job.priceMinor, job.currency) })}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
