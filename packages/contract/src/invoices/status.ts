/**
 * An invoice's life (docs/invoicing.md): a draft can be changed; approval issues it (a number, the
 * documents, the ledger); then it is sent and paid, in parts or at once. `cancelled` is an approved
 * invoice credited in full.
 */
export const invoiceStatuses = ['draft', 'approved', 'sent', 'part_paid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** A credit note is a draft until issued; an issued note is final. */
export const creditNoteStatuses = ['draft', 'issued'] as const;
export type CreditNoteStatus = (typeof creditNoteStatuses)[number];

/** What an issued credit note does with its amount. */
export const creditSettlements = ['reduceInvoice', 'clientCredit', 'refund'] as const;
export type CreditSettlement = (typeof creditSettlements)[number];

/** The numbered series of documents; each has its own gap-free counter per company. */
export const documentSeriesKinds = ['invoice', 'creditNote', 'driverStatement'] as const;
export type DocumentSeriesKind = (typeof documentSeriesKinds)[number];

/** A completed job's check before billing and driver pay; no row means not checked yet. */
export const bookingValidationStatuses = ['validated', 'invalid'] as const;
export type BookingValidationStatus = (typeof bookingValidationStatuses)[number];

/** An auto-generation run's progress. */
export const invoiceRunStatuses = ['running', 'done', 'failed'] as const;
export type InvoiceRunStatus = (typeof invoiceRunStatuses)[number];
