import { area, list, mutation, read } from '../define';
import { byId, noInput } from '../fields';
import {
  driverBookingTimeAnswer,
  driverChatCountAnswer,
  driverPaymentSummaryAnswer,
  driverDashboardAnswer,
  driverEarningsAnswer,
  driverEarningsAverageAnswer,
  driverWeekAnswer,
  driverWeekInput,
  driverHistoryListInput,
  driverJobListInput,
  driverJobRow,
  driverNotificationListInput,
  driverNotificationRow,
  driverNotifiedAnswer,
  driverNotifiedInput,
  driverPeriodInput,
  driverUpcomingAnswer,
} from './lists-schemas';

export const bookingDriverLists = area(
  'Booking',
  { subject: 'DriverApp' },
  {
    GetDriverUpcomingBooking: read({
      input: noInput(),
      output: driverUpcomingAnswer,
      summary: "The signed-in driver's next job that is not finished, or null.",
    }),
    GetTableSummaryBookingDriverApp: list({
      input: driverJobListInput,
      row: driverJobRow,
      summary: "The signed-in driver's current and coming jobs, soonest first.",
    }),
    GetTableSummaryBookingDriverHistory: list({
      input: driverHistoryListInput,
      row: driverJobRow,
      summary: "The signed-in driver's done jobs (completed, no-show), newest first; fromDate/toDate filter.",
    }),
    GetTableSummaryBookingDriverAppPerWeek: read({
      input: driverWeekInput,
      output: driverWeekAnswer,
      summary: "The signed-in driver's jobs (not cancelled or rejected) of one week, Monday to Sunday, by company day.",
    }),
    GetDriverDashboardDetails: read({
      input: noInput(),
      output: driverDashboardAnswer,
      summary: "The signed-in driver's today: jobs, earnings today and this week (Monday on), availability, next job.",
    }),
    GetBookingDriverHistory: list({
      input: driverHistoryListInput,
      row: driverJobRow,
      summary:
        'The same list as GetTableSummaryBookingDriverHistory (the spec names both; older app screens call this one).',
    }),
    GetDriverEarnings: read({
      input: driverPeriodInput,
      output: driverEarningsAnswer,
      summary:
        "The signed-in driver's pay for done jobs in a period, by company day: approved statements' pay, else an estimate.",
    }),
    GetBookingTime: read({
      input: byId(),
      output: driverBookingTimeAnswer,
      summary: "Pick-up time and journey times of one of the signed-in driver's jobs; another driver's is not found.",
    }),
  },
);

export const driverLists = area(
  'Driver',
  { subject: 'DriverApp' },
  {
    GetDriverNotifications: list({
      input: driverNotificationListInput,
      row: driverNotificationRow,
      summary: "The signed-in driver's notifications, newest first.",
    }),
    UpdateIsNotified: mutation({
      verb: 'update',
      input: driverNotifiedInput,
      output: driverNotifiedAnswer,
      summary: "Marks one of the driver's own notifications read (or all of them with all: true).",
    }),
    GetDriverEarnings: read({
      input: driverPeriodInput,
      output: driverEarningsAnswer,
      summary: 'Same answer as Booking/GetDriverEarnings.',
    }),
    GetDriverEarningsAverage: read({
      input: driverPeriodInput,
      output: driverEarningsAverageAnswer,
      summary: "The signed-in driver's average earnings per done job and per day over a period.",
    }),
    GetDriverPaymentSummary: read({
      input: driverPeriodInput,
      output: driverPaymentSummaryAnswer,
      summary: 'Earnings, approved expenses, credits and debits of the signed-in driver in a period, and the net.',
    }),
    GetChatCount: read({
      input: noInput(),
      output: driverChatCountAnswer,
      summary: 'How many messages from the office the signed-in driver has not read.',
    }),
  },
);
