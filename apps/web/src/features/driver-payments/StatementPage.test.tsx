import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, list, renderAt, resetServer } from '../../kit/test-utils';
import { StatementPage } from './StatementPage';
import { details, row } from './test-data';
import { emptyQueryMatches } from './test-media';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

let restore: () => void;
beforeAll(() => {
  restore = emptyQueryMatches();
});
afterAll(() => restore());
afterEach(cleanup);

const at = (id: number, tab = '') => ({
  path: '/driver-pay/payments/:id',
  at: `/driver-pay/payments/${id}${tab ? `?tab=${tab}` : ''}`,
});
const callsOf = (name: string) => calls.filter((c) => c.name === name);

describe('a driver statement', { timeout: 60_000 }, () => {
  it('explains a job’s pay, changes it with a reason, adds an adjustment and approves', async () => {
    const user = userEvent.setup();
    let current: Record<string, unknown> = details();
    resetServer({
      'DrvrPayment/GetGeneratedPaymentsViews': () => ({ data: current }),
      'DrvrPayment/updateCommissionsGeneratedPaymentsViews': () => ({ data: current }),
      'DrvrPayment/AddDriverPaymentAdjustments': (input) => {
        current = details({
          adjustmentsMinor: -200,
          netMinor: 2242,
          dueMinor: 2242,
          lines: [
            {
              id: 3,
              statementId: 5,
              kind: 'adjustment',
              amountMinor: -200,
              reason: input.reason,
              bookingId: null,
              createdAt: '',
            },
          ],
        });
        return { data: current };
      },
      'DrvrPayment/ApprovePayments': () => {
        current = details({ status: 'approved', statementNo: 'DS-2026-00001', netMinor: 2242, dueMinor: 2242 });
        return { code: 200, message: 'Statement DS-2026-00001 is approved.', data: { statements: [row()] } };
      },
      'DrvrPayment/GetBillPayments': () => list([]),
    });
    renderAt(<StatementPage />, at(5));
    expect(await screen.findByRole('heading', { name: 'Draft #5' })).toBeTruthy();
    expect(within(screen.getByTestId('statement-net')).getByText('We pay £24.42')).toBeTruthy();

    const jobs = screen.getByTestId('statement-jobs');
    expect(within(jobs).getByText('#501')).toBeTruthy();
    expect(within(jobs).getByText('£13.42')).toBeTruthy();
    const unfold = within(jobs).getByRole('button', { name: 'Breakdown of job #501' });
    expect(unfold.getAttribute('aria-expanded')).toBe('false');
    await user.click(unfold);
    expect(unfold.getAttribute('aria-expanded')).toBe('true');
    const breakdown = screen.getByTestId('job-breakdown');
    expect(within(breakdown).getByText('10 km × £1.00 + 2.4 km × £0.80')).toBeTruthy();
    expect(within(breakdown).getByText('£11.92')).toBeTruthy();
    expect(within(breakdown).getByText('£1.50')).toBeTruthy();

    await user.click(within(jobs).getByRole('button', { name: 'Change the pay of job #502' }));
    const dialog = await screen.findByRole('dialog');
    const pay = within(dialog).getByLabelText(/^Pay/);
    await user.clear(pay);
    await user.type(pay, '30.00');
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Agreed rate for the airport run');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf('DrvrPayment/updateCommissionsGeneratedPaymentsViews')).toHaveLength(1));
    expect(callsOf('DrvrPayment/updateCommissionsGeneratedPaymentsViews')[0]?.input).toEqual({
      statementId: 5,
      bookingId: 502,
      payMinor: 3000,
      reason: 'Agreed rate for the airport run',
    });

    await user.click(screen.getByRole('tab', { name: 'Totals and adjustments' }));
    const form = await screen.findByRole('form', { name: 'Add an adjustment' });
    await user.type(within(form).getByLabelText(/^Amount/), '-2.00');
    await user.type(within(form).getByLabelText('Reason'), 'Radio fee');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsOf('DrvrPayment/AddDriverPaymentAdjustments')).toHaveLength(1));
    expect(callsOf('DrvrPayment/AddDriverPaymentAdjustments')[0]?.input).toEqual({
      statementId: 5,
      amountMinor: -200,
      reason: 'Radio fee',
    });
    expect(await within(screen.getByTestId('statement-lines')).findByText('Radio fee')).toBeTruthy();
    expect(within(screen.getByTestId('statement-totals')).getByText('We pay £22.42')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'DS-2026-00001' })).toBeTruthy();
    expect(callsOf('DrvrPayment/ApprovePayments')[0]?.input).toEqual({ ids: [5] });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add an adjustment' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Payments' })).toBeTruthy();
  });

  it('collects what a driver owes, takes a payment back, and downloads the PDF', async () => {
    const user = userEvent.setup();
    const owing = details({
      status: 'approved',
      statementNo: 'DS-2026-00002',
      netMinor: -1200,
      payToDriverMinor: 0,
      collectFromDriverMinor: 1200,
      settledMinor: 500,
      dueMinor: 700,
    });
    const payment = {
      id: 40,
      statementId: 5,
      statementNo: 'DS-2026-00002',
      driverId: 31,
      driverName: 'Priya Shah',
      kind: 'invoice',
      amountMinor: 500,
      method: 'cash',
      reference: 'Office till',
      paidAt: '2026-10-13T10:00:00.000Z',
      journalEntryId: 1,
    };
    resetServer({
      'DrvrPayment/GetGeneratedPaymentsViews': () => ({ data: owing }),
      'DrvrPayment/GetDriversInvoice': () => list([payment]),
      'DrvrPayment/CreateInvoice': () => {
        throw Object.assign(new Error('Only £7.00 is left to collect; £8.00 was sent.'), { status: 409 });
      },
      'DrvrPayment/DeleteInvoicePayments': () => ({ data: row() }),
      'BookingInvoice/GetGenerateDocumentDriverPayment': () => ({
        data: {
          fileName: 'DS-2026-00002.pdf',
          mimeType: 'application/pdf',
          content: btoa('%PDF-1.7'),
          byteSize: 8,
          sha256: '',
          draft: false,
          issuedAt: null,
        },
      }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt(<StatementPage />, at(5, 'payments'));
    expect(await screen.findByRole('heading', { name: 'DS-2026-00002' })).toBeTruthy();
    expect(within(screen.getByTestId('statement-net')).getByText('Driver owes £12.00')).toBeTruthy();
    const payments = await screen.findByTestId('statement-payments');
    expect(within(payments).getByText('Office till')).toBeTruthy();
    expect(callsOf('DrvrPayment/GetDriversInvoice')[0]?.input).toMatchObject({ statementId: 5 });

    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collect from the driver' });
    const amount = within(dialog).getByLabelText(/^Amount/) as HTMLInputElement;
    expect(amount.value).toBe('7.00');
    await user.clear(amount);
    await user.type(amount, '8.00');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Only £7.00 is left to collect');
    expect(callsOf('DrvrPayment/CreateInvoice')[0]?.input).toMatchObject({
      statementId: 5,
      amountMinor: 800,
      method: 'bank',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(payments).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf('DrvrPayment/DeleteInvoicePayments')[0]?.input).toEqual({ id: 40 }));

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsOf('BookingInvoice/GetGenerateDocumentDriverPayment')[0]?.input).toEqual({ id: 5 });
    click.mockRestore();
  });

  it('says in words when the statement is not there', async () => {
    resetServer({
      'DrvrPayment/GetGeneratedPaymentsViews': () => {
        throw Object.assign(new Error('Driver statement 9 was not found.'), { status: 404 });
      },
    });
    renderAt(<StatementPage />, at(9));
    expect(await screen.findByText('Statement not found')).toBeTruthy();
  });
});
