import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsPage } from './NotificationsPage';
import { callsOf, done, list, renderScreen, resetServer } from './test-utils';

vi.mock('../../../api/client', () => import('./test-utils').then((m) => m.clientMock));

const note = (id: number, isNotified: boolean, bookingId: number | null) => ({
  id,
  kind: 'job',
  title: `Notice ${id}`,
  body: `Body ${id}`,
  bookingId,
  isNotified,
  readAt: isNotified ? '2026-03-10T08:00:00Z' : null,
  createdAt: '2026-03-10T07:00:00Z',
});
let rows: ReturnType<typeof note>[] = [];

beforeEach(() => {
  rows = [note(3, false, 812), note(2, false, null), note(1, true, null)];
  resetServer({
    'Driver/GetDriverNotifications': () => list(rows),
    'Driver/UpdateIsNotified': (input) => {
      rows = rows.map((r) => (input.all || r.id === input.id ? { ...r, isNotified: true } : r));
      return done({ updated: 1 });
    },
  });
});
afterEach(cleanup);

describe('notifications', { timeout: 20_000 }, () => {
  it('highlights the unread ones', async () => {
    renderScreen(<NotificationsPage />, '/driver/notifications');
    const cards = await screen.findAllByTestId('notification');
    expect(cards.map((c) => c.dataset.unread)).toEqual(['true', 'true', 'false']);
  });

  it('marks one read on a tap and opens its job', async () => {
    renderScreen(<NotificationsPage />, '/driver/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Unread: Notice 3' }));
    await waitFor(() => expect(callsOf('Driver/UpdateIsNotified')).toHaveLength(1));
    expect(callsOf('Driver/UpdateIsNotified')[0]!.input).toEqual({ id: 3 });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/driver/jobs/812'));
  });

  it('does not mark again one already read', async () => {
    renderScreen(<NotificationsPage />, '/driver/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Notice 1' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(callsOf('Driver/UpdateIsNotified')).toHaveLength(0);
  });

  it('marks all read', async () => {
    renderScreen(<NotificationsPage />, '/driver/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(callsOf('Driver/UpdateIsNotified')[0]?.input).toEqual({ all: true }));
    await waitFor(() =>
      expect(screen.getAllByTestId('notification').every((c) => c.dataset.unread === 'false')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('says what would show when there are none', async () => {
    rows = [];
    renderScreen(<NotificationsPage />, '/driver/notifications');
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });
});
