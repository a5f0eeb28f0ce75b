import { z } from 'zod';
import { bookingRow } from '../bookings/schemas';
import { id, isoDate, listInput } from '../fields';

/** A job as the driver sees it: the booking line plus what the driver is paid and the office's notes for them. */
export const driverJobRow = bookingRow.extend({
  driverPriceMinor: z
    .number()
    .nullable()
    .describe(
      "What the driver is paid for the job, in minor units: its pay on the driver's approved statement, else what statement generation would pay it (null: a cancelled or rejected job)",
    ),
  driverPayEstimated: z
    .boolean()
    .describe('True while the job is on no approved statement of the driver: driverPriceMinor is an estimate'),
  notesForDriver: z.string().nullable(),
});

/** The driver's current and coming jobs (paged, soonest first). */
export const driverJobListInput = listInput({});

/** The driver's done jobs (paged, newest first; dates are days of the company's time zone). */
export const driverHistoryListInput = listInput({
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
});

/** Booking/GetDriverUpcomingBooking: the next job, or null when there is none. */
export const driverUpcomingAnswer = z.object({ booking: driverJobRow.nullable() });

/** A period of company calendar days; both ends included. */
export const driverPeriodInput = z
  .object({ fromDate: isoDate(), toDate: isoDate() })
  .refine((v) => v.fromDate <= v.toDate, { message: 'must not be before fromDate', path: ['toDate'] })
  .refine((v) => Date.parse(v.toDate) - Date.parse(v.fromDate) <= 366 * 86_400_000, {
    message: 'the period may be at most 366 days',
    path: ['toDate'],
  });

const onStatementMinor = z
  .number()
  .describe('Pay of the jobs on an approved or settled statement (with its corrections), minor units');
const estimatedMinor = z
  .number()
  .describe('Pay of done jobs on no approved statement yet, as statement generation would pay them now: an estimate');

/**
 * A job's pay is its approved statement's (with corrections), else what statement generation would
 * pay it now (the estimate); earningsMinor = onStatementMinor + estimatedMinor (docs/driver-app-lists.md#earnings).
 */
export const driverEarningsDay = z.object({
  date: z.string(),
  jobs: z.number(),
  earningsMinor: z.number(),
  onStatementMinor,
  estimatedMinor,
});

export const driverEarningsAnswer = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  currency: z.string(),
  jobs: z.number(),
  totalMinor: z.number(),
  onStatementMinor,
  estimatedMinor,
  estimatedJobs: z.number().describe('How many of the jobs are on no approved statement yet'),
  days: z.array(driverEarningsDay),
});

export const driverNotificationListInput = listInput({});

export const driverNotificationRow = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  bookingId: z.number().nullable(),
  isNotified: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

/** Driver/UpdateIsNotified: one notification by id, or all of the driver's when `all` is true. */
export const driverNotifiedInput = z
  .object({ id: id().optional(), all: z.boolean().optional() })
  .refine((v) => v.id !== undefined || v.all === true, { message: 'is required unless all is true', path: ['id'] });

export const driverNotifiedAnswer = z.object({ updated: z.number() });

export const driverChatCountAnswer = z.object({ count: z.number() });

/** Booking/GetDriverDashboardDetails: the driver's day at a glance (days of the company's time zone). */
export const driverDashboardAnswer = z.object({
  today: z.string(),
  currency: z.string(),
  availability: z.number(),
  availabilityName: z.string(),
  todayJobs: z.array(driverJobRow),
  todayJobCount: z.number(),
  todayDoneCount: z.number(),
  earningsTodayMinor: z.number(),
  earningsWeekMinor: z.number(),
  earningsTodayEstimatedMinor: z
    .number()
    .describe('The part of earningsTodayMinor on no approved statement yet (an estimate), minor units'),
  earningsWeekEstimatedMinor: z
    .number()
    .describe('The part of earningsWeekMinor on no approved statement yet (an estimate), minor units'),
  nextJob: driverJobRow.nullable(),
});

/**
 * Driver/GetDriverPaymentSummary: what the company owes the driver for a period. net = earnings +
 * approved expenses + credits − debits.
 */
export const driverPaymentSummaryAnswer = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  currency: z.string(),
  jobs: z.number(),
  earningsMinor: z.number(),
  onStatementMinor,
  estimatedMinor,
  estimatedJobs: z.number().describe('How many of the jobs are on no approved statement yet'),
  approvedExpensesMinor: z.number(),
  pendingExpensesMinor: z.number(),
  creditsMinor: z.number(),
  debitsMinor: z.number(),
  netMinor: z.number(),
});

/** Booking/GetBookingTime: the pick-up time and the journey's stamps of one of the driver's jobs. */
export const driverBookingTimeAnswer = z.object({
  id: z.number(),
  status: z.string(),
  pickupAt: z.string(),
  isAsap: z.boolean(),
  offeredAt: z.string().nullable(),
  allocatedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  onRouteAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  onBoardAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  waitingSeconds: z.number().nullable(),
  /** From on board to completed, in whole minutes; null until both are known. */
  journeyMinutes: z.number().nullable(),
});

/** Driver/GetDriverEarningsAverage: whole minor units, rounded half up. */
export const driverEarningsAverageAnswer = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  currency: z.string(),
  jobs: z.number(),
  totalMinor: z.number(),
  onStatementMinor,
  estimatedMinor,
  perJobMinor: z.number(),
  /** Over every calendar day of the period. */
  perDayMinor: z.number(),
  /** Over the days with at least one done job. */
  perWorkedDayMinor: z.number(),
});

/** Booking/GetTableSummaryBookingDriverAppPerWeek: any day of the week (defaults to today); weeks start on Monday. */
export const driverWeekInput = z.object({ date: isoDate().optional() });

export const driverWeekAnswer = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  days: z.array(z.object({ date: z.string(), jobs: z.array(driverJobRow) })),
});
