import { area, mutation, planned, read } from '../define';
import {
  bookingPaymentInput,
  bookingPaymentState,
  cardPaymentRow,
  checkoutAnswer,
  expireLinkAnswer,
  linkCheckoutInput,
  linkSecretInput,
  manualPaymentInput,
  paymentLinkAnswer,
  paymentLinkInput,
  paymentLinkPage,
  paymentTransactionRow,
  refundInput,
  savedCardPaymentInput,
  tokenPaymentInput,
} from './schemas';
import { z } from 'zod';
import { noInput } from '../fields';
import { paymentLiveStatus, providerKeyTest } from './configuration-schemas';

export const bookingPayment = area(
  'Booking',
  { subject: 'Payment' },
  {
    SendEmailPaymentLink: mutation({
      verb: 'create',
      input: paymentLinkInput,
      output: paymentLinkAnswer,
      summary:
        "Mails the booking's payer (or the address given) a link to pay what is left by card; earlier open links stop working. The link works once, for 72 hours unless `hours` says otherwise.",
    }),
    ExpirePaymentLink: mutation({
      verb: 'update',
      input: bookingPaymentInput,
      output: expireLinkAnswer,
      summary: "Stops the booking's open payment links now; answers how many stopped.",
    }),
    SendEmailPaymentLinkInvoice: planned(),
    CheckExistingPayment: read({
      input: bookingPaymentInput,
      output: bookingPaymentState,
      summary:
        'Whether a booking is paid or authorised already, and what is left to pay: look before taking a payment so it is not taken twice.',
    }),
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
    StripePayment: mutation({
      verb: 'create',
      input: savedCardPaymentInput,
      output: cardPaymentRow,
      summary:
        "The office charges a saved card of the booking's payer (off-session): now, or authorised now and captured at completion (`capture: later`). A declined card is 402 in words and the booking stays unpaid.",
    }),
    InvoiceClientSecret: planned(),
    InvoiceCheckoutPaymentTransaction: planned(),
    StripePaymentTokenProvided: mutation({
      verb: 'create',
      input: tokenPaymentInput,
      output: cardPaymentRow,
      summary:
        "The office pays a booking with a card typed into the provider's card form (its one-time token; never a card number), saving it to the payer when `saveCard`.",
    }),
    GetCustomerCard: planned(),
    GetCustomerID: planned(),
    CheckoutPayment: mutation({
      verb: 'create',
      isPublic: true,
      input: linkCheckoutInput,
      output: checkoutAnswer,
      summary: "Pays a payment link with a card from the provider's card form, once: a link paid or expired is 410.",
    }),
    AddPaymentTransaction: mutation({
      verb: 'create',
      input: manualPaymentInput,
      output: paymentTransactionRow,
      summary:
        'Records money the office took by hand for a booking (cash at the desk, bank transfer, cheque), posted to the ledger; never more than is left to pay.',
    }),
    AllPaymentTransactions: planned(),
    GetPaymentStatus: read({
      alsoFor: 'WebBooker',
      input: bookingPaymentInput,
      output: bookingPaymentState,
      summary:
        "A booking's payment status, what was paid, authorised and refunded, its card payments and every step. A visitor, passenger or client portal user reads only their own booking.",
    }),
    CreatePaymentIntent: mutation({
      verb: 'create',
      alsoFor: 'WebBooker',
      input: tokenPaymentInput,
      output: cardPaymentRow,
      summary:
        "Pays a booking with a card from the provider's card form: authorised now and captured at completion (`capture: later`, the default) or charged now. Open to the web booker, passengers and client portal users for their own booking.",
    }),
    TestClientSecret: read({
      isPublic: true,
      input: linkSecretInput,
      output: paymentLinkPage,
      summary:
        'What a payment link pays (company, booking, amount, provider to load the card form from) and whether it still works.',
    }),
    RefundPayment: mutation({
      verb: 'update',
      input: refundInput,
      output: z.object({ bookingId: z.number(), refunded: z.number(), refunds: z.array(z.string()) }),
      addedBecause:
        'the office refunds a card payment in full or in part with a reason, and none of the spec’s calls gives money back',
      summary:
        "Refunds card payments of a booking, newest first, up to `amount` (all when left out), with the reason in the booking's history; more than was paid is 400.",
    }),
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
