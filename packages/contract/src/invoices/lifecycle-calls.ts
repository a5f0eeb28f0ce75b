import { deletedRow } from '../crud';
import { list, mutation, read } from '../define';
import { byId, noInput } from '../fields';
import * as s from './lifecycle-schemas';

/** An invoice from the jobs to bill to its approval (docs/invoicing.md#lifecycle). */
export const invoiceLifecycleCalls = {
  GetTableSummary: list({
    input: s.invoiceListInput,
    row: s.invoiceRow,
    summary:
      'Every invoice, newest first: filters fromDate/toDate (company days of the issue date, or of the creation for a draft), clientID, statusID (draft, approved, sent, part_paid, paid, cancelled); q searches the number, the client and the reference.',
  }),
  UpdateAttentionRequired: mutation({
    verb: 'update',
    input: s.attentionInput,
    output: s.invoiceRow,
    summary:
      'Marks a draft as needing a person (with the reason: a missing reference, a disputed job) or clears the mark. Only drafts: 409 for an issued invoice.',
  }),
  GetInvoiceDetails: read({
    input: byId(),
    output: s.invoiceDetails,
    summary:
      'An invoice with its lines, VAT table (net, VAT, gross per rate), totals, paid, credited and left to pay, status, the parties as issued, its documents and what may be done with it now.',
  }),
  GetEditData: read({
    input: byId(),
    output: s.invoiceEditData,
    summary: "What the draft editor needs: the invoice with its lines and the client's billable jobs not on it.",
  }),
  Create: mutation({
    verb: 'create',
    input: s.invoiceCreateInput,
    output: s.invoiceDetails,
    summary:
      "Makes a draft for a client from the bookings named (bookingIds) or from the client's billable jobs of fromDate–toDate; with `id`, changes a draft's reference, notes and due date instead. A job already on an invoice, or not billable, is a 409; a period without billable jobs is a 409 and makes nothing.",
  }),
  CreateAutoGenerate: mutation({
    verb: 'create',
    input: s.autoGenerateInput,
    output: s.invoiceRun,
    summary:
      'Starts making drafts for a period (one client, or every client with billable jobs): per client by its invoice period and split (single, per_passenger, per_reference, per_booking), validated account jobs only, each invoice in its own transaction. Answers the run at once; GetAutoGenerateRun tells its progress. A period without billable jobs is a 409 and makes nothing; running it twice makes nothing new.',
  }),
  GetAutoGenerateRun: read({
    input: byId(),
    output: s.invoiceRun,
    addedBecause:
      'CreateAutoGenerate answers at once and makes the invoices after; a screen shows the run’s progress from this read.',
    summary: "An auto-generation run's progress: clients done of all, invoices made, done or failed with why.",
  }),
  GetTableSummaryAttentionRequired: list({
    input: s.invoiceListInput,
    row: s.invoiceRow,
    summary: 'Drafts marked as needing a person, with the reason; the filters of GetTableSummary.',
  }),
  GetGeneratedInvoices: list({
    input: s.generatedInvoiceListInput,
    row: s.invoiceRow,
    summary: 'Drafts made by auto-generation (of one run with runId), waiting to be approved; filter clientID.',
  }),
  GetTableSummaryEditInvoice: list({
    input: s.invoiceLineListInput,
    row: s.invoiceLineRow,
    summary: "An invoice's lines in their order, paged.",
  }),
  UpdateInvoiceData: mutation({
    verb: 'update',
    input: s.invoiceUpdateInput,
    output: s.invoiceDetails,
    summary:
      "Changes a draft: adds the client's billable jobs (addBookingIds), removes lines (removeLineIds), sets a line's price with the reason (prices), the reference, notes and due date. An issued invoice is a 409: it is corrected by a credit note.",
  }),
  DeleteEdit: mutation({
    verb: 'update',
    input: s.invoiceLineDeleteInput,
    output: s.invoiceDetails,
    summary: 'Removes a line from a draft (its job is billable again); answers the draft. 409 for an issued invoice.',
  }),
  ApproveGeneratedInvoices: mutation({
    verb: 'update',
    input: s.invoiceIdsInput,
    output: s.invoiceBatchAnswer,
    summary:
      "Issues drafts: each gets the next number of the invoice series, the company's today as issue date, a due date from its payment terms, the parties as they are now, and its ledger entry; its jobs become invoiced. All or none: a draft without lines or an invoice not a draft is a 409 naming it.",
  }),
  UnApproveGeneratedInvoices: mutation({
    verb: 'update',
    input: s.invoiceIdsInput,
    output: s.invoiceBatchAnswer,
    summary:
      'Takes issued invoices back to draft: only while approved (not sent, nothing paid or credited) and holding the last number of their series and year, so numbers stay without gaps; else 409 — correct it with a credit note. The ledger entry is reversed.',
  }),
  Delete: mutation({
    verb: 'delete',
    input: byId(),
    output: deletedRow,
    summary: 'Deletes a draft (its jobs are billable again). An issued invoice is a 409.',
  }),
  GetTableSummaryBookingInvoice: list({
    input: s.billableClientListInput,
    row: s.billableClientRow,
    summary:
      'The invoices to make: each client with billable jobs (done, on account, validated, on no invoice), how many and their sum; filters fromDate/toDate (company days of pick-up), clientID; q searches the client.',
  }),
  GetTableSummaryClientBookings: list({
    input: s.clientBillableListInput,
    row: s.billableJobRow,
    summary: "A client's billable jobs of a period (company days of pick-up); q searches the booking number.",
  }),
  GetInvEditData: read({
    input: byId(),
    output: s.invoiceEditData,
    summary: 'The same as GetEditData: the draft and the jobs that may be added to it.',
  }),
  GetInvoiceBookingType: read({
    input: noInput(),
    output: s.invoiceBookingTypeRow.array(),
    summary:
      'The kinds of job an invoice holds: account jobs completed, and no-shows charged (price above 0). Other jobs are paid by card or cash and never invoiced.',
  }),
};
