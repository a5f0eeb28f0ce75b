import { z } from 'zod';
import { flag, id, isoDate, listInput, optionalRef, requiredText, text, wholeNumber } from '../fields';
import { creditNoteStatuses, creditSettlements } from './status';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

/** What a credit note credits: the whole invoice, some of its lines, or an amount at a VAT rate. */
export const creditNoteKinds = ['whole', 'lines', 'amount'] as const;
export type CreditNoteKind = (typeof creditNoteKinds)[number];

/** A line of the invoice to credit: all of it, or part of its gross amount (minor units). */
export const creditNoteLineInput = z.object({
  invoiceLineId: id(),
  amountMinor: wholeNumber({ min: 1, max: 100_000_000_00 })
    .optional()
    .describe('Gross minor units to credit of the line (VAT included); the whole line when left out'),
});

/** The parts of a credit note a draft may change; `kind` says which of lines / amountMinor counts. */
const creditNoteContent = {
  reason: requiredText(500),
  settlement: oneOf(creditSettlements).default('reduceInvoice'),
  kind: oneOf(creditNoteKinds).default('whole'),
  lines: z.array(creditNoteLineInput).max(500, 'must have at most 500 lines').optional(),
  amountMinor: wholeNumber({ min: 1, max: 100_000_000_00 })
    .optional()
    .describe('Gross minor units (VAT included) for kind amount'),
  vatPercentage: z
    .number({ error: 'must be a number' })
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .optional()
    .describe("The VAT rate of kind amount, in percent; the invoice's rate when it has one"),
  description: text(200).optional().describe('The line text of kind amount'),
};

export const creditNoteCreateInput = z.object({ invoiceId: id(), ...creditNoteContent });

export const creditNoteUpdateInput = z.object({
  id: id(),
  reason: creditNoteContent.reason.optional(),
  settlement: oneOf(creditSettlements).optional(),
  kind: oneOf(creditNoteKinds).optional(),
  lines: creditNoteContent.lines,
  amountMinor: creditNoteContent.amountMinor,
  vatPercentage: creditNoteContent.vatPercentage,
  description: creditNoteContent.description,
  issue: flag().optional().describe('true: issue the draft now (number, ledger, settlement); final afterwards'),
});

export const creditNoteLineRow = z.object({
  id: z.number(),
  invoiceLineId: z.number().nullable(),
  description: z.string(),
  netMinor: z.number(),
  vatPercentage: z.number(),
  vatMinor: z.number(),
  grossMinor: z.number(),
});

export const creditNoteRow = z.object({
  id: z.number(),
  invoiceId: z.number(),
  invoiceNo: z.string().nullable(),
  clientId: z.number(),
  clientName: z.string(),
  status: z.enum(creditNoteStatuses),
  creditNo: z.string().nullable(),
  reason: z.string(),
  settlement: z.enum(creditSettlements),
  currency: z.string(),
  netMinor: z.number(),
  vatMinor: z.number(),
  grossMinor: z.number(),
  issueDate: z.string().nullable(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
  /** For settlement refund: how the money went back (card or bank), once issued. */
  refundMethod: z.enum(['card', 'bank_transfer']).nullable(),
  lines: z.array(creditNoteLineRow),
});

export const creditNoteSortColumns = ['createdAt', 'issueDate', 'creditNo', 'grossMinor', 'status'] as const;

export const creditNoteListInput = listInput({
  fromDate: isoDate().optional().describe('Company day the note was made (or issued) from'),
  toDate: isoDate().optional(),
  clientID: optionalRef(),
  invoiceId: optionalRef(),
  status: oneOf(creditNoteStatuses).optional(),
  sortColumn: oneOf(creditNoteSortColumns).optional(),
});

export const creditNotesOfInput = z.object({
  clientID: optionalRef(),
  invoiceId: optionalRef(),
});

export const creditNoteDeleted = z.object({ id: z.number() });
