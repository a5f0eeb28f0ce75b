import { planned } from '../define';

/** Credit notes against issued invoices (docs/invoicing.md#credit-notes). */
export const creditNoteCalls = {
  UpdateCreditNote: planned(),
  GetTableSummaryCreditNote: planned(),
  CreateCreditNote: planned(),
  DeleteCreditCard: planned(),
  AllCreditNotes: planned(),
};
