import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import type { RecordKind } from './record-kind';
import { RecordPage } from './RecordPage';
import { list, renderAt, resetServer } from './test-utils';

vi.mock('../api/client', () => import('./test-utils').then((m) => m.clientMock));

const drivers = {
  ns: 'drivers',
  path: '/drivers',
  create: 'Driver/Create',
  update: 'Driver/Update',
  remove: 'Driver/Delete',
} as const satisfies RecordKind;

const vehicles = { ...drivers, ns: 'vehicles', path: '/vehicles' } as const satisfies RecordKind;

function DriverPage() {
  return (
    <RecordPage
      kind={drivers}
      read={{ call: 'Driver/GetTableSummaryDriver', input: (id) => ({ id }) }}
      header={(d) => <h2>{d.fullName}</h2>}
      tabs={(d) => [
        { value: 'overview', label: 'Overview', panel: <p>Figures of {d.id}</p> },
        { value: 'details', label: 'Details', panel: <p>Details of {d.id}</p> },
      ]}
    />
  );
}

function VehiclePage() {
  return (
    <RecordPage
      kind={vehicles}
      read={{ call: 'Vehicle/GetTableSummary', input: (id) => ({ id, perPage: 1 }) }}
      header={(v) => <h2>{v.registration}</h2>}
      tabs={() => []}
    />
  );
}

afterEach(cleanup);

describe('RecordPage', () => {
  it('says the address names no record, without asking the server', async () => {
    resetServer({});
    renderAt(<DriverPage />, { path: '/drivers/:id', at: '/drivers/abc' });
    expect((await screen.findByRole('alert')).textContent).toContain('The address does not name a driver.');
    expect(screen.getByRole('link', { name: 'All drivers' })).toBeTruthy();
  });

  it('says a record the company does not have cannot be shown, in the server’s words', async () => {
    resetServer({
      'Driver/GetTableSummaryDriver': () => {
        throw new ApiError(404, 'Driver 99 does not exist in your company.');
      },
    });
    renderAt(<DriverPage />, { path: '/drivers/:id', at: '/drivers/99' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This driver cannot be shown');
    expect(alert.textContent).toContain('Driver 99 does not exist in your company.');
  });

  it('reads a record from a list narrowed to its id, and says when there is none', async () => {
    resetServer({ 'Vehicle/GetTableSummary': () => list([]) });
    renderAt(<VehiclePage />, { path: '/vehicles/:id', at: '/vehicles/5' });
    expect((await screen.findByRole('alert')).textContent).toContain('There is no such vehicle in your fleet.');
  });

  it('shows the record with its tabs, the open tab kept in the address', async () => {
    resetServer({ 'Driver/GetTableSummaryDriver': ({ id }) => ({ data: { id, fullName: 'Amira Khan' } }) });
    renderAt(<DriverPage />, { path: '/drivers/:id', at: '/drivers/7?tab=details' });
    await screen.findByRole('heading', { name: 'Amira Khan' });
    expect(screen.getByText('Details of 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(await screen.findByText('Figures of 7')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/drivers/7');
  });
});
