import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, list, renderAt, resetServer } from '../../../kit/test-utils';
import { FixedPricesPage } from './FixedPricesPage';

vi.mock('../../../api/client', () => import('../../../kit/test-utils').then((m) => m.clientMock));

const row = {
  id: 4,
  pricingModelID: 7,
  fromKey: 'location:1',
  fromName: 'Heathrow T5',
  toKey: 'zone:2',
  toName: 'Central London',
  vehicleTypeID: 0,
  vehicleTypeName: null,
  priceMinor: 6500,
  reverseAlsoMatches: true,
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('FixedPricesPage', () => {
  afterEach(cleanup);

  it('lists the fixed prices, and opens the form with the places to pick from', async () => {
    resetServer({
      'FixedPricing/GetTableSummary': () => list([row]),
      'Common/GetVehicleTypeList': () => list([{ id: 3, name: 'Saloon' }]),
      'FixedPricing/GetEditData': () => ({
        data: {
          row: null,
          pricingModelID: 7,
          pricingModelName: 'Fixed prices',
          places: [
            { key: 'location:1', label: 'Heathrow T5', kind: 'location' },
            { key: 'zone:2', label: 'Central London', kind: 'zone' },
          ],
          vehicleTypes: [{ id: 3, name: 'Saloon' }],
        },
      }),
    });
    renderAt(<FixedPricesPage />);
    expect(await screen.findByText('1 fixed price')).toBeTruthy();
    expect(calls.find((c) => c.name === 'FixedPricing/GetTableSummary')?.input).toMatchObject({
      sortColumn: 'fromName',
      sortType: 'asc',
      page: 0,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add fixed price' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'FixedPricing/GetEditData')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('says when there are no fixed prices yet', async () => {
    resetServer({
      'FixedPricing/GetTableSummary': () => list([]),
      'Common/GetVehicleTypeList': () => list([]),
    });
    renderAt(<FixedPricesPage />);
    expect(await screen.findByText('No fixed prices yet. Add one, or import a sheet.')).toBeTruthy();
  });
});
