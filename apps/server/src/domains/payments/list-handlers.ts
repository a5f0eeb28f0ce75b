import { handlers } from '../../platform/http/context';
import { fixedLookup } from '../reference-data/lookups';
import { cardBookingTotals, cashBookingTotals, listCardBookings, listCashBookings } from './finance-bookings';
import { recordClientPayment } from './manual-payments';
import { reconcile } from './reconciliation';
import {
  listCardPayments,
  listClientTransactions,
  listPaymentEvents,
  listTransactions,
  passengerFinance,
  transactionById,
} from './transaction-lists';

/** The Finance lists of payments, their totals, the transaction log and the reconciliation (docs/payments.md). */
export const paymentListHandlers = handlers({
  'Booking/GetTableSummaryCreditCardsBooking': (input, ctx) => listCardBookings(ctx, input),
  'Booking/GetCCBookingsTotalAndRevenue': (input, ctx) => cardBookingTotals(ctx, input),
  'Booking/GetTableSummaryCashBooking': (input, ctx) => listCashBookings(ctx, input),
  'Booking/GetCashBookingsTotalAndRevenue': (input, ctx) => cashBookingTotals(ctx, input),
  'PaymentTransaction/AllPaymentTransactions': (input, ctx) => listTransactions(ctx, input),
  'PaymentTransaction/GetStripeTransactions': (input, ctx) => listCardPayments(ctx, input),
  'PaymentTransaction/GetStripeTransactionsEventLog': (input, ctx) => listPaymentEvents(ctx, input),
  'PaymentTransaction/GetReconciliation': (input, ctx) => reconcile(ctx, input),
  'Client/GetPaymentType': fixedLookup('paymentType'),
  'Client/BookingsTransactions': (input, ctx) => listClientTransactions(ctx, input),
  'Client/AddPaymentTransaction': async (input, ctx) => {
    const id = await recordClientPayment(ctx, input);
    return { data: await transactionById(ctx, id), message: 'The payment on account is recorded.' };
  },
  'Passenger/GetTableSummaryFinancialInfo': (input, ctx) => passengerFinance(ctx, input.passengerID),
});
