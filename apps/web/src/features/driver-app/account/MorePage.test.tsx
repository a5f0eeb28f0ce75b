import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { MorePage } from './MorePage';
import { list, renderScreen, resetServer } from './test-utils';

vi.mock('../../../api/client', () => import('./test-utils').then((m) => m.clientMock));
const signOut = vi.fn(async () => undefined);
vi.mock('../../../app/auth', () => ({ useAuth: () => ({ signOut }) }));

const note = (id: number, isNotified: boolean) => ({
  id,
  kind: 'job',
  title: `Notice ${id}`,
  body: '',
  bookingId: null,
  isNotified,
  readAt: null,
  createdAt: '2026-03-10T07:00:00Z',
});
const papers = (documentState: string) => ({ documentState, documents: [], missingTypes: [] });

beforeEach(() => {
  signOut.mockClear();
  resetServer({
    'Driver/GetDriverNotifications': () => list([note(1, false), note(2, false), note(3, true)]),
    'Driver/GetDriverDocumentsDrvApp': () => ({
      data: {
        driver: { id: 7, name: 'J', ...papers('valid') },
        vehicle: { id: 1, registration: 'X', ...papers('expiring') },
      },
    }),
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the More screen', { timeout: 20_000 }, () => {
  it('shows the unread notifications and documents that need attention', async () => {
    renderScreen(<MorePage />);
    expect((await screen.findByLabelText('2 unread')).textContent).toBe('2');
    expect((await screen.findByTestId('documents-badge')).textContent).toBe('Expiring soon');
  });

  it('switches the language and signs out', async () => {
    renderScreen(<MorePage />);
    fireEvent.click(await screen.findByText('Deutsch'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Mehr' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
  });
});
