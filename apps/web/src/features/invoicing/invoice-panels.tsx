import type { CallOutput } from '@cabdesk/contract';
import type { TFunction } from 'i18next';
import type { RecordTab } from '../../kit/RecordPage';
import { InvoiceDocumentsPanel } from './documents/InvoiceDocumentsPanel';
import { InvoiceCreditNotesPanel } from './money/InvoiceCreditNotesPanel';
import { InvoicePaymentsPanel } from './money/InvoicePaymentsPanel';

type Invoice = CallOutput<'BookingInvoice/GetInvoiceDetails'>;

/**
 * The invoice page's further tabs, after its lines: its documents, payments and credit notes, each
 * written by the part of invoicing that owns it. Each entry is one tab; the page shows them in order.
 * A draft has documents (marked DRAFT) but no payments or credit notes yet.
 */
export const invoicePanels: ((invoice: Invoice, t: TFunction) => RecordTab | null)[] = [
  (invoice, t) => ({
    value: 'documents',
    label: t('invoicing.tab.documents'),
    panel: <InvoiceDocumentsPanel invoiceId={invoice.id} status={invoice.status} />,
  }),
  (invoice, t) =>
    invoice.status === 'draft'
      ? null
      : {
          value: 'payments',
          label: t('invoicing.tab.payments'),
          panel: <InvoicePaymentsPanel invoiceId={invoice.id} />,
        },
  (invoice, t) =>
    invoice.status === 'draft'
      ? null
      : {
          value: 'credit-notes',
          label: t('invoicing.tab.creditNotes'),
          panel: <InvoiceCreditNotesPanel invoiceId={invoice.id} />,
        },
];
