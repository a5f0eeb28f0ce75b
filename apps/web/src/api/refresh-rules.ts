import type { BuiltName } from '@cabdesk/contract';
import type { RefreshRule } from './refresh';

/**
 * Calls whose change shows beyond their own subject, or that happen so often that refreshing every
 * read of the subject would be waste. Every other change refreshes the reads of its subject alone.
 */
const documentChange: RefreshRule = { also: ['Driver', 'Vehicle', 'Staff', 'Dashboard'] };
const staffChange: RefreshRule = { also: ['User'] };
const accountChange: RefreshRule = { also: ['Staff'] };
// The card form's key is a look-up every session reads; the live/test badge is a payments read.
const paymentSettingsChange: RefreshRule = {
  also: ['Configuration/GetStripeKeyLive', 'PaymentTransaction/GetStripeLiveStatus'],
};
const bookingChange: RefreshRule = { also: ['Dashboard', 'Dispatch', 'Passenger/GetPassengerBookingHistory'] };
// Money applied to an invoice changes its status and what is left to pay: the invoice's page and lists.
const invoiceMoneyChange: RefreshRule = { also: ['Invoice'] };
// An issued credit note lowers what the invoice leaves to pay and the client's statement as well.
const creditNoteChange: RefreshRule = { also: ['Invoice', 'Payment'] };

export const refreshRules: Partial<Record<BuiltName, RefreshRule>> = {
  // Owners show the state of their papers; the dashboard counts what expires.
  'Common/Create': documentChange,
  'Common/UpdateDocument': documentChange,
  'Common/DeleteDocument': documentChange,
  // The users list names staff members; the staff list says who has an account.
  'Staff/Create': staffChange,
  'Staff/Update': staffChange,
  'Staff/Delete': staffChange,
  'User/CreateUser': accountChange,
  'Users/CreateNewUser': accountChange,
  'User/DeleteUser': accountChange,
  // A booking shows on the dashboard, the dispatch board and its passenger's history.
  'Booking/Create': bookingChange,
  'Booking/Update': bookingChange,
  'Booking/UpdateBookingStatus': bookingChange,
  'Booking/ApproveRemoteBookingHistory': bookingChange,
  // Cancelling a series takes its bookings off the dispatch board.
  'Booking/CancelRepeatBooking': { also: ['Dispatch'] },
  'Client/ClientPayment': invoiceMoneyChange,
  'Client/AddInvoicePaymentTransaction': invoiceMoneyChange,
  'PaymentTransaction/InvoiceCheckoutPaymentTransaction': invoiceMoneyChange,
  'CreditNote/UpdateCreditNote': creditNoteChange,
  'Configuration/Create': paymentSettingsChange,
  'Configuration/Update': paymentSettingsChange,
  // Marked read on sight, again and again: only the conversation and its counts change.
  'Driver/UpdateStatusOfUnreadMessagesDriverApp': { only: ['Driver/GetDriverChatss', 'Driver/GetChatCount'] },
  'Driver/SendMessage': { only: ['Driver/GetDriverChatss', 'Driver/GetChatCount'] },
  'Driver/UpdateIsNotified': { only: ['Driver/GetDriverNotifications'] },
};
