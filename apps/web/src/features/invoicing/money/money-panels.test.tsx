import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { featureWords } from '../../../i18n';
import { calls, list, renderAt, resetServer } from '../../../kit/test-utils';
import { ClientStatementTab } from './ClientStatementTab';
import { InvoiceCreditNotesPanel } from './InvoiceCreditNotesPanel';
import { InvoicePaymentsPanel } from './InvoicePaymentsPanel';

vi.mock('../../../api/client', () => import('../../../kit/test-utils').then((m) => m.clientMock));

afterEach(cleanup);
beforeAll(() => featureWords('en'));

const invoiceData = {
  invoiceId: 5,
  invoiceNo: 'INV-2026-00005',
  clientId: 3,
  clientName: 'Acme Ltd',
  status: 'part_paid',
  currency: 'GBP',
  issueDate: '2026-11-01',
  dueDate: '2026-12-01',
  lines: {
    count: 1,
    items: [{ id: 11, description: 'Job 7', serviceDate: null, bookingId: 7, grossMinor: 12_000, creditedMinor: 0 }],
    vatRows: [{ vatPercentage: 20, netMinor: 10_000, vatMinor: 2_000, grossMinor: 12_000 }],
  },
  netMinor: 10_000,
  vatMinor: 2_000,
  grossMinor: 12_000,
  paidMinor: 2_000,
  creditedMinor: 0,
  leftToPayMinor: 10_000,
  creditableMinor: 12_000,
  clientCreditMinor: 0,
  credits: [],
};

describe('InvoicePaymentsPanel', { timeout: 30_000 }, () => {
  it('shows what is paid and left, and records a payment applied to the invoice', async () => {
    resetServer({
      'Client/GetInvoiceData': () => ({ data: invoiceData }),
      'Client/AllPaymentsInvoice': () =>
        list([
          {
            id: 1,
            invoiceId: 5,
            invoiceNo: 'INV-2026-00005',
            clientId: 3,
            source: 'payment',
            paymentTransactionId: 9,
            creditNoteId: null,
            creditNo: null,
            method: 'cheque',
            reference: 'CHQ 1',
            amountMinor: 2_000,
            currency: 'GBP',
            paidAt: '2026-11-02T10:00:00Z',
            createdAt: '2026-11-02T10:00:00Z',
          },
        ]),
      'Client/ClientPayment': () => ({ code: 200, message: 'The payment is recorded.', data: {} }),
    });
    renderAt(<InvoicePaymentsPanel invoiceId={5} />);
    expect(await screen.findByText('£100.00')).toBeTruthy();
    expect(screen.getByText('CHQ 1')).toBeTruthy();
    expect(screen.getByText('Cheque')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/Amount received/);
    await user.clear(amount);
    await user.type(amount, '120');
    await user.type(within(dialog).getByLabelText('Reference'), 'BACS 7');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'Client/ClientPayment')?.input).toEqual({
        clientID: 3,
        amount: 12_000,
        method: 'bank_transfer',
        reference: 'BACS 7',
        allocations: [{ invoiceId: 5, amountMinor: 10_000 }],
      }),
    );
  });
});

describe('InvoiceCreditNotesPanel', { timeout: 30_000 }, () => {
  it('says when there are none, and makes and issues a note for an amount', async () => {
    resetServer({
      'CreditNote/AllCreditNotes': () => ({ data: [] }),
      'Client/GetInvoiceData': () => ({ data: invoiceData }),
      'CreditNote/CreateCreditNote': () => ({ code: 200, message: 'ok', data: { id: 44 } }),
      'CreditNote/UpdateCreditNote': () => ({
        code: 200,
        message: 'Credit note CN-2026-00001 is issued.',
        data: { id: 44 },
      }),
    });
    renderAt(<InvoiceCreditNotesPanel invoiceId={5} />);
    expect(await screen.findByText('No credit notes for this invoice.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New credit note' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/still creditable £120.00/);
    await user.click(within(dialog).getByText('An amount'));
    await user.type(within(dialog).getByLabelText(/Amount \(VAT included\)/), '12.50');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Waiting charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Save and issue' }));
    await waitFor(() =>
      expect(calls.find((c) => c.name === 'CreditNote/UpdateCreditNote')?.input).toEqual({ id: 44, issue: true }),
    );
    expect(calls.find((c) => c.name === 'CreditNote/CreateCreditNote')?.input).toEqual({
      invoiceId: 5,
      reason: 'Waiting charged twice',
      settlement: 'reduceInvoice',
      kind: 'amount',
      amountMinor: 1_250,
      vatPercentage: 20,
    });
  });
});

describe('ClientStatementTab', { timeout: 30_000 }, () => {
  it('shows the balance, ageing and the entries with their running balance; a failure in words', async () => {
    resetServer({
      'Client/InvoiceDeAmount': () => ({
        data: {
          clientId: 3,
          clientName: 'Acme Ltd',
          currency: 'GBP',
          invoices: [
            {
              invoiceId: 5,
              invoiceNo: 'INV-2026-00005',
              status: 'part_paid',
              issueDate: '2026-09-01',
              dueDate: '2026-10-01',
              grossMinor: 12_000,
              paidMinor: 2_000,
              creditedMinor: 0,
              leftToPayMinor: 10_000,
              daysOverdue: 45,
            },
          ],
          totalDueMinor: 10_000,
          creditMinor: 0,
          credits: [],
          balanceMinor: 10_000,
          ageing: {
            notDueMinor: 0,
            days0to30Minor: 0,
            days31to60Minor: 10_000,
            days61to90Minor: 0,
            days90plusMinor: 0,
          },
          statement: {
            fromDate: null,
            toDate: null,
            openingBalanceMinor: 0,
            closingBalanceMinor: 10_000,
            truncated: false,
            entries: [
              {
                date: '2026-09-01T09:00:00Z',
                kind: 'invoice',
                description: 'Invoice INV-2026-00005',
                invoiceId: 5,
                creditNoteId: null,
                debitMinor: 12_000,
                creditMinor: 0,
                balanceMinor: 12_000,
              },
              {
                date: '2026-09-10T09:00:00Z',
                kind: 'payment',
                description: 'Payment by cheque',
                invoiceId: null,
                creditNoteId: null,
                debitMinor: 0,
                creditMinor: 2_000,
                balanceMinor: 10_000,
              },
            ],
          },
        },
      }),
    });
    renderAt(<ClientStatementTab clientId={3} />);
    expect((await screen.findByTestId('statement-balance')).textContent).toBe('£100.00');
    expect(screen.getByText('31–60')).toBeTruthy();
    expect(screen.getByText('Payment by cheque')).toBeTruthy();
    expect(screen.getAllByText('£120.00', { selector: 'td' }).length).toBe(3);
    cleanup();
    resetServer({});
    renderAt(<ClientStatementTab clientId={3} />);
    expect(await screen.findByText('The statement could not be loaded')).toBeTruthy();
  });
});
