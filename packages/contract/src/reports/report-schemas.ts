import { z } from 'zod';
import { bookingStatuses } from '../bookings/status';

export * from './filters';

const percent = () => z.number().nullable().describe('0–100, one decimal; null when there is nothing to measure');

/** Who cancelled: the office, the driver, the customer (portal, app, web) or the system. */
export const cancelledBy = ['office', 'driver', 'customer', 'system'] as const;

/** Counts and money of a set of bookings, by what became of them. */
export const bookingCounts = z.object({
  bookings: z.number(),
  done: z.number().describe('Completed'),
  noShow: z.number(),
  cancelled: z.number(),
  rejected: z.number(),
  future: z.number().describe('Not final yet (quote … on board)'),
  lost: z.number().describe('Cancelled, no-show and rejected'),
  revenueMinor: z.number().describe('Prices of completed and no-show bookings, minor units'),
  averageFareMinor: z.number().describe('Revenue over completed and no-show bookings, minor units'),
});

/** The pick-up KPIs any owner of bookings has. */
export const pickupKpis = z.object({
  onTimePercent: percent().describe('Arrived within 5 minutes of the booked time, of those with an arrival'),
  averageWaitSeconds: z
    .number()
    .nullable()
    .describe('Seconds from the booked pick-up time to the arrival (an early arrival waits 0)'),
});

export const statusRow = z.object({
  status: z.enum(bookingStatuses),
  label: z.string(),
  bookings: z.number(),
  amountMinor: z.number(),
});

export const trendPoint = z.object({
  period: z.string().describe('The first company day of the day, ISO week or month (YYYY-MM-DD)'),
  bookings: z.number(),
  done: z.number(),
  lost: z.number(),
  revenueMinor: z.number(),
});

const deadMileage = percent().describe(
  'Dead mileage: metres driven to pick-ups / all metres driven, over done jobs whose approach and journey have a GPS track',
);

export const bookingsTotals = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  currency: z.string(),
  summary: bookingCounts,
  byStatus: z.array(statusRow),
  cancelledBy: z.object({
    office: z.number(),
    driver: z.number(),
    customer: z.number(),
    system: z.number(),
    unknown: z.number().describe('Cancelled without a history entry (imported or seeded bookings)'),
  }),
  kpis: pickupKpis.extend({
    shiftHours: z.number().describe('Driver hours on shift within the period, one decimal'),
    jobHours: z.number().describe('Hours from setting off to the drop-off of done jobs, one decimal'),
    revenuePerShiftHourMinor: z.number().nullable().describe('Revenue per vehicle hour on shift, minor units'),
    utilisationPercent: percent().describe('Hours on a job / hours on shift'),
    offers: z.number().describe('Offers and allocations made to drivers'),
    offerAcceptancePercent: percent().describe('Offers not declined nor left to expire'),
    averageAllocateSeconds: z.number().nullable().describe('Booking made to first offer or allocation'),
    deadMileagePercent: deadMileage,
  }),
  trend: z.object({ day: z.array(trendPoint), week: z.array(trendPoint), month: z.array(trendPoint) }),
});

export const bookingReportRow = z.object({
  id: z.number(),
  bookingNumber: z.string(),
  pickupAt: z.string(),
  status: z.enum(bookingStatuses),
  statusLabel: z.string(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  passengerId: z.number().nullable(),
  passengerName: z.string().nullable(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  vehicleTypeId: z.number().nullable(),
  vehicleTypeName: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  priceMinor: z.number().nullable(),
  driverPayMinor: z
    .number()
    .nullable()
    .describe('What approved driver statements pay for the job, corrections included; null while on none'),
  currency: z.string(),
  cancelledBy: z.enum(cancelledBy).nullable(),
});

export const bookingReportTotals = z.object({
  bookings: z.number(),
  amountMinor: z.number().describe('Prices of every booking of the filter'),
  revenueMinor: z.number().describe('Prices of completed and no-show bookings'),
  driverPayMinor: z.number().describe('What approved driver statements pay for the bookings of the filter'),
});

/** One client, passenger or vehicle type over the period. */
export const entityReportRow = z
  .object({ id: z.number(), name: z.string() })
  .extend(bookingCounts.shape)
  .extend(pickupKpis.shape);

/** One driver over the period, with the shift and offer KPIs. */
export const driverReportRow = entityReportRow.extend({
  shiftHours: z.number(),
  jobHours: z.number(),
  utilisationPercent: percent(),
  revenuePerShiftHourMinor: z.number().nullable(),
  offers: z.number(),
  offerAcceptancePercent: percent(),
  deadMileagePercent: deadMileage,
});

export type BookingsTotals = z.output<typeof bookingsTotals>;
export type BookingReportRow = z.output<typeof bookingReportRow>;
export type EntityReportRow = z.output<typeof entityReportRow>;
export type DriverReportRow = z.output<typeof driverReportRow>;
