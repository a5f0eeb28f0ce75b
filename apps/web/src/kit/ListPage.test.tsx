import type { CallOutput } from '@cabdesk/contract';
import { cleanup, screen } from '@testing-library/react';
import type { DataTableColumn } from 'mantine-datatable';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { ListPage } from './ListPage';
import type { RecordKind } from './record-kind';
import { list, renderAt, resetServer } from './test-utils';
import { useServerList } from './useServerList';

vi.mock('../api/client', () => import('./test-utils').then((m) => m.clientMock));

const kind = {
  ns: 'vehicles',
  path: '/vehicles',
  create: 'Vehicle/Create',
  update: 'Vehicle/Update',
  remove: 'Vehicle/Delete',
} as const satisfies RecordKind;

const columns: DataTableColumn<CallOutput<'Vehicle/GetTableSummary'>>[] = [
  { accessor: 'registration', title: 'Registration' },
];

function Vehicles() {
  const vehicles = useServerList('Vehicle/GetTableSummary', {
    sort: { column: 'registration', direction: 'asc' },
    filters: { isActive: true },
  });
  return <ListPage kind={kind} list={vehicles} columns={columns} onAdd={() => undefined} />;
}

afterEach(cleanup);

describe('ListPage', () => {
  it('says in words that the list failed, with the server’s message', async () => {
    resetServer({
      'Vehicle/GetTableSummary': () => {
        throw new ApiError(500, 'The database is not answering.');
      },
    });
    renderAt(<Vehicles />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The list could not be loaded');
    expect(alert.textContent).toContain('The database is not answering.');
  });

  it('sends paging, sort and filters, and counts the rows', async () => {
    const rows = [{ id: 1, registration: 'AB12 CDE' }];
    const seen: Record<string, unknown>[] = [];
    resetServer({ 'Vehicle/GetTableSummary': (input) => (seen.push(input), list(rows)) });
    renderAt(<Vehicles />);
    expect(await screen.findByText('1 record')).toBeTruthy();
    expect(seen[0]).toMatchObject({
      page: 0,
      perPage: 10,
      sortColumn: 'registration',
      sortType: 'asc',
      isActive: true,
    });
  });

  it('offers "Add" only to a role that may make the create call', async () => {
    resetServer({ 'Vehicle/GetTableSummary': () => list([]) });
    renderAt(<Vehicles />, { rules: [{ action: 'read', subject: 'Vehicle' }] });
    await screen.findByText('Nothing to show yet.');
    expect(screen.queryByRole('button', { name: 'Add vehicle' })).toBeNull();
    cleanup();
    renderAt(<Vehicles />, { rules: [{ action: 'manage', subject: 'Vehicle' }] });
    expect(await screen.findByRole('button', { name: 'Add vehicle' })).toBeTruthy();
  });
});
