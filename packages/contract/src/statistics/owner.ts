import { z } from 'zod';
import { read } from '../define';
import { byId } from '../fields';
import { bookingCount, entityStatsInput, statistics, trendRow, trendsInput, weekDayRow } from './schemas';

/**
 * The four statistics calls every owner of bookings has (a driver, passenger, client, vehicle): the
 * totals over a range, the counts of today/week/month/year, the week days and the monthly trend.
 * Areas map them to the spec's names (Driver/GetDriverStatistics, Vehicle/GetvehicleBookingTrends…);
 * `note` adds what is particular to the owner to the totals' summary.
 */
export function ownerStatistics(owner: string, note = '') {
  return {
    statistics: read({
      input: entityStatsInput,
      output: statistics,
      summary: `A ${owner}'s bookings and revenue over a date range (default: all time).${note ? ` ${note}` : ''}`,
    }),
    count: read({
      input: byId(),
      output: bookingCount,
      summary: `A ${owner}'s bookings today, this week, month and year, upcoming and in all.`,
    }),
    weekDays: read({
      input: entityStatsInput,
      output: z.array(weekDayRow),
      summary: `A ${owner}'s bookings per day of the week, Monday first.`,
    }),
    trends: read({
      input: trendsInput,
      output: z.array(trendRow),
      summary: `A ${owner}'s bookings per month (default: the last twelve months).`,
    }),
  };
}
