import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Contract from '@cabdesk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { calls, list, renderAt, resetServer } from '../../kit/test-utils';
import { PaymentsPage } from './PaymentsPage';
import { row } from './test-data';
import { emptyQueryMatches } from './test-media';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));
// Calls of 3 statements here stand for the server's 200: the same splitting without rendering 201 rows.
vi.mock('@cabdesk/contract', async (original) => {
  const contract = await original<typeof Contract>();
  return { ...contract, schemas: { ...contract.schemas, STATEMENT_BATCH_LIMIT: 3 } };
});

let restore: () => void;
beforeAll(() => {
  restore = emptyQueryMatches();
});
afterAll(() => restore());
afterEach(cleanup);

const at = (tab = '') => ({ path: '/driver-pay/payments', at: `/driver-pay/payments${tab ? `?tab=${tab}` : ''}` });
const callsOf = (name: string) => calls.filter((c) => c.name === name);

describe('the driver payments page', { timeout: 60_000 }, () => {
  it('generates statements for the drivers chosen and follows a run to its end', async () => {
    const user = userEvent.setup();
    resetServer({
      'DrvrPayment/GetEligibleDrivers': () =>
        list([
          {
            driverId: 31,
            driverName: 'Priya Shah',
            callsign: 'P7',
            jobCount: 3,
            estimatedNetMinor: 2442,
            Dates: '',
            CHECKED: true,
          },
          {
            driverId: 32,
            driverName: 'Tom Reed',
            callsign: null,
            jobCount: 1,
            estimatedNetMinor: -1200,
            Dates: '',
            CHECKED: true,
          },
        ]),
      'DrvrPayment/GeneratePayment': () => ({
        data: {
          run: {
            id: 4,
            status: 'running',
            periodFrom: '2026-10-05',
            periodTo: '2026-10-11',
            driversTotal: 600,
            driversDone: 0,
            statementsMade: 0,
            replaced: 0,
            error: null,
            startedAt: '',
            finishedAt: null,
          },
          made: 0,
          replaced: 0,
          statements: [],
        },
      }),
      'DrvrPayment/GetGeneratePaymentRun': () => ({
        data: {
          id: 4,
          status: 'done',
          periodFrom: '2026-10-05',
          periodTo: '2026-10-11',
          driversTotal: 600,
          driversDone: 600,
          statementsMade: 598,
          replaced: 2,
          error: null,
          startedAt: '',
          finishedAt: '',
        },
      }),
    });
    renderAt(<PaymentsPage />, at());
    expect(await screen.findByText('We pay £24.42')).toBeTruthy();
    expect(screen.getByText('Driver owes £12.00')).toBeTruthy();
    expect(callsOf('DrvrPayment/GetEligibleDrivers').at(-1)?.input).toMatchObject({
      fromDate: expect.any(String),
      toDate: expect.any(String),
    });
    expect(screen.getByRole('button', { name: 'Generate statements for all' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Tom Reed' }));
    await user.click(screen.getByRole('button', { name: 'Generate statements for chosen (1)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('600 of 600 drivers')).toBeTruthy();
    expect(within(dialog).getByText('598 statements made (2 made again).')).toBeTruthy();
    expect(callsOf('DrvrPayment/GeneratePayment')[0]?.input).toMatchObject({ driverIDs: [32] });
    expect(callsOf('DrvrPayment/GetGeneratePaymentRun')[0]?.input).toEqual({ id: 4 });
    await user.click(within(dialog).getByRole('button', { name: 'Show the statements' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/driver-pay/payments?tab=generated'));
  });

  it('approves a choice larger than one call takes in several calls, with its progress', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => row({ id: i + 1, driverName: `Driver ${i + 1}` }));
    // Each approval waits until the test lets it answer, so the progress between calls can be read.
    const waiting: (() => void)[] = [];
    resetServer({
      'DrvrPayment/GetGeneratedPayments': () => list(rows),
      'DrvrPayment/ApprovePayments': (input) =>
        new Promise((resolve) =>
          waiting.push(() => resolve({ data: { statements: (input.ids as number[]).map((id) => row({ id })) } })),
        ),
    });
    renderAt(<PaymentsPage />, at('generated'));
    expect(await screen.findByText('Driver 7')).toBeTruthy();
    expect(callsOf('DrvrPayment/GetGeneratedPayments')[0]?.input).toMatchObject({ statusID: 'generated' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose every statement on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve chosen (7)' }));
    expect(await screen.findByText('0 of 7 statements')).toBeTruthy();
    await waitFor(() => expect(waiting).toHaveLength(1));
    waiting[0]!();
    expect(await screen.findByText('3 of 7 statements')).toBeTruthy();
    await waitFor(() => expect(waiting).toHaveLength(2));
    waiting[1]!();
    expect(await screen.findByText('6 of 7 statements')).toBeTruthy();
    await waitFor(() => expect(waiting).toHaveLength(3));
    waiting[2]!();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve chosen (0)' })).toBeTruthy());
    const sent = callsOf('DrvrPayment/ApprovePayments').map((c) => c.input.ids as number[]);
    expect(sent.map((ids) => ids.length)).toEqual([3, 3, 1]);
    expect(sent[2]).toEqual([7]);
    expect(screen.queryByTestId('batch-progress')).toBeNull();
  });

  it('shows why a statement needs a person', async () => {
    resetServer({
      'DrvrPayment/GetAttentionPayments': () =>
        list([
          row({
            status: 'attention',
            attentionReasons: ['No bank details for a payment to the driver'],
            netMinor: -60000,
          }),
        ]),
    });
    renderAt(<PaymentsPage />, at('attention'));
    expect(await screen.findByText('No bank details for a payment to the driver')).toBeTruthy();
    expect(screen.getByText('Driver owes £600.00')).toBeTruthy();
  });

  it('settles the approved statements chosen with the method, reference and day typed', async () => {
    const user = userEvent.setup();
    resetServer({
      'DrvrPayment/GetGeneratedPayments': () =>
        list([
          row({ id: 8, status: 'approved', statementNo: 'DS-2026-00008', approvedAt: '2026-10-12T09:00:00.000Z' }),
        ]),
      'DrvrPayment/SettlePayments': () => ({ data: { statements: [], payments: [] } }),
    });
    renderAt(<PaymentsPage />, at('approved'));
    expect(await screen.findByText('DS-2026-00008')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Choose DS-2026-00008 Priya Shah' }));
    await user.click(screen.getByRole('button', { name: 'Settle chosen (1)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Method' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cash', hidden: true }));
    await user.type(within(dialog).getByLabelText('Reference'), 'Envelope 12');
    fireEvent.change(within(dialog).getByLabelText('Paid on'), { target: { value: '2026-10-13' } });
    await user.click(within(dialog).getByRole('button', { name: 'Settle' }));
    await waitFor(() => expect(callsOf('DrvrPayment/SettlePayments')).toHaveLength(1));
    expect(callsOf('DrvrPayment/SettlePayments')[0]?.input).toMatchObject({
      ids: [8],
      method: 'cash',
      reference: 'Envelope 12',
      paidAt: expect.stringMatching(/^2026-10-13T/),
    });
  });
});
