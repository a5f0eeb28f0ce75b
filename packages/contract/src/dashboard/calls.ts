import { area, planned } from '../define';

export const commonDashboard = area(
  'Common',
  { subject: 'Dashboard' },
  {
    GetAllBookingTrends: planned(),
  },
);

export const dashboardDashboard = area(
  'Dashboard',
  { subject: 'Dashboard' },
  {
    GetDashboardTopDriver: planned(),
    GetDashboardTopClient: planned(),
    GetBookingsGraph: planned(),
    GetGoalOverview: planned(),
    GetPendingBookingPayments: planned(),
    GetDashboardSources: planned(),
    GetDashboardAllData: planned(),
    GetDashboardDriverDocuments: planned(),
    GetDashboardVehicleDocuments: planned(),
  },
);
