import { z } from 'zod';
import { id, isoDate, wholeNumber } from '../fields';

/** A date range in the company's time zone; both ends optional and inclusive. */
export const dateRange = {
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
};

/** The statistics of one driver, passenger, client, vehicle or staff member. */
export const entityStatsInput = z.object({ id: id(), ...dateRange });

/** Trends default to the last twelve months. */
export const trendsInput = z.object({ id: id(), ...dateRange });

export const topInput = z.object({ ...dateRange, limit: wholeNumber({ min: 1, max: 50 }).optional().default(10) });

export const statistics = z.object({
  totalBookings: z.number(),
  completedBookings: z.number(),
  cancelledBookings: z.number(),
  noShowBookings: z.number(),
  upcomingBookings: z.number(),
  revenueMinor: z.number().describe('Sum of the prices of completed and no-show bookings'),
  averageFareMinor: z.number(),
  currency: z.string(),
  firstBookingAt: z.string().nullable(),
  lastBookingAt: z.string().nullable(),
});

export const bookingCount = z.object({
  total: z.number(),
  today: z.number(),
  thisWeek: z.number(),
  thisMonth: z.number(),
  thisYear: z.number(),
  upcoming: z.number(),
});

export const weekDayRow = z.object({
  day: z.number().describe('ISO day of the week: 1 Monday … 7 Sunday'),
  name: z.string(),
  bookings: z.number(),
  revenueMinor: z.number(),
});

export const trendRow = z.object({
  period: z.string().describe('YYYY-MM'),
  name: z.string(),
  bookings: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  revenueMinor: z.number(),
});

export const topRow = z.object({
  rank: z.number(),
  id: z.number(),
  name: z.string(),
  bookings: z.number(),
  revenueMinor: z.number(),
});
