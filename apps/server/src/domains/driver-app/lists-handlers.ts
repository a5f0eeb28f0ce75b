import { handlers } from '../../platform/http/context';
import { driverDashboard } from './lists-dashboard';
import { driverEarnings } from './lists-earnings';
import { driverUpcoming, listDriverHistory, listDriverJobs } from './lists-jobs';
import { driverEarningsAverage, driverWeek } from './lists-week';
import { driverBookingTime } from './lists-times';
import { driverPaymentSummary } from './lists-payment';
import { driverChatCount, listDriverNotifications, markNotified } from './lists-notifications';

export const driverListsHandlers = handlers({
  'Booking/GetDriverUpcomingBooking': (_input, ctx) => driverUpcoming(ctx),
  'Booking/GetTableSummaryBookingDriverApp': (input, ctx) => listDriverJobs(ctx, input),
  'Booking/GetTableSummaryBookingDriverHistory': (input, ctx) => listDriverHistory(ctx, input),
  'Booking/GetDriverDashboardDetails': (_input, ctx) => driverDashboard(ctx),
  'Booking/GetBookingDriverHistory': (input, ctx) => listDriverHistory(ctx, input),
  'Booking/GetDriverEarnings': (input, ctx) => driverEarnings(ctx, input),
  'Driver/GetDriverEarnings': (input, ctx) => driverEarnings(ctx, input),
  'Booking/GetBookingTime': (input, ctx) => driverBookingTime(ctx, input.id),
  'Booking/GetTableSummaryBookingDriverAppPerWeek': (input, ctx) => driverWeek(ctx, input),
  'Driver/GetDriverEarningsAverage': (input, ctx) => driverEarningsAverage(ctx, input),
  'Driver/GetDriverNotifications': (input, ctx) => listDriverNotifications(ctx, input),
  'Driver/UpdateIsNotified': async (input, ctx) => {
    const data = await markNotified(ctx, input);
    return {
      data,
      message: data.updated === 1 ? 'Notification marked read.' : `${data.updated} notifications marked read.`,
    };
  },
  'Driver/GetDriverPaymentSummary': (input, ctx) => driverPaymentSummary(ctx, input),
  'Driver/GetChatCount': (_input, ctx) => driverChatCount(ctx),
});
