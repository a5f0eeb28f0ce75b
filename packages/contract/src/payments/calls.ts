import { codeRow, deletedRow, lookup } from '../crud';
import * as lists from './list-schemas';
import { area, list, mutation, read } from '../define';
import { byId, noInput } from '../fields';
import {
  cardValidity,
  clientCardCreateInput,
  clientCardListInput,
  clientCardsInput,
  customerIdAnswer,
  driverCardsInput,
  passengerCardCreateInput,
  passengerCardListInput,
  passengerCardsInput,
  passengerCreditCardAddInput,
  savedCardList,
  savedCardRow,
  savedCardUpdateInput,
} from './card-schemas';
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
import { paymentLiveStatus, providerKeyTest } from './configuration-schemas';
import {
  invoiceBookingCalls as inv,
  invoiceCardCalls as invCard,
  invoiceClientPaymentCalls as invPay,
} from '../invoices/settlement-calls';

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
    SendEmailPaymentLinkInvoice: inv.SendEmailPaymentLinkInvoice,
    CheckExistingPayment: read({
      input: bookingPaymentInput,
      output: bookingPaymentState,
      summary:
        'Whether a booking is paid or authorised already, and what is left to pay: look before taking a payment so it is not taken twice.',
    }),
    GetInvoiceEmailAddresses: inv.GetInvoiceEmailAddresses,
    GetTableSummaryCreditCardsBooking: list({
      input: lists.cardBookingListInput,
      row: lists.cardBookingRow,
      summary:
        'Done and upcoming bookings paid by card (not cancelled or rejected) with price, authorised, captured, refunded, payment status and card; filters fromDate/toDate (company days of pick-up), clientID, driverID, vehicleTypeID, paymentStatus; q searches the booking number and the card’s last four digits.',
    }),
    GetCCBookingsTotalAndRevenue: read({
      input: lists.cardBookingListInput,
      output: lists.cardBookingTotals,
      summary:
        'For the filters of GetTableSummaryCreditCardsBooking: how many bookings, revenue (captured − refunded), authorised not yet captured, refunded, and revenue per day.',
    }),
    GetTableSummaryCashBooking: list({
      input: lists.cashBookingListInput,
      row: lists.cashBookingRow,
      summary:
        'Cash bookings (not cancelled or rejected) with the fare, the cash collected, the driver who collected it and the difference; the filters of GetTableSummaryCreditCardsBooking.',
    }),
    GetCashBookingsTotalAndRevenue: read({
      input: lists.cashBookingListInput,
      output: lists.cashBookingTotals,
      summary:
        "For the filters of GetTableSummaryCashBooking: how many bookings, their fares, the cash collected and the cash still with the result's drivers (their ledger balances).",
    }),
  },
);

export const passengerPayment = area(
  'Passenger',
  { subject: 'Payment' },
  {
    GetPassengerClientCreditCardList: read({
      input: passengerCardsInput,
      output: savedCardList,
      summary:
        "The passenger's own cards and, when the passenger travels on a client's account, the client's cards: a booking may be paid with either (ownerKind tells whose).",
    }),
    GetTableSummaryPassengerCreditCards: list({
      input: passengerCardListInput,
      row: savedCardRow,
      summary: "A passenger's saved cards, the default first, then the newest.",
    }),
    CreateCard: mutation({
      verb: 'create',
      input: passengerCardCreateInput,
      output: savedCardRow,
      summary:
        "Saves a card to a passenger from the card form's one-time token (never a number), attached at the provider; the first card, or one saved with isDefault, is the default.",
    }),
    UpdateCard: mutation({
      verb: 'update',
      input: savedCardUpdateInput,
      output: savedCardRow,
      summary:
        "Changes a passenger card's holder name or makes it the default (never an expired card); the expiry changes only by saving the renewed card.",
    }),
    DeleteCard: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary:
        'Deletes a passenger card and detaches it at the provider; when it was the default, the newest other card becomes the default.',
    }),
    GetPassengerCreditCardList: read({
      input: passengerCardsInput,
      output: savedCardList,
      summary: "All of a passenger's saved cards (no paging), the default first.",
    }),
    GetPassengerCreditCardDetails: read({
      input: byId(),
      output: savedCardRow,
      summary: 'One passenger card: brand, last four digits, expiry, default and expired flags.',
    }),
    GetTableSummaryFinancialInfo: read({
      input: lists.passengerFinanceInput,
      output: lists.passengerFinance,
      summary: "A passenger's balance in the ledger, what they paid and refunds, and their latest payment steps.",
    }),
  },
);

