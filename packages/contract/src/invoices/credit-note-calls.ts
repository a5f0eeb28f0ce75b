import { list, mutation, read } from '../define';
import { byId } from '../fields';
import {
  creditNoteCreateInput,
  creditNoteDeleted,
  creditNoteListInput,
  creditNoteRow,
  creditNotesOfInput,
  creditNoteUpdateInput,
} from './credit-note-schemas';
import { z } from 'zod';

/** Credit notes against issued invoices (docs/invoicing.md#credit-notes). */
export const creditNoteCalls = {
  UpdateCreditNote: mutation({
    verb: 'update',
    input: creditNoteUpdateInput,
    output: creditNoteRow,
    summary:
      'Changes a draft credit note (only a draft: an issued note is 409); `issue: true` issues it: its number, the ledger entry, the invoice credited (cancelled when credited in full) and its settlement (reduce the invoice, client credit or a refund).',
  }),
  GetTableSummaryCreditNote: list({
    input: creditNoteListInput,
    row: creditNoteRow,
    summary:
      'Credit notes, newest first; filters fromDate/toDate (company days made), clientID, invoiceId, status; q searches the number, the invoice number, the reason and the client.',
  }),
  CreateCreditNote: mutation({
    verb: 'create',
    input: creditNoteCreateInput,
    output: creditNoteRow,
    summary:
      'A draft credit note against one issued invoice: all of it, some of its lines (all or part of each), or an amount at a VAT rate, with a reason; more than is left creditable on the invoice is 409 naming the amounts.',
  }),
  DeleteCreditCard: mutation({
    verb: 'delete',
    input: byId(),
    output: creditNoteDeleted,
    summary: 'Deletes a draft credit note (the name is the spec’s); an issued note is final: 409.',
  }),
  AllCreditNotes: read({
    input: creditNotesOfInput,
    output: z.array(creditNoteRow),
    summary: "A client's or an invoice's credit notes (clientID or invoiceId), newest first, unpaged.",
  }),
};
