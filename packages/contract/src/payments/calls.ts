import { area, mutation, planned, read } from '../define';
import { noInput } from '../fields';
import { paymentLiveStatus, providerKeyTest } from './configuration-schemas';

export const bookingPayment = area(
  'Booking',
  { subject: 'Payment' },
  {
    SendEmailPaymentLink: planned(),
    ExpirePaymentLink: planned(),
    SendEmailPaymentLinkInvoice: planned(),
    CheckExistingPayment: planned(),
    GetInvoiceEmailAddresses: planned(),
    GetTableSummaryCreditCardsBooking: planned(),
    GetCCBookingsTotalAndRevenue: planned(),
    GetTableSummaryCashBooking: planned(),
    GetCashBookingsTotalAndRevenue: planned(),
  },
);

export const passengerPayment = area(
  'Passenger',
  { subject: 'Payment' },
  {
    GetPassengerClientCreditCardList: planned(),
    GetTableSummaryPassengerCreditCards: planned(),
    CreateCard: planned(),
    UpdateCard: planned(),
    DeleteCard: planned(),
    GetPassengerCreditCardList: planned(),
    GetPassengerCreditCardDetails: planned(),
    GetTableSummaryFinancialInfo: planned(),
  },
);

export const clientPayment = area(
  'Client',
  { subject: 'Payment' },
  {
    GetClientCreditCards: planned(),
    GetClientCreditCardDetails: planned(),
    InvoiceDeAmount: planned(),
    GetPaymentType: planned(),
    ClientPayment: planned(),
    AddPaymentTransaction: planned(),
    AddInvoicePaymentTransaction: planned(),
    GetInvoiceData: planned(),
    AllPaymentsInvoice: planned(),
    BookingsTransactions: planned(),
    InvoiceTransactions: planned(),
    GetTableSummaryClientCreditCards: planned(),
    CreateCard: planned(),
    UpdateCard: planned(),
    DeleteCard: planned(),
  },
);

export const paymentTransactionPayment = area(
  'PaymentTransaction',
  { subject: 'Payment' },
  {
    GetClientCustomerCard: planned(),
    GetClientCustomerID: planned(),
    StripePayment: planned(),
    InvoiceClientSecret: planned(),
    InvoiceCheckoutPaymentTransaction: planned(),
    StripePaymentTokenProvided: planned(),
    GetCustomerCard: planned(),
    GetCustomerID: planned(),
    CheckoutPayment: planned(),
    AddPaymentTransaction: planned(),
    AllPaymentTransactions: planned(),
    GetPaymentStatus: planned(),
    CreatePaymentIntent: planned(),
    TestClientSecret: planned(),
    CheckCardValidityAndDetails: planned(),
    StripeTest: mutation({
      verb: 'update',
      subject: 'Settings',
      input: noInput(),
      output: providerKeyTest,
      summary:
        "Checks the saved keys with the provider (Stripe: an authenticated read of the balance); a refused key answers ok: false with the provider's words.",
    }),
    MakeClientCardDefault: planned(),
    MakePassengerCardDefault: planned(),
    AddPassengerCreditCard: planned(),
    GetStripeTransactions: planned(),
    GetStripeTransactionsEventLog: planned(),
    GetStripeLiveStatus: read({
      input: noInput(),
      output: paymentLiveStatus,
      alsoFor: 'Settings',
      summary: 'Whether card payments run live (real money) or in test mode, and on which provider.',
    }),
  },
);