export const clientPayment = area(
  'Client',
  { subject: 'Payment' },
  {
    GetClientCreditCards: read({
      input: clientCardsInput,
      output: savedCardList,
      summary: "All of a client's saved cards (no paging), the default first.",
    }),
    GetClientCreditCardDetails: read({
      input: byId(),
      output: savedCardRow,
      summary: 'One client card: brand, last four digits, expiry, default and expired flags.',
    }),
    InvoiceDeAmount: invPay.InvoiceDeAmount,
    GetPaymentType: lookup(codeRow, {
      subject: 'Payment',
      summary: 'How a client may pay: cash, card, bank transfer, cheque, account.',
    }),
    ClientPayment: invPay.ClientPayment,
    AddPaymentTransaction: mutation({
      verb: 'create',
      input: lists.clientPaymentInput,
      output: lists.transactionListRow,
      summary:
        "Records money a client paid on account, not for one booking (bank transfer, cheque, cash): posted to the ledger against the client's receivable.",
    }),
    AddInvoicePaymentTransaction: invPay.AddInvoicePaymentTransaction,
    GetInvoiceData: invPay.GetInvoiceData,
    AllPaymentsInvoice: invPay.AllPaymentsInvoice,
    BookingsTransactions: list({
      input: lists.clientTransactionsInput,
      row: lists.transactionListRow,
      summary:
        "A client's payment steps (its bookings' and its payments on account); the filters of AllPaymentTransactions.",
    }),
    InvoiceTransactions: invPay.InvoiceTransactions,
    GetTableSummaryClientCreditCards: list({
      input: clientCardListInput,
      row: savedCardRow,
      summary: "A client's saved cards, the default first, then the newest.",
    }),
    CreateCard: mutation({
      verb: 'create',
      input: clientCardCreateInput,
      output: savedCardRow,
      summary:
        "Saves a card to a client from the card form's one-time token (never a number), attached at the provider; the first card, or one saved with isDefault, is the default.",
    }),
    UpdateCard: mutation({
      verb: 'update',
      input: savedCardUpdateInput,
      output: savedCardRow,
      summary:
        "Changes a client card's holder name or makes it the default (never an expired card); the expiry changes only by saving the renewed card.",
    }),
    DeleteCard: mutation({
      verb: 'delete',
      input: byId(),
      output: deletedRow,
      summary:
        'Deletes a client card and detaches it at the provider; when it was the default, the newest other card becomes the default.',
    }),
  },
);

