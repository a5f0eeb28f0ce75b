import type { CallOutput } from '@cabdesk/contract';
import type { RecordTab } from '../../kit/RecordPage';

type Invoice = CallOutput<'BookingInvoice/GetInvoiceDetails'>;

/**
 * The invoice page's further tabs, after its lines: its documents, payments and credit notes, each
 * written by the part of invoicing that owns it. Each entry is one tab; the page shows them in order.
 */
export const invoicePanels: ((invoice: Invoice) => RecordTab | null)[] = [];
