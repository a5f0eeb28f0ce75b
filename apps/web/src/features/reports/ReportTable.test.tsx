import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { type ReportColumn, ReportTable, useReportSort } from './ReportTable';

interface Row {
  id: number;
  name: string;
  revenue: number;
}

const rows: Row[] = [
  { id: 1, name: 'Acme', revenue: 500 },
  { id: 2, name: 'Brill', revenue: 900 },
];

const columns: ReportColumn<Row>[] = [
  { key: 'name', label: 'Client', sortBy: 'name', cell: (r) => r.name },
  { key: 'revenue', label: 'Revenue', numeric: true, sortBy: 'revenue', cell: (r) => r.revenue },
  { key: 'note', label: 'Note', cell: () => '—' },
];

/** The table as a tab uses it, showing the query its sort would send. */
function Sorted() {
  const sorting = useReportSort({ column: 'revenue', direction: 'desc' });
  return (
    <MantineProvider>
      <output data-testid="query">{JSON.stringify(sorting.query)}</output>
      <ReportTable
        caption="Client report"
        columns={columns}
        rows={rows}
        loading={false}
        error={null}
        pages={3}
        view={sorting}
      />
    </MantineProvider>
  );
}

const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}') as Record<string, unknown>;
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

afterEach(cleanup);

describe('a report table sorted from its headers', () => {
  it('marks the leading column for screen readers and leaves the others unmarked', () => {
    render(<Sorted />);
    expect(header('Revenue').getAttribute('aria-sort')).toBe('descending');
    expect(header('Client').getAttribute('aria-sort')).toBeNull();
    // A column the server cannot sort on has no button.
    expect(within(header('Note')).queryByRole('button')).toBeNull();
  });

  it('sorts a name from A first and a figure largest first, turns round on a second click, and goes back to the first page', async () => {
    const user = userEvent.setup();
    render(<Sorted />);
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(query().page).toBe(1);

    await user.click(within(header('Client')).getByRole('button'));
    expect(query()).toEqual({ sortColumn: 'name', sortType: 'asc', page: 0 });
    expect(header('Client').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Revenue').getAttribute('aria-sort')).toBeNull();

    await user.click(within(header('Client')).getByRole('button'));
    expect(query()).toMatchObject({ sortColumn: 'name', sortType: 'desc' });

    await user.click(within(header('Revenue')).getByRole('button'));
    expect(query()).toMatchObject({ sortColumn: 'revenue', sortType: 'desc' });
    expect(header('Revenue').getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Sorted />);
    within(header('Client')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(query()).toMatchObject({ sortColumn: 'name', sortType: 'asc' });
  });
});
