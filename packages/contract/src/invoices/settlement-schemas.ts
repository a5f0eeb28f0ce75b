import { z } from 'zod';
import { cardPaymentStatuses } from '../payments/status';
import { email, id, isoDate, listInput, optionalRef, text, wholeNumber } from '../fields';
import { invoiceStatuses } from './status';

const amount = () => wholeNumber({ min: 1, max: 100_000_000_00 });

export const invoiceRefInput = z.object({ invoiceId: id() });

/** Money applied to an invoice: a payment (or part of it) or a client-credit credit note. */
export const invoiceAllocationRow = z.object({
  id: z.number(),
  invoiceId: z.number(),
  invoiceNo: z.string().nullable(),
  clientId: z.number(),
  source: z.enum(['payment', 'creditNote']),
  paymentTransactionId: z.number().nullable(),
  creditNoteId: z.number().nullable(),
  creditNo: z.string().nullable(),
  method: z.string().describe('card, bank_transfer, cheque, cash, or credit (a credit note)'),
  reference: z.string().nullable(),
  amountMinor: z.number(),
  currency: z.string(),
  paidAt: z.string().describe('When the money was received (the payment) or the credit issued'),
  createdAt: z.string(),
});

export const invoicePaymentStatus = z.object({
  invoiceId: z.number(),
  invoiceNo: z.string().nullable(),
  clientId: z.number(),
  status: z.enum(invoiceStatuses),
  currency: z.string(),
  grossMinor: z.number(),
  paidMinor: z.number(),
  creditedMinor: z.number(),
  leftToPayMinor: z.number(),
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  payments: z.array(invoiceAllocationRow),
});

export const invoiceSettled = invoicePaymentStatus.extend({
  bookingIds: z.array(z.number()).describe("The invoice's jobs"),
  bookingsPaid: z.number().describe('How many of its jobs were marked paid by this call'),
});

/** An issued invoice still to pay, with how late it is. */
export const openInvoiceRow = z.object({
  invoiceId: z.number(),
  invoiceNo: z.string().nullable(),
  status: z.enum(invoiceStatuses),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  grossMinor: z.number(),
  paidMinor: z.number(),
  creditedMinor: z.number(),
  leftToPayMinor: z.number(),
  daysOverdue: z.number().describe('Days past the due date today (0 when not due yet)'),
});

/** Money of the client not applied to an invoice yet: a payment's rest or a client-credit note. */
export const creditSourceRow = z.object({
  source: z.enum(['payment', 'creditNote']),
  paymentTransactionId: z.number().nullable(),
  creditNoteId: z.number().nullable(),
  label: z.string(),
  restMinor: z.number(),
  date: z.string(),
});

export const statementEntryRow = z.object({
  date: z.string().describe('When it was posted (ISO instant)'),
  kind: z.enum(['invoice', 'payment', 'creditNote', 'refund', 'other']),
  description: z.string(),
  invoiceId: z.number().nullable(),
  creditNoteId: z.number().nullable(),
  debitMinor: z.number().describe('What the client owes more (an invoice, a refund)'),
  creditMinor: z.number().describe('What the client owes less (a payment, a credit note)'),
  balanceMinor: z.number().describe('The running balance after this entry (positive: the client owes)'),
});

export const ageingBuckets = z.object({
  notDueMinor: z.number(),
  days0to30Minor: z.number(),
  days31to60Minor: z.number(),
  days61to90Minor: z.number(),
  days90plusMinor: z.number(),
});

export const clientDueInput = z.object({
  clientID: id(),
  fromDate: isoDate().optional().describe('Statement entries from this company day (an opening balance before)'),
  toDate: isoDate().optional(),
});

export const clientDue = z.object({
  clientId: z.number(),
  clientName: z.string(),
  currency: z.string(),
  invoices: z.array(openInvoiceRow),
  totalDueMinor: z.number().describe('The sum of what is left to pay on its invoices'),
  creditMinor: z.number().describe('Client credit not applied to an invoice yet'),
  credits: z.array(creditSourceRow),
  balanceMinor: z.number().describe("The client's receivable in the ledger (positive: the client owes)"),
  ageing: ageingBuckets,
  statement: z.object({
    fromDate: z.string().nullable(),
    toDate: z.string().nullable(),
    openingBalanceMinor: z.number(),
    closingBalanceMinor: z.number(),
    entries: z.array(statementEntryRow),
    truncated: z.boolean().describe('More than 500 entries: the oldest of the period were left out'),
  }),
});

export const invoicePaymentMethods = ['bank_transfer', 'cheque', 'cash', 'card'] as const;

export const allocationInput = z.object({ invoiceId: id(), amountMinor: amount() });

