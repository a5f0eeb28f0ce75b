import { planned } from '../define';

/** An invoice from the jobs to bill to its approval (docs/invoicing.md#lifecycle). */
export const invoiceLifecycleCalls = {
  GetTableSummary: planned(),
  UpdateAttentionRequired: planned(),
  GetInvoiceDetails: planned(),
  GetEditData: planned(),
  Create: planned(),
  CreateAutoGenerate: planned(),
  GetTableSummaryAttentionRequired: planned(),
  GetGeneratedInvoices: planned(),
  GetTableSummaryEditInvoice: planned(),
  UpdateInvoiceData: planned(),
  DeleteEdit: planned(),
  ApproveGeneratedInvoices: planned(),
  UnApproveGeneratedInvoices: planned(),
  Delete: planned(),
  GetTableSummaryBookingInvoice: planned(),
  GetTableSummaryClientBookings: planned(),
  GetInvEditData: planned(),
  GetInvoiceBookingType: planned(),
};