export const paymentTransactionPayment = area(
  'PaymentTransaction',
  { subject: 'Payment' },
  {
    GetClientCustomerCard: read({
      input: clientCardsInput,
      output: savedCardList,
      summary: "A client's saved cards, the default first.",
    }),
    GetClientCustomerID: read({
      input: clientCardsInput,
      output: customerIdAnswer,
      summary: "The client's customer id at the company's card provider, made there on first use.",
    }),
    StripePayment: mutation({
      verb: 'create',
      input: savedCardPaymentInput,
      output: cardPaymentRow,
      summary:
        "The office charges a saved card of the booking's payer (off-session): now, or authorised now and captured at completion (`capture: later`). A declined card is 402 in words and the booking stays unpaid.",
    }),
    InvoiceClientSecret: invCard.InvoiceClientSecret,
    InvoiceCheckoutPaymentTransaction: invCard.InvoiceCheckoutPaymentTransaction,
    StripePaymentTokenProvided: mutation({
      verb: 'create',
      input: tokenPaymentInput,
      output: cardPaymentRow,
      summary:
        "The office pays a booking with a card typed into the provider's card form (its one-time token; never a card number), saving it to the payer when `saveCard`.",
    }),
    GetCustomerCard: read({
      input: passengerCardsInput,
      output: savedCardList,
      summary: "A passenger's saved cards, the default first.",
    }),
    GetCustomerID: read({
      input: passengerCardsInput,
      output: customerIdAnswer,
      summary: "The passenger's customer id at the company's card provider, made there on first use.",
    }),
    GetWebBookerCustomerCard: read({
      alsoFor: 'WebBooker',
      input: z.object({}),
      output: savedCardList,
      summary:
        "The signed-in passenger's own saved cards; a web-booker visitor has none (an empty list). An office user gets an empty list too: the office reads a passenger's cards with GetCustomerCard.",
    }),
    GetWebBookerCustomerID: read({
      alsoFor: 'WebBooker',
      input: z.object({}),
      output: customerIdAnswer,
      summary:
        "The signed-in passenger's own customer id at the provider, made there on first use; a visitor has no saved cards (404 in words).",
    }),
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
    AllPaymentTransactions: list({
      input: lists.transactionListInput,
      row: lists.transactionListRow,
      summary:
        'Every payment step, newest first; filters fromDate/toDate (company days), kind, paymentMethodID, bookingId, clientID, passengerID, driverID; q searches the reference and the provider reference.',
    }),
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
    GetDriverCreditCards: read({
      input: driverCardsInput,
      output: savedCardList,
      addedBecause:
        "the office sees a driver's saved cards on the driver's record; the spec's driver card calls serve the signed-in driver only",
      summary:
        "All of a driver's saved cards (no paging), the default first; the driver adds and removes them in the driver app.",
    }),
    CheckCardValidityAndDetails: read({
      input: byId(),
      output: cardValidity,
      summary:
        'Whether a saved card (of a passenger, client or driver) can be charged: brand, last four digits, expiry, expired and default flags, and why not in words.',
    }),
    StripeTest: mutation({
      verb: 'update',
      subject: 'Settings',
      input: noInput(),
      output: providerKeyTest,
      summary:
        "Checks the saved keys with the provider (Stripe: an authenticated read of the balance); a refused key answers ok: false with the provider's words.",
    }),
    MakeClientCardDefault: mutation({
      verb: 'update',
      input: byId(),
      output: savedCardRow,
      summary: "Makes a client card the default, taking it from the client's other cards; an expired card is 400.",
    }),
    MakePassengerCardDefault: mutation({
      verb: 'update',
      input: byId(),
      output: savedCardRow,
      summary:
        "Makes a passenger card the default, taking it from the passenger's other cards; an expired card is 400.",
    }),
    AddPassengerCreditCard: mutation({
      verb: 'create',
      input: passengerCreditCardAddInput,
      output: savedCardRow,
      summary: "Saves a card to a passenger from the card form's one-time token: the same as Passenger/CreateCard.",
    }),
    GetStripeTransactions: list({
      input: lists.stripeTransactionListInput,
      row: lists.stripeTransactionRow,
      summary:
        'Card payments at the provider, newest first; filters status, fromDate/toDate (company days); q searches the intent id, the booking number and the last four digits.',
    }),
    GetStripeTransactionsEventLog: list({
      input: lists.eventLogInput,
      row: lists.paymentEventRow,
      summary:
        "The provider's events for a card payment (cardPaymentId or intentRef), or all, newest first: type, outcome, when, event id and a summary of the payload (never a secret).",
    }),
    GetStripeLiveStatus: read({
      input: noInput(),
      output: paymentLiveStatus,
      alsoFor: 'Settings',
      summary: 'Whether card payments run live (real money) or in test mode, and on which provider.',
    }),
    GetReconciliation: read({
      input: lists.reconciliationInput,
      output: lists.reconciliation,
      addedBecause:
        'the office checks that priced done bookings = paid by card + in cash + by hand + invoiced + still owed, against the ledger, and none of the spec’s calls does',
      summary:
        "For a period of company days: priced done bookings (completed, no-show) split into paid by card, cash, by hand, invoiced and still owed, the ledger's figures beside, and every booking whose figures differ.",
    }),
  },
);
