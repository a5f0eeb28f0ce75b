import { area, planned } from '../define';

export const bookingMessages = area(
  'Booking',
  { subject: 'Booking' },
  {
    GetBookingEmailAddresses: planned(),
    GetBookingEmailAddressesForChangings: planned(),
    SendSMSToDriverwithoutBID: planned(),
    GetPassengerEmailAddress: planned(),
    SendConfirmationEmail: planned(),
    SendConfirmationSMS: planned(),
    GetNotificationsForBookingClient: planned(),
  },
);
