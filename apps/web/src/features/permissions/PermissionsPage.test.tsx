import { assignableSubjects, type AbilityRule, type CallOutput } from '@cabdesk/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbilityContext, abilityFrom } from '../../app/ability';
import { ApiError } from '../../api/errors';
import { calls, list, resetServer } from '../../kit/test-utils';
import { PermissionsPage } from './PermissionsPage';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

type Row = CallOutput<'Permissions/GetTableSummary'>;
const none = () => Object.fromEntries(assignableSubjects.map((s) => [s, 'none' as const]));
const dispatcher: Row = {
  id: 1,
  name: 'Dispatcher',
  isSystem: true,
  userCount: 2,
  grants: { ...none(), Booking: 'manage', Driver: 'read' },
};
const accounts: Row = {
  id: 2,
  name: 'Accounts',
  isSystem: true,
  userCount: 1,
  grants: { ...none(), Invoice: 'manage' },
};

/** The page in a data router (the unsaved-change guard needs one), with a second page to leave to. */
function renderPage(rules: AbilityRule[] = [{ action: 'manage', subject: 'all' }]) {
  const router = createMemoryRouter(
    [
      { path: '/settings/permissions', element: <PermissionsPage /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/settings/permissions'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AbilityContext.Provider value={abilityFrom(rules)}>
          <RouterProvider router={router} />
        </AbilityContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const cell = (role: string, subject: string) =>
  screen.getByRole('gridcell', { name: new RegExp(`^${role}, ${subject}:`) });

beforeEach(() =>
  resetServer({
    'Permissions/GetTableSummary': () => list([accounts, dispatcher]),
    'Permissions/Assign': (input) => ({ code: 200, message: 'Saved.', data: { ...dispatcher, ...input } }),
  }),
);
afterEach(cleanup);

describe('PermissionsPage', () => {
  it('says it is loading, then shows roles × areas with readable names', async () => {
    renderPage();
    expect(screen.getByText('Loading the staff roles…')).toBeTruthy();
    expect(await screen.findByRole('grid', { name: 'Permissions of staff roles by area' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Finance' })).toBeTruthy();
    expect(cell('Dispatcher', 'Bookings').textContent).toContain('Manage');
    expect(cell('Dispatcher', 'Drivers').textContent).toContain('Read');
    expect(cell('Accounts', 'Bookings').textContent).toContain('None');
    expect(screen.queryByText('LostAndFound')).toBeNull();
  });

  it('says so in words when the roles cannot be loaded', async () => {
    resetServer({
      'Permissions/GetTableSummary': () => {
        throw new ApiError(500, 'The server had a problem.');
      },
    });
    renderPage();
    expect(await screen.findByText('The staff roles could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server had a problem.')).toBeTruthy();
  });

  it('moves with arrow keys, sets a level with a key and saves only the changed role', async () => {
    renderPage();
    const bookings = await waitFor(() => cell('Dispatcher', 'Bookings'));
    bookings.focus();
    fireEvent.keyDown(bookings, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(cell('Accounts', 'Bookings'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'n' });
    expect(cell('Dispatcher', 'Bookings').getAttribute('aria-label')).toBe(
      'Dispatcher, Bookings: None, changed, not saved',
    );
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(cell('Dispatcher', 'Dispatch'));
    fireEvent.keyDown(document.activeElement!, { key: '1' });
    expect(screen.getByText('1 role has unsaved changes.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'Permissions/Assign')).toBe(true));
    const sent = calls.filter((c) => c.name === 'Permissions/Assign');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toMatchObject({ id: 1, grants: { Booking: 'none', Dispatch: 'read', Driver: 'read' } });
  });

  it('shows a refused save in words and keeps the edit', async () => {
    resetServer({
      'Permissions/GetTableSummary': () => list([dispatcher]),
      'Permissions/Assign': () => {
        throw new ApiError(403, 'You cannot change Invoice: your own role does not hold that much.');
      },
    });
    renderPage();
    fireEvent.click(await waitFor(() => cell('Dispatcher', 'Invoices')));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/your own role does not hold that much/)).toBeTruthy();
    expect(cell('Dispatcher', 'Invoices').textContent).toContain('Read');
  });

  it('adds a new role by name and saves it without an id', async () => {
    renderPage();
    await screen.findByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'New role' }));
    fireEvent.change(await screen.findByLabelText(/Role name/), { target: { value: 'dispatcher' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    expect(await screen.findByText('Another role already has this name.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Role name/), { target: { value: 'Night desk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    fireEvent.keyDown(await waitFor(() => cell('Night desk', 'Chat')), { key: 'm' });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'Permissions/Assign')).toBe(true));
    const sent = calls.find((c) => c.name === 'Permissions/Assign')!.input;
    expect(sent).toMatchObject({ name: 'Night desk', grants: { Chat: 'manage', Booking: 'none' } });
    expect(sent).not.toHaveProperty('id');
  });

  it('warns before leaving with unsaved changes', async () => {
    const router = renderPage();
    fireEvent.click(await waitFor(() => cell('Accounts', 'Chat')));
    void router.navigate('/elsewhere');
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay and save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/permissions'));
  });

  it('is read-only for a role that may only read permissions', async () => {
    renderPage([{ action: 'read', subject: 'Permissions' }]);
    const bookings = await waitFor(() => cell('Dispatcher', 'Bookings'));
    fireEvent.keyDown(bookings, { key: 'n' });
    fireEvent.click(bookings);
    expect(cell('Dispatcher', 'Bookings').textContent).toContain('Manage');
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
