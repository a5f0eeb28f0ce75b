import { useCall } from '../../../../api/hooks';
import type { JobRow } from '../model';
import { localDayOf } from '../time';

/**
 * The list row of one job: passenger, counts, flight, payment and fare. No driver-app call reads one
 * booking's row, so it is found in the coming jobs (the Upcoming tab's cached answer), else in the
 * week of its pick-up, which also holds done jobs. Undefined while looking, null when neither has it
 * (pickupAt null: the pick-up time could not be read, so there is no week to look in).
 */
export function useJobRow(id: number, pickupAt: string | null | undefined): JobRow | null | undefined {
  const upcoming = useCall('Booking/GetTableSummaryBookingDriverApp', { perPage: 0 });
  const inUpcoming = upcoming.data?.data.find((r) => r.id === id);
  const lookInWeek = !!pickupAt && !!upcoming.data && !inUpcoming;
  const week = useCall(
    'Booking/GetTableSummaryBookingDriverAppPerWeek',
    pickupAt ? { date: localDayOf(pickupAt) } : {},
    { enabled: lookInWeek },
  );
  if (inUpcoming) return inUpcoming;
  if (upcoming.error && !upcoming.data) return null;
  if (pickupAt === null && upcoming.data) return null;
  if (!lookInWeek) return undefined;
  if (week.error && !week.data) return null;
  if (!week.data || week.isPlaceholderData) return undefined;
  return week.data.data.days.flatMap((d) => d.jobs).find((r) => r.id === id) ?? null;
}
