import { handlers } from '../../platform/http/context';
import { approveInvoices, unapproveInvoices } from './approve';
import { invoiceBookingTypes } from './billable';
import { createDraft, deleteDraft, deleteLine, setAttention, updateDraft } from './drafts';
import { runAnswer, runById, startRun } from './generate';
import {
  editData,
  invoiceDetails,
  invoiceRowById,
  listAttention,
  listBillableClients,
  listClientJobs,
  listGenerated,
  listInvoices,
  listLines,
} from './lists';

/** An invoice's life from the jobs to bill to its approval (docs/invoicing.md#lifecycle). */
export const invoiceLifecycleHandlers = handlers({
  'BookingInvoice/GetTableSummary': (input, ctx) => listInvoices(ctx, input),
  'BookingInvoice/GetTableSummaryAttentionRequired': (input, ctx) => listAttention(ctx, input),
  'BookingInvoice/GetGeneratedInvoices': (input, ctx) => listGenerated(ctx, input),
  'BookingInvoice/GetTableSummaryEditInvoice': (input, ctx) => listLines(ctx, input),
  'BookingInvoice/GetTableSummaryBookingInvoice': (input, ctx) => listBillableClients(ctx, input),
  'BookingInvoice/GetTableSummaryClientBookings': (input, ctx) => listClientJobs(ctx, input),
  'BookingInvoice/GetInvoiceDetails': (input, ctx) => invoiceDetails(ctx, input.id),
  'BookingInvoice/GetEditData': (input, ctx) => editData(ctx, input.id),
  'BookingInvoice/GetInvEditData': (input, ctx) => editData(ctx, input.id),
  'BookingInvoice/GetInvoiceBookingType': async () => invoiceBookingTypes.map((t) => ({ ...t })),
  'BookingInvoice/GetAutoGenerateRun': async (input, ctx) => runAnswer(await runById(ctx, input.id)),
  'BookingInvoice/Create': async (input, ctx) => {
    const id = await createDraft(ctx, input);
    const data = await invoiceDetails(ctx, id);
    const throughParent = !input.id && input.clientID && data.clientId !== input.clientID;
    return {
      data,
      message: input.id
        ? 'The draft invoice is saved.'
        : throughParent
          ? `The draft invoice is made for ${data.clientName}: the client is billed through it.`
          : 'The draft invoice is made.',
    };
  },
  'BookingInvoice/UpdateInvoiceData': async (input, ctx) => {
    await updateDraft(ctx, input);
    return { data: await invoiceDetails(ctx, input.id), message: 'The draft invoice is saved.' };
  },
  'BookingInvoice/DeleteEdit': async (input, ctx) => {
    const invoiceId = await deleteLine(ctx, input.id);
    return { data: await invoiceDetails(ctx, invoiceId), message: 'The line is removed; its job can be billed again.' };
  },
  'BookingInvoice/UpdateAttentionRequired': async (input, ctx) => {
    await setAttention(ctx, input);
    return {
      data: await invoiceRowById(ctx, input.id),
      message: input.attentionRequired ? 'The invoice is marked for attention.' : 'The attention mark is cleared.',
    };
  },
  'BookingInvoice/CreateAutoGenerate': async (input, ctx) => {
    const run = await startRun(ctx, input);
    return {
      data: runAnswer(run),
      message: `Making invoices for ${run.clientsTotal} client${run.clientsTotal === 1 ? '' : 's'}.`,
    };
  },
  'BookingInvoice/ApproveGeneratedInvoices': async (input, ctx) => {
    const data = await approveInvoices(ctx, input.ids);
    return {
      data,
      message:
        data.invoices.length === 1
          ? `Invoice ${data.invoices[0]?.invoiceNo} is issued.`
          : `${data.invoices.length} invoices are issued.`,
    };
  },
  'BookingInvoice/UnApproveGeneratedInvoices': async (input, ctx) => {
    const data = await unapproveInvoices(ctx, input.ids);
    return {
      data,
      message:
        data.invoices.length === 1
          ? 'The invoice is a draft again.'
          : `${data.invoices.length} invoices are drafts again.`,
    };
  },
  'BookingInvoice/Delete': async (input, ctx) => {
    await deleteDraft(ctx, input.id);
    return { data: { id: input.id }, message: 'The draft invoice is deleted; its jobs can be billed again.' };
  },
});
