import { z } from 'zod';
import { bookingSources } from '../bookings/status';
import { documentExpiryState } from '../documents/schemas';
import { isoDate, optionalRef } from '../fields';
import { topRow, trendRow } from '../statistics/schemas';

/** The longest range a dashboard answers, so a per-day graph stays a sensible size. */
export const DASHBOARD_MAX_DAYS = 731;

/**
 * The one filter bar of the dashboard; every panel takes it. Dates are the company's own days and
 * both ends count; missing dates mean the last 30 days (Common/GetAllBookingTrends: 12 months).
 * 0 or "" for a reference means "all", as the existing clients send it.
 */
export const dashboardFilters = z
  .object({
    fromDate: isoDate().optional(),
    toDate: isoDate().optional(),
    clientId: optionalRef(),
    driverId: optionalRef(),
    vehicleTypeId: optionalRef(),
    source: z
      .union([z.literal(''), z.enum(bookingSources)])
      .nullable()
      .optional()
      .transform((v) => v || null),
  })
  .refine((v) => !v.fromDate || !v.toDate || v.toDate >= v.fromDate, {
    path: ['toDate'],
    message: 'must be on or after fromDate',
  });

export type DashboardFilters = z.output<typeof dashboardFilters>;

export const topRows = z.array(topRow);
export const trendRows = z.array(trendRow);

export const bookingsGraphRow = z.object({
  date: z.string().describe('YYYY-MM-DD, a day of the company'),
  bookings: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  revenueMinor: z.number().describe('Prices of the completed and no-show bookings'),
});
export const bookingsGraph = z.array(bookingsGraphRow);

export const goalOverview = z.object({
  month: z.string().describe('YYYY-MM'),
  bookings: z.number(),
  bookingsGoal: z.number().nullable().describe('null when the company has set no goal'),
  revenueMinor: z.number(),
  revenueGoalMinor: z.number().nullable(),
  currency: z.string(),
  completionRate: z.number().describe('Completed bookings per booking, in basis points'),
  cancellationRate: z.number().describe('Cancelled bookings per booking, in basis points'),
  daysElapsed: z.number(),
  daysInMonth: z.number(),
  projectedBookings: z.number(),
  projectedRevenueMinor: z.number(),
});

export const pendingPaymentRow = z.object({
  id: z.number(),
  pickupAt: z.string(),
  passengerName: z.string().nullable(),
  clientName: z.string().nullable(),
  priceMinor: z.number(),
  currency: z.string(),
  paymentMethod: z.string().nullable(),
  daysOutstanding: z.number(),
});
export const pendingPayments = z.object({
  totalMinor: z.number(),
  count: z.number(),
  currency: z.string(),
  rows: z.array(pendingPaymentRow).describe('The 20 oldest'),
});

export const sourceRow = z.object({
  source: z.enum(bookingSources),
  name: z.string(),
  bookings: z.number(),
  revenueMinor: z.number(),
});
export const sources = z.array(sourceRow);

export const documentAlert = z.object({
  id: z.number(),
  ownerId: z.number(),
  ownerName: z.string(),
  documentTypeName: z.string(),
  expiryDate: z.string().nullable(),
  expiryState: documentExpiryState,
  daysToExpiry: z.number().nullable().describe('Days from today to the expiry date (negative once expired)'),
});
export const documentPanel = z.object({
  valid: z.number().describe('Valid documents, those without expiry included'),
  expiring: z.number(),
  expired: z.number(),
  missing: z.number().describe('Mandatory documents active owners lack'),
  items: z.array(documentAlert).describe('Expired and expiring documents, soonest first, at most 20'),
});

export const dashboardAllData = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  topDrivers: topRows,
  topClients: topRows,
  bookingsGraph,
  goalOverview,
  pendingPayments,
  sources,
  driverDocuments: documentPanel,
  vehicleDocuments: documentPanel,
});
