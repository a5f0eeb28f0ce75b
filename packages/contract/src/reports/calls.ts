import { area, planned } from '../define';

export const profitabilityProfitability = area(
  'Profitability',
  { subject: 'Profitability' },
  {
    GetClientProfitability: planned(),
    GetDriverProfitability: planned(),
    GetVehicleProfitability: planned(),
  },
);

export const reportsReports = area(
  'Reports',
  { subject: 'Reports' },
  {
    GetReportsDataBookingsTotals: planned(),
    GetReportsDataBooking: planned(),
    GetReportsDataClient: planned(),
    GetReportsDataDriver: planned(),
    GetReportsDataPassenger: planned(),
    GetReportsDataVehicleType: planned(),
  },
);