export const clientInvoicePaymentInput = z.object({
  clientID: id(),
  amount: amount().describe('Minor units received'),
  method: z.enum(invoicePaymentMethods, { error: `must be one of: ${invoicePaymentMethods.join(', ')}` }),
  reference: text(100).optional(),
  receivedOn: isoDate().optional().describe('The company day it was received; today when left out'),
  cardId: optionalRef().describe("method card: the client's saved card to charge (its default when left out)"),
  allocations: z.array(allocationInput).max(200, 'must have at most 200 invoices').default([]),
  note: text(300).optional(),
});

export const clientInvoicePaymentAnswer = z.object({
  paymentTransactionId: z.number(),
  clientId: z.number(),
  method: z.string(),
  amountMinor: z.number(),
  allocatedMinor: z.number(),
  creditMinor: z.number().describe('What was not allocated: the client’s credit'),
  currency: z.string(),
  allocations: z.array(invoiceAllocationRow),
});

export const creditAllocationInput = z.object({
  invoiceId: id(),
  paymentTransactionId: optionalRef().describe('An earlier payment whose rest is applied'),
  creditNoteId: optionalRef().describe('An issued client-credit credit note whose rest is applied'),
  amountMinor: amount().optional().describe('The least of the rest and what is left to pay when left out'),
});

export const invoiceData = z.object({
  invoiceId: z.number(),
  invoiceNo: z.string().nullable(),
  clientId: z.number(),
  clientName: z.string(),
  status: z.enum(invoiceStatuses),
  currency: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  lines: z.object({
    count: z.number(),
    items: z.array(
      z.object({
        id: z.number(),
        description: z.string(),
        serviceDate: z.string().nullable(),
        bookingId: z.number().nullable(),
        grossMinor: z.number(),
        creditedMinor: z.number().describe('Gross already credited on this line by issued notes'),
      }),
    ),
    vatRows: z.array(
      z.object({ vatPercentage: z.number(), netMinor: z.number(), vatMinor: z.number(), grossMinor: z.number() }),
    ),
  }),
  netMinor: z.number(),
  vatMinor: z.number(),
  grossMinor: z.number(),
  paidMinor: z.number(),
  creditedMinor: z.number(),
  leftToPayMinor: z.number(),
  creditableMinor: z.number().describe('What a new credit note may still credit'),
  clientCreditMinor: z.number(),
  credits: z.array(creditSourceRow),
});

export const invoicePaymentsListInput = listInput({ invoiceId: id() });

export const clientInvoiceTransactionsInput = listInput({
  clientID: id(),
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
});

export const invoiceCardStartInput = z.object({
  invoiceId: id(),
  amountMinor: amount().optional().describe('What is left to pay when left out'),
});

export const invoiceCardStart = z.object({
  invoiceId: z.number(),
  cardPaymentId: z.number(),
  intentRef: z.string(),
  clientSecret: z.string(),
  amountMinor: z.number(),
  currency: z.string(),
  provider: z.enum(['offline', 'stripe']),
  publishableKey: z.string().nullable(),
});

export const invoiceCheckoutInput = z.object({
  invoiceId: id(),
  cardPaymentId: optionalRef().describe('The payment InvoiceClientSecret started, to confirm with `token`'),
  token: z.string().trim().min(6, 'must be a card token from the card form').max(200).optional(),
  cardId: optionalRef().describe('A saved card of the client (its default when neither token nor cardId)'),
  amountMinor: amount().optional(),
});

export const invoiceCheckout = z.object({
  invoiceId: z.number(),
  cardPaymentId: z.number(),
  status: z.enum(cardPaymentStatuses),
  amountMinor: z.number(),
  allocatedMinor: z.number(),
  currency: z.string(),
  invoiceStatus: z.enum(invoiceStatuses),
  leftToPayMinor: z.number(),
});

export const invoiceLinkInput = z.object({
  invoiceId: id(),
  email: email().optional(),
  hours: wholeNumber({ min: 1, max: 24 * 30 }).optional(),
});

export const invoiceLinkAnswer = z.object({
  id: z.number(),
  invoiceId: z.number(),
  email: z.string(),
  amount: z.number(),
  currency: z.string(),
  expiresAt: z.string(),
  url: z.string(),
});

export const invoiceEmailAddressesInput = z.object({
  bookingId: optionalRef(),
  invoiceId: optionalRef(),
});

export const invoiceEmailAddresses = z.object({
  clientId: z.number(),
  clientName: z.string(),
  addresses: z.array(
    z.object({ email: z.string(), name: z.string().nullable(), source: z.enum(['billedClient', 'client']) }),
  ),
});
