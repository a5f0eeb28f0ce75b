import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, renderAt, resetServer } from '../../../kit/test-utils';
import { FixedImportDialog } from './FixedImportDialog';

vi.mock('../../../api/client', () => import('../../../kit/test-utils').then((m) => m.clientMock));

const row = (rowNumber: number, outcome: 'new' | 'changed' | 'unchanged' | 'error', extra: object = {}) => ({
  rowNumber,
  outcome,
  from: 'Heathrow T5',
  to: `Place ${rowNumber}`,
  vehicleType: '',
  fromKey: 'location:1',
  toKey: `postcode:E${rowNumber}`,
  vehicleTypeID: null,
  priceMinor: 4500,
  oldPriceMinor: null,
  reverseAlsoMatches: false,
  errors: [],
  ...extra,
});

const preview = (rows: ReturnType<typeof row>[], committed = false) => {
  const counts = { new: 0, changed: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.outcome] += 1;
  return {
    code: 200,
    message: 'ok',
    data: { committed, pricingModelID: 7, version: committed ? 3 : null, counts, rows },
  };
};

const chooseFile = async () => {
  const input = await waitFor(() => {
    const found = document.querySelector('input[type="file"]');
    if (!found) throw new Error('The dialog has no file input yet.');
    return found as HTMLInputElement;
  });
  const file = new File(['PK'], 'prices.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(input, { target: { files: [file] } });
};

describe('FixedImportDialog', () => {
  beforeEach(() => resetServer({}));
  afterEach(cleanup);

  it('shows every row’s outcome with a count per outcome, and refuses to import while a row has an error', async () => {
    resetServer({
      'FixedPricing/SaveExcelImportFile': () =>
        preview([
          row(2, 'new'),
          row(3, 'changed', { priceMinor: 5000, oldPriceMinor: 4500 }),
          row(4, 'unchanged'),
          row(5, 'error', {
            priceMinor: null,
            errors: [
              {
                field: 'From',
                message: 'is an unknown location: no known location, zone or postcode district is called "Nowhere"',
              },
            ],
          }),
        ]),
    });
    renderAt(<FixedImportDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await chooseFile();
    const table = await screen.findByTestId('fixed-import-preview');
    expect(calls[0]).toMatchObject({ name: 'FixedPricing/SaveExcelImportFile', input: { commit: false } });
    expect(screen.getByTestId('count-new').textContent).toBe('1 new');
    expect(screen.getByTestId('count-changed').textContent).toBe('1 changed');
    expect(screen.getByTestId('count-unchanged').textContent).toBe('1 unchanged');
    expect(screen.getByTestId('count-error').textContent).toBe('1 with errors');
    const lines = within(table).getAllByRole('row').slice(1);
    expect(lines).toHaveLength(4);
    expect(lines[1]?.textContent).toMatch(/Changed.*was £45\.00/);
    expect(lines[3]?.textContent).toMatch(/From: is an unknown location/);
    expect((screen.getByRole('button', { name: 'Import 2 rows' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('imports the rows that are new or changed, then says what it wrote', async () => {
    resetServer({
      'FixedPricing/SaveExcelImportFile': (input) =>
        preview([row(2, 'new'), row(3, 'new'), row(4, 'unchanged')], Boolean(input.commit)),
    });
    renderAt(<FixedImportDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await chooseFile();
    const go = await screen.findByRole('button', { name: 'Import 2 rows' });
    expect((go as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(go);
    await waitFor(() => expect(screen.getByText('Imported: 2 new, 0 changed (version 3).')).toBeTruthy());
    expect(calls.map((c) => c.input.commit)).toEqual([false, true]);
  });
});
