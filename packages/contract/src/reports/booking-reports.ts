import { list, read } from '../define';
import * as s from './report-schemas';

const filters =
  'Filters: fromDate/toDate (company days of pick-up; startDate/endDate accepted as aliases; default the current month; at most five years), clientID, driverID, passengerID, vehicletypeID, categoryID (client type), paymentMethodID, statusID; an id not of the company, a reversed or longer range is a 400 naming the field.';
const withTotals =
  'Beside data, allData, total and count the answer has `totals`: the same figures over the whole filtered set.';

/** The six Reports calls (spec 001 Reports); docs/reports.md. */
export const reportCalls = {
  GetReportsDataBookingsTotals: read({
    input: s.reportFilterInput,
    output: s.bookingsTotals,
    summary: `Counts and money by status over the period, who cancelled, the operator KPIs (revenue per vehicle hour on shift, utilisation, offer acceptance, pick-up wait, on-time pick-ups, time to allocate, dead mileage) and day/week/month trends. ${filters}`,
  }),
  GetReportsDataBooking: list({
    input: s.bookingReportInput,
    row: s.bookingReportRow,
    summary: `The bookings of the filter with their money, newest pick-up first; q searches the number, client, passenger and driver. ${filters} ${withTotals}`,
  }),
  GetReportsDataClient: list({
    input: s.entityReportInput,
    row: s.entityReportRow,
    summary: `One row per client with bookings in the period: counts, revenue, pick-up KPIs; q searches the name. ${filters} ${withTotals}`,
  }),
  GetReportsDataDriver: list({
    input: s.driverReportInput,
    row: s.driverReportRow,
    summary: `One row per driver with bookings or shifts in the period: counts, revenue, hours on shift, utilisation, revenue per shift hour, offer acceptance, dead mileage, pick-up KPIs; q searches the name. ${filters} ${withTotals}`,
  }),
  GetReportsDataPassenger: list({
    input: s.entityReportInput,
    row: s.entityReportRow,
    summary: `One row per passenger with bookings in the period: counts, revenue, pick-up KPIs; q searches the name. ${filters} ${withTotals}`,
  }),
  GetReportsDataVehicleType: list({
    input: s.entityReportInput,
    row: s.entityReportRow,
    summary: `One row per vehicle type with bookings in the period: counts, revenue, pick-up KPIs; q searches the name. ${filters} ${withTotals}`,
  }),
};
