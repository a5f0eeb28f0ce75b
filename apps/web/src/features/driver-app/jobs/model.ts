import type { CallOutput, schemas } from '@cabdesk/contract';
import type { z } from 'zod';

export type JobRow = z.output<typeof schemas.driverJobRow>;
export type WeekAnswer = CallOutput<'Booking/GetTableSummaryBookingDriverAppPerWeek'>;
export type JobStop = z.output<typeof schemas.journeyStop>;

/** What the driver is paid for the job: the statement's figure, or an estimate while it is on none approved. */
export function driverPayOf(job: JobRow): { amount: number; estimated: boolean } | null {
  return job.driverPriceMinor === null ? null : { amount: job.driverPriceMinor, estimated: job.driverPayEstimated };
}
