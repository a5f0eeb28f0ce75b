import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { featureWords } from '../../i18n';
import { calls, list, renderAt, resetServer } from '../../kit/test-utils';
import { DriverPayPanel, StatementLink, StatementStatus } from './DriverPayPanel';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

afterEach(cleanup);
beforeAll(() => featureWords('en'));

const statement = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  statementNo: `DS-2026-0000${id}`,
  status: 'approved',
  attentionReasons: [],
  driverId: 7,
  driverName: 'Ann Driver',
  periodFrom: '2026-10-05',
  periodTo: '2026-10-11',
  jobCount: 3,
  earnedMinor: 4500,
  cashCollectedMinor: 0,
  expensesMinor: 0,
  adjustmentsMinor: 0,
  bonusesMinor: 0,
  deductionsMinor: 0,
  netMinor: 4500,
  payToDriverMinor: 4500,
  collectFromDriverMinor: 0,
  settledMinor: 0,
  dueMinor: 4500,
  approvedAt: '2026-10-12T09:00:00Z',
  version: 1,
  ...extra,
});

const total = (dueMinor: number) => ({
  driverId: 7,
  driverName: 'Ann Driver',
  statements: 1,
  totalMinor: dueMinor,
  paidMinor: 0,
  dueMinor,
});

const serve = (owed: number | null, owing: number | null) =>
  resetServer({
    'DrvrPayment/GetDriversBillTotalPayment': () => list(owed === null ? [] : [total(owed)]),
    'DrvrPayment/GetDriversInvoiceTotalPayment': () => list(owing === null ? [] : [total(owing)]),
    'DrvrPayment/GetGeneratedPayments': () =>
      list([
        statement(2, { periodFrom: '2026-10-12', periodTo: '2026-10-18' }),
        statement(3, { statementNo: null, status: 'attention', periodFrom: '2026-10-19', periodTo: '2026-10-25' }),
      ]),
  });

describe('DriverPayPanel', { timeout: 30_000 }, () => {
  it("asks for this driver's totals and statements and shows the balance in words", async () => {
    serve(4500, 500);
    renderAt(<DriverPayPanel driverId={7} />);
    expect((await screen.findByTestId('balance-words')).textContent).toBe('Pay the driver £40.00');
    expect(screen.getByTestId('balance-owed').textContent).toBe('£45.00');
    expect(screen.getByTestId('balance-owing').textContent).toBe('£5.00');
    for (const name of [
      'DrvrPayment/GetDriversBillTotalPayment',
      'DrvrPayment/GetDriversInvoiceTotalPayment',
      'DrvrPayment/GetGeneratedPayments',
    ]) {
      expect(calls.find((c) => c.name === name)?.input).toMatchObject({ driverID: 7 });
    }
  });

  it('says what to collect when the driver owes more, and nothing when no statement is due', async () => {
    serve(null, 1200);
    renderAt(<DriverPayPanel driverId={7} />);
    expect((await screen.findByTestId('balance-words')).textContent).toBe('Collect £12.00 from the driver');
    cleanup();
    serve(null, null);
    renderAt(<DriverPayPanel driverId={7} />);
    expect((await screen.findByTestId('balance-words')).textContent).toBe('Nothing left to settle');
  });

  it("lists the driver's statements of every status, newest period first", async () => {
    serve(4500, 0);
    renderAt(<DriverPayPanel driverId={7} />);
    expect(await screen.findByText('2 records')).toBeTruthy();
    const asked = calls.find((c) => c.name === 'DrvrPayment/GetGeneratedPayments')!.input;
    expect(asked).toMatchObject({ driverID: 7, sortColumn: 'periodFrom', sortType: 'desc', page: 0 });
    expect(asked).not.toHaveProperty('statusID');
  });

  it("links a statement, approved or a draft, to driver pay's statement page", async () => {
    renderAt(
      <>
        <StatementLink statement={{ id: 2, statementNo: 'DS-2026-00002' }} />
        <StatementLink statement={{ id: 3, statementNo: null }} />
        <StatementStatus status="attention" />
      </>,
      { path: '/drivers/:id', at: '/drivers/7' },
    );
    const link = screen.getByRole('link', { name: 'DS-2026-00002' });
    expect(link.getAttribute('href')).toBe('/driver-pay/payments/2');
    expect(screen.getByRole('link', { name: 'Draft #3' }).getAttribute('href')).toBe('/driver-pay/payments/3');
    expect(screen.getByText('Needs attention')).toBeTruthy();
    await userEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/driver-pay/payments/2'));
  });

  it('says in words when the totals fail', async () => {
    serve(0, 0);
    resetServer({
      'DrvrPayment/GetDriversBillTotalPayment': () => {
        throw new Error('Totals are down.');
      },
      'DrvrPayment/GetDriversInvoiceTotalPayment': () => list([]),
      'DrvrPayment/GetGeneratedPayments': () => list([]),
    });
    renderAt(<DriverPayPanel driverId={7} />);
    expect(await screen.findByText('The balance could not be loaded')).toBeTruthy();
    expect(await screen.findByText('No statements for this driver yet.')).toBeTruthy();
  });
});
