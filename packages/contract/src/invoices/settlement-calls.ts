import { list, mutation, read } from '../define';
import {
  clientDue,
  clientDueInput,
  clientInvoicePaymentAnswer,
  clientInvoicePaymentInput,
  clientInvoiceTransactionsInput,
  creditAllocationInput,
  invoiceAllocationRow,
  invoiceCardStart,
  invoiceCardStartInput,
  invoiceCheckout,
  invoiceCheckoutInput,
  invoiceData,
  invoiceEmailAddresses,
  invoiceEmailAddressesInput,
  invoiceLinkAnswer,
  invoiceLinkInput,
  invoicePaymentsListInput,
  invoicePaymentStatus,
  invoiceRefInput,
  invoiceSettled,
} from './settlement-schemas';

/** What is paid on an invoice and the jobs it settles (docs/invoicing.md#payments). */
export const invoiceSettlementCalls = {
  CheckInvoicePaymentStatus: read({
    input: invoiceRefInput,
    output: invoicePaymentStatus,
    summary: "An invoice's gross, paid, credited and left to pay, its status and the payments applied to it.",
  }),
  BookingSettle: mutation({
    verb: 'update',
    input: invoiceRefInput,
    output: invoiceSettled,
    summary:
      "Settles an issued invoice from its money: paid and credited recomputed from its allocations and issued credit notes, the status from them (part_paid, paid, cancelled), and its jobs' payment status 'paid' once the invoice is paid. Calling it again changes nothing.",
  }),
};

/*
 * The invoice payment calls of the payments areas (Client, PaymentTransaction, Booking; subject
 * Payment), defined here beside the invoice calls and placed in payments/calls.ts.
 */

export const invoiceClientPaymentCalls = {
  InvoiceDeAmount: read({
    input: clientDueInput,
    output: clientDue,
    summary:
      "What a client owes: each issued invoice's rest with days overdue, the total, client credit not applied yet, the ledger balance, ageing (0–30, 31–60, 61–90, 90+ days past due) and the statement (invoices, payments, credits in date order with a running balance).",
  }),
  ClientPayment: mutation({
    verb: 'create',
    input: clientInvoicePaymentInput,
    output: clientInvoicePaymentAnswer,
    summary:
      "Records a client's payment (bank transfer, cheque, cash, or the card on file charged now) and allocates it to one or several invoices; allocations above the amount are 400 on `allocations`, above an invoice's rest 409; what is not allocated stays client credit.",
  }),
  AddInvoicePaymentTransaction: mutation({
    verb: 'create',
    input: creditAllocationInput,
    output: invoiceAllocationRow,
    summary:
      "Applies existing client credit to an invoice: an earlier payment's unallocated rest (paymentTransactionId) or a client-credit credit note (creditNoteId).",
  }),
  GetInvoiceData: read({
    input: invoiceRefInput,
    output: invoiceData,
    summary:
      "An invoice's payment view: its lines (with what is credited of each), VAT rows, totals, paid, credited, left to pay, what may still be credited, and the client's credit available.",
  }),
  AllPaymentsInvoice: list({
    input: invoicePaymentsListInput,
    row: invoiceAllocationRow,
    summary: 'The payments and credits applied to an invoice, oldest first.',
  }),
  InvoiceTransactions: list({
    input: clientInvoiceTransactionsInput,
    row: invoiceAllocationRow,
    summary:
      "A client's invoice payments (each allocation of a payment or credit to one of its invoices), newest first; filters fromDate/toDate (company days); q searches the invoice number and the reference.",
  }),
};

export const invoiceCardCalls = {
  InvoiceClientSecret: mutation({
    verb: 'create',
    input: invoiceCardStartInput,
    output: invoiceCardStart,
    summary:
      "Starts a card payment of an invoice's rest (or amountMinor) at the company's card provider and answers the client secret the card form confirms it with.",
  }),
  InvoiceCheckoutPaymentTransaction: mutation({
    verb: 'create',
    input: invoiceCheckoutInput,
    output: invoiceCheckout,
    summary:
      "Pays an invoice by card: confirms the payment InvoiceClientSecret started with the card form's token, or charges the client's saved card; once paid it is recorded and allocated to the invoice. A declined card is 402 in words.",
  }),
};

export const invoiceBookingCalls = {
  SendEmailPaymentLinkInvoice: mutation({
    verb: 'create',
    input: invoiceLinkInput,
    output: invoiceLinkAnswer,
    summary:
      "Mails the client (or the address given) a link to pay an invoice's rest by card; earlier open links of the invoice stop. The link's payment is allocated to the invoice.",
  }),
  GetInvoiceEmailAddresses: read({
    input: invoiceEmailAddressesInput,
    output: invoiceEmailAddresses,
    summary:
      "The addresses an invoice goes to: for a booking's client (bookingId) or an invoice (invoiceId), the billed client's e-mail (the parent's when the client is invoiced with its parent) and the client's own.",
  }),
};
