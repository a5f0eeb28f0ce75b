import type { z } from 'zod';
import { area, read } from '../define';
import {
  bookingsGraph,
  dashboardAllData,
  dashboardFilters,
  documentPanel,
  goalOverview,
  pendingPayments,
  sources,
  topRows,
  trendRows,
} from './schemas';

const panel = <O extends z.ZodType>(output: O, summary: string) => read({ input: dashboardFilters, output, summary });

export const commonDashboard = area(
  'Common',
  { subject: 'Dashboard' },
  {
    GetAllBookingTrends: panel(trendRows, "The company's bookings per month over the range (default: 12 months)."),
  },
);

export const dashboardDashboard = area(
  'Dashboard',
  { subject: 'Dashboard' },
  {
    GetDashboardTopDriver: panel(topRows, 'The ten busiest drivers over the range, by done jobs then revenue.'),
    GetDashboardTopClient: panel(topRows, 'The ten busiest clients over the range, by done jobs then revenue.'),
    GetBookingsGraph: panel(bookingsGraph, 'Bookings per company day over the range, every day present.'),
    GetGoalOverview: panel(
      goalOverview,
      'This month so far against the company goals, with the projection to its end (the dates are not used).',
    ),
    GetPendingBookingPayments: panel(pendingPayments, 'Completed bookings still unpaid: the total and the 20 oldest.'),
    GetDashboardSources: panel(sources, 'Bookings and revenue per booking source, every source present.'),
    GetDashboardAllData: panel(dashboardAllData, 'Every dashboard panel in one answer.'),
    GetDashboardDriverDocuments: panel(
      documentPanel,
      "Active drivers' documents by expiry state, the mandatory ones lacking, and the expired and expiring ones.",
    ),
    GetDashboardVehicleDocuments: panel(
      documentPanel,
      "Active vehicles' documents by expiry state, the mandatory ones lacking, and the expired and expiring ones.",
    ),
  },
);
