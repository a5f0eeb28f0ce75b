import type { CallOutput, schemas } from '@cabdesk/contract';
import type { z } from 'zod';

export type JobRow = z.output<typeof schemas.driverJobRow>;
export type WeekAnswer = CallOutput<'Booking/GetTableSummaryBookingDriverAppPerWeek'>;
export type JobStop = z.output<typeof schemas.journeyStop>;

/** What the driver is paid for the job, once the office has set it. */
export function driverPriceOf(job: JobRow): number | null {
  return job.driverPriceMinor;
}
