import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { callsOf, list, renderScreen, resetServer } from '../account/test-utils';
import { StatementsSection, STATEMENTS_PAGE, type OwnStatement } from './StatementsSection';

vi.mock('../../../api/client', () => import('../account/test-utils').then((m) => m.clientMock));

const downloaded: { fileName: string; mimeType: string; content: string }[] = [];
vi.mock('../../../ui/ExportButton', () => ({
  download: (file: { fileName: string; mimeType: string; content: string }) => downloaded.push(file),
}));

const statement = (over: Partial<OwnStatement>): OwnStatement => ({
  id: 1,
  statementNo: 'DS-2026-00001',
  status: 'approved',
  periodFrom: '2026-10-12',
  periodTo: '2026-10-18',
  earnedMinor: 1500,
  bonusesMinor: 0,
  expensesMinor: 0,
  adjustmentsMinor: 0,
  deductionsMinor: 0,
  cashCollectedMinor: 0,
  netMinor: 1500,
  settledMinor: 0,
  dueMinor: 1500,
  approvedAt: '2026-10-19T09:00:00Z',
  ...over,
});

let rows: OwnStatement[] = [];
let listFails = false;

beforeEach(() => {
  downloaded.length = 0;
  listFails = false;
  rows = [
    statement({ id: 2, statementNo: 'DS-2026-00002', netMinor: -500, cashCollectedMinor: 2000, dueMinor: 500 }),
    statement({
      id: 1,
      statementNo: 'DS-2026-00001',
      status: 'settled',
      periodFrom: '2026-10-05',
      periodTo: '2026-10-11',
      settledMinor: 1500,
      dueMinor: 0,
    }),
  ];
  resetServer({
    'Driver/GetDriverStatementsDrvApp': (input) => {
      if (listFails) throw new ApiError(500, 'Statements are down.');
      const perPage = Number(input.perPage);
      const page = rows.slice(0, perPage);
      return { ...list(page), count: rows.length };
    },
    'BookingInvoice/GetGenerateDocumentDriverPaymentForDriverApp': (input) => ({
      data: {
        fileName: `Statement-${String(input.id)}.pdf`,
        mimeType: 'application/pdf',
        content: 'JVBERi0=',
        byteSize: 5,
        sha256: 'x',
        draft: false,
        issuedAt: '2026-10-19T09:00:00Z',
      },
    }),
  });
});
afterEach(cleanup);

describe('the statements on the money screen', { timeout: 20_000 }, () => {
  it('lists each statement with its period, number, net in words, paid and left, and status', async () => {
    renderScreen(<StatementsSection />);
    const cards = await screen.findAllByTestId('statement-row');
    expect(cards).toHaveLength(2);
    const [owed, paid] = cards as [HTMLElement, HTMLElement];
    expect(owed.textContent).toContain('12-10-2026 – 18-10-2026');
    expect(owed.textContent).toContain('DS-2026-00002');
    expect(within(owed).getByTestId('statement-net').textContent).toBe('You owe £5.00');
    expect(within(owed).getByTestId('statement-settled').textContent).toBe('Paid £0.00 · left £5.00');
    expect(within(owed).getByText('Approved')).toBeTruthy();
    expect(within(paid).getByTestId('statement-net').textContent).toBe('You are paid £15.00');
    expect(within(paid).getByTestId('statement-settled').textContent).toBe('Paid £15.00 · left £0.00');
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(callsOf('Driver/GetDriverStatementsDrvApp')[0]!.input).toMatchObject({ page: 0, perPage: STATEMENTS_PAGE });
  });

  it("opens a statement's PDF from the driver-app call", async () => {
    renderScreen(<StatementsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open PDF of statement DS-2026-00002' }));
    await waitFor(() => expect(downloaded).toHaveLength(1));
    expect(callsOf('BookingInvoice/GetGenerateDocumentDriverPaymentForDriverApp')[0]!.input).toEqual({ id: 2 });
    expect(downloaded[0]).toMatchObject({ fileName: 'Statement-2.pdf', mimeType: 'application/pdf' });
  });

  it('says so when there is no statement yet', async () => {
    rows = [];
    renderScreen(<StatementsSection />);
    expect(await screen.findByText('No statements yet')).toBeTruthy();
    expect(screen.queryByTestId('statement-row')).toBeNull();
  });

  it('says in words when the list fails and asks again on Try again', async () => {
    listFails = true;
    renderScreen(<StatementsSection />);
    expect(await screen.findByText('Statements are down.')).toBeTruthy();
    listFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('statement-row')).toHaveLength(2);
  });

  it('shows more statements when there are more than a page', async () => {
    rows = Array.from({ length: STATEMENTS_PAGE + 2 }, (_, i) =>
      statement({ id: 100 + i, statementNo: `DS-2026-${String(100 + i).padStart(5, '0')}` }),
    );
    renderScreen(<StatementsSection />);
    expect(await screen.findAllByTestId('statement-row')).toHaveLength(STATEMENTS_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show more statements' }));
    await waitFor(() => expect(screen.getAllByTestId('statement-row')).toHaveLength(STATEMENTS_PAGE + 2));
    expect(screen.queryByRole('button', { name: 'Show more statements' })).toBeNull();
  });
});
