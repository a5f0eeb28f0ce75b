import type { Handlers } from '../../platform/http/context';
import { bookingReport } from './booking-report';
import { driverReport, entityReport } from './entity-report';
import { bookingsTotals } from './totals';

export const reportsHandlers: Pick<
  Handlers,
  | 'Reports/GetReportsDataBookingsTotals'
  | 'Reports/GetReportsDataBooking'
  | 'Reports/GetReportsDataClient'
  | 'Reports/GetReportsDataDriver'
  | 'Reports/GetReportsDataPassenger'
  | 'Reports/GetReportsDataVehicleType'
> = {
  'Reports/GetReportsDataBookingsTotals': (input, ctx) => bookingsTotals(ctx, input),
  'Reports/GetReportsDataBooking': (input, ctx) => bookingReport(ctx, input),
  'Reports/GetReportsDataClient': (input, ctx) => entityReport(ctx, 'client', input),
  'Reports/GetReportsDataDriver': (input, ctx) => driverReport(ctx, input),
  'Reports/GetReportsDataPassenger': (input, ctx) => entityReport(ctx, 'passenger', input),
  'Reports/GetReportsDataVehicleType': (input, ctx) => entityReport(ctx, 'vehicleType', input),
};
