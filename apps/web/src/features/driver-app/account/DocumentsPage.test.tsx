import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentsPage } from './DocumentsPage';
import { renderScreen, resetServer } from './test-utils';
import { attentionOf } from './useDocumentsAttention';

vi.mock('../../../api/client', () => import('./test-utils').then((m) => m.clientMock));

const doc = (
  id: number,
  name: string,
  expiryState: string,
  daysToExpiry: number | null,
  expiryDate: string | null,
) => ({
  id,
  documentTypeId: id,
  documentTypeName: name,
  isMandatory: true,
  reference: null,
  issueDate: null,
  expiryDate,
  expiryState,
  daysToExpiry,
  hasFile: false,
  fileUrl: null,
});

let answer: unknown;

beforeEach(() => {
  answer = {
    driver: {
      id: 7,
      name: 'James Walker',
      documentState: 'missing',
      documents: [
        doc(1, 'Driving licence', 'valid', 400, '2027-06-01'),
        doc(2, 'PCO licence', 'expiring', 12, '2026-03-22'),
      ],
      missingTypes: [{ id: 3, name: 'DBS certificate' }],
    },
    vehicle: {
      id: 4,
      registration: 'AB12 CDE',
      documentState: 'expired',
      documents: [doc(5, 'MOT', 'expired', -3, '2026-03-07')],
      missingTypes: [],
    },
  };
  resetServer({ 'Driver/GetDriverDocumentsDrvApp': () => ({ data: answer }) });
});
afterEach(cleanup);

describe('the documents screen', { timeout: 20_000 }, () => {
  it('shows each document with its state, the missing ones, and the vehicle in its own group', async () => {
    renderScreen(<DocumentsPage />);
    const rows = await screen.findAllByTestId('document-row');
    expect(rows.map((r) => within(r).getByTestId('document-state').textContent)).toEqual([
      'Valid',
      'Expires in 12 days',
      'Expired',
    ]);
    expect(screen.getByTestId('document-missing').textContent).toContain('DBS certificate');
    const vehicle = screen.getByRole('heading', { name: 'Vehicle AB12 CDE' }).closest('section')!;
    expect(within(vehicle).getByText('MOT')).toBeTruthy();
    expect(within(vehicle).queryByText('Driving licence')).toBeNull();
  });

  it('says how to see the vehicle’s papers when there is no shift vehicle', async () => {
    answer = { ...(answer as object), vehicle: null };
    renderScreen(<DocumentsPage />);
    expect(await screen.findByText('Start a shift with a vehicle to see its documents here.')).toBeTruthy();
  });

  it('names the most pressing state for the badge of the More screen', () => {
    expect(attentionOf([{ documentState: 'valid' }, null])).toBeNull();
    expect(attentionOf([{ documentState: 'expiring' }, { documentState: 'valid' }])).toBe('expiring');
    expect(attentionOf([{ documentState: 'expiring' }, { documentState: 'expired' }])).toBe('expired');
  });
});
