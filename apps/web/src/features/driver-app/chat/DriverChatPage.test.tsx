import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { callsOf, done, list, renderScreen, resetServer } from '../account/test-utils';
import { DriverChatPage } from './DriverChatPage';

vi.mock('../../../api/client', () => import('../account/test-utils').then((m) => m.clientMock));

const message = (id: number, fromDriver: boolean, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  driverId: 7,
  fromDriver,
  staffUserId: fromDriver ? null : 2,
  senderName: fromDriver ? 'James Walker' : 'Dispatch Desk',
  message: text,
  isBroadcast: false,
  bookingId: null as number | null,
  readAt: null as string | null,
  createdAt: `2026-03-10T09:0${id}:00Z`,
  ...extra,
});

let newestFirst: ReturnType<typeof message>[] = [];
let sendFails = false;

beforeEach(() => {
  sendFails = false;
  newestFirst = [
    message(3, false, 'Road closed at the station', { isBroadcast: true }),
    message(2, true, 'On my way', { readAt: '2026-03-10T09:02:30Z' }),
    message(1, false, 'Can you take the 10:00?', { readAt: '2026-03-10T09:01:30Z' }),
  ];
  resetServer({
    'Driver/GetDriverChatss': () => list(newestFirst),
    'Driver/GetChatCount': () => ({ data: { count: newestFirst.filter((m) => !m.fromDriver && !m.readAt).length } }),
    'Driver/UpdateStatusOfUnreadMessagesDriverApp': () => {
      newestFirst = newestFirst.map((m) => (m.fromDriver || m.readAt ? m : { ...m, readAt: '2026-03-10T09:05:00Z' }));
      return done({ updated: 1, readAt: '2026-03-10T09:05:00Z' });
    },
    'Driver/SendMessage': (input) => {
      if (sendFails) throw new ApiError(503, 'The server is busy.');
      const sent = message(9, true, String(input.message));
      newestFirst = [sent, ...newestFirst];
      return done(sent);
    },
  });
});
afterEach(cleanup);

describe('the chat with dispatch', { timeout: 20_000 }, () => {
  it('shows the newest message at the bottom and marks broadcasts', async () => {
    renderScreen(<DriverChatPage />);
    const shown = await screen.findAllByTestId('driver-chat-message');
    expect(shown.map((m) => m.textContent)).toEqual([
      expect.stringContaining('Can you take the 10:00?'),
      expect.stringContaining('On my way'),
      expect.stringContaining('Road closed at the station'),
    ]);
    expect(shown[2]!.querySelector('[data-testid="broadcast-badge"]')?.textContent).toBe('To all drivers');
  });

  it('marks the office’s unread messages read on opening, once', async () => {
    renderScreen(<DriverChatPage />);
    await waitFor(() => expect(callsOf('Driver/UpdateStatusOfUnreadMessagesDriverApp')).toHaveLength(1));
    await waitFor(() => expect(callsOf('Driver/GetDriverChatss').length).toBeGreaterThan(1));
    expect(callsOf('Driver/UpdateStatusOfUnreadMessagesDriverApp')).toHaveLength(1);
  });

  it('sends with Enter, keeps a new line with Shift+Enter', async () => {
    renderScreen(<DriverChatPage />);
    const box = await screen.findByRole('textbox', { name: 'Message to dispatch' });
    fireEvent.change(box, { target: { value: 'Stuck in traffic' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(callsOf('Driver/SendMessage')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(callsOf('Driver/SendMessage')).toHaveLength(1));
    expect(callsOf('Driver/SendMessage')[0]!.input).toEqual({ message: 'Stuck in traffic' });
    expect((box as HTMLTextAreaElement).value).toBe('');
    await waitFor(() =>
      expect(screen.getAllByTestId('driver-chat-message').at(-1)!.textContent).toContain('Stuck in traffic'),
    );
    expect(screen.queryByTestId('chat-sending')).toBeNull();
  });

  it('shows a message that did not go through and sends it again on Try again', async () => {
    sendFails = true;
    renderScreen(<DriverChatPage />);
    const box = await screen.findByRole('textbox', { name: 'Message to dispatch' });
    fireEvent.change(box, { target: { value: 'Passenger is late' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const failed = await screen.findByTestId('chat-failed');
    expect(failed.textContent).toContain('Not sent');
    expect(screen.getByText('The server is busy.')).toBeTruthy();
    sendFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('chat-failed')).toBeNull());
    expect(callsOf('Driver/SendMessage')).toHaveLength(2);
  });

  it('says what shows here when there are no messages', async () => {
    newestFirst = [];
    renderScreen(<DriverChatPage />);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });
});
