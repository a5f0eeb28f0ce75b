import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, renderAt, resetServer } from '../../kit/test-utils';
import { InvoicePage } from './InvoicePage';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

afterEach(cleanup);

const line = {
  id: 11,
  bookingId: 501,
  position: 1,
  serviceDate: '2026-10-05',
  description: 'Journey 501',
  reference: 'PO number: 42',
  passengerName: 'Ada Lovelace',
  route: 'Westminster → St Paul’s',
  quantity: 1,
  unitPriceMinor: 2400,
  netMinor: 2000,
  vatRateBp: 2000,
  vatMinor: 400,
  grossMinor: 2400,
  pricedGrossMinor: null,
  overrideReason: null,
};

const draft = {
  id: 7,
  invoiceNo: null,
  number: null,
  status: 'draft',
  clientId: 3,
  clientName: 'Acme Ltd',
  passengerId: null,
  passengerName: null,
  splitReference: null,
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  issueDate: null,
  dueDate: null,
  lineCount: 1,
  netMinor: 2000,
  vatMinor: 400,
  grossMinor: 2400,
  paidMinor: 0,
  creditedMinor: 0,
  leftToPayMinor: 0,
  currency: 'GBP',
  attentionRequired: false,
  attentionReason: null,
  runId: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  paymentTermsDays: 30,
  clientReference: null,
  notes: null,
  issuedTo: null,
  issuedBy: null,
  approvedAt: null,
  sentAt: null,
  paidAt: null,
  lines: [line],
  vatTable: [{ vatRateBp: 2000, netMinor: 2000, vatMinor: 400, grossMinor: 2400 }],
  documents: [],
  can: { edit: true, approve: true, unapprove: false, delete: true },
};

describe('the invoice page', () => {
  it('shows a draft’s lines, VAT table and totals, and approves it', async () => {
    let current: Record<string, unknown> = draft;
    resetServer({
      'BookingInvoice/GetInvoiceDetails': () => ({ data: current }),
      'BookingInvoice/ApproveGeneratedInvoices': () => {
        current = {
          ...draft,
          status: 'approved',
          invoiceNo: 'INV-2026-00001',
          number: 1,
          leftToPayMinor: 2400,
          can: { edit: false, approve: false, unapprove: true, delete: false },
        };
        return { code: 200, message: 'Invoice INV-2026-00001 is issued.', data: { invoices: [] } };
      },
    });
    renderAt(<InvoicePage />, { path: '/finance/invoices/:id', at: '/finance/invoices/7' });
    expect(await screen.findByRole('heading', { name: 'Draft #7' })).toBeTruthy();
    const lines = screen.getByTestId('invoice-lines');
    expect(within(lines).getByText('Journey 501')).toBeTruthy();
    expect(within(lines).getByText('Ada Lovelace')).toBeTruthy();
    const totals = screen.getByTestId('invoice-totals');
    expect(within(totals).getAllByText('£24.00').length).toBe(1);
    expect(within(totals).getByText('£4.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove line 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'BookingInvoice/ApproveGeneratedInvoices')).toBe(true));
    expect(calls.find((c) => c.name === 'BookingInvoice/ApproveGeneratedInvoices')?.input).toEqual({ ids: [7] });
    expect(await screen.findByRole('heading', { name: 'INV-2026-00001' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove line 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to draft' })).toBeTruthy();
  });

  it('says in words when the invoice is not there', async () => {
    resetServer({
      'BookingInvoice/GetInvoiceDetails': () => {
        throw Object.assign(new Error('Invoice 9 was not found.'), { status: 404 });
      },
    });
    renderAt(<InvoicePage />, { path: '/finance/invoices/:id', at: '/finance/invoices/9' });
    expect(await screen.findByText('Invoice not found')).toBeTruthy();
  });
});
