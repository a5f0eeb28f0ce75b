import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { storeUserData } from '../../../api/session';
import { renderAt } from '../jobs/test-kit';
import { outboxStore } from '../offline/store';
import { DriverSessionProvider } from '../session';
import { JourneyPanel } from './JourneyPanel';

let serverStatus = 'on_route';
/** While set, a reload of the job's stops waits for it: the network is slow. */
let holdReload: Promise<void> | null = null;
const stepsSent: string[] = [];

vi.mock('../../../api/client', () => ({
  callApi: async (name: string, input: Record<string, unknown>) => {
    if (name === 'Driver/UpdateBookingStatusForJourney') {
      stepsSent.push(String(input.step));
      serverStatus = { arrive: 'arrived', board: 'on_board' }[String(input.step)] ?? serverStatus;
      return { data: { id: 31, step: input.step, status: serverStatus } };
    }
    if (name === 'Driver/GetBookingLocations') {
      const status = serverStatus;
      if (holdReload) await holdReload;
      return { data: { bookingId: 31, status, nextLocType: 'pickup', stop: null, stops: [] } };
    }
    if (name === 'Booking/GetDriverStatus') {
      return { data: { onJob: true, booking: null, userStatus: 2, statusName: 'Busy', shift: null } };
    }
    return { data: [] };
  },
}));

beforeEach(async () => {
  await outboxStore.clear();
  serverStatus = 'on_route';
  holdReload = null;
  stepsSent.length = 0;
  storeUserData({
    id: 5,
    fullName: 'Dan Driver',
    email: 'dan@example.com',
    role: 'Driver',
    companyID: 1,
    staffRoleID: 0,
    staffRoleName: null,
    ability: [],
    company: { name: 'Cabs', currency: 'GBP', timezone: 'Europe/London', dateFormat: 'DD/MM/YYYY' },
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the journey button', () => {
  it('shows the step after the one taken while the job reloads slowly, so a second press takes the next step', async () => {
    renderAt(
      '/driver/jobs/31',
      '/driver/jobs/:id',
      <DriverSessionProvider>
        <JourneyPanel bookingId={31} />
      </DriverSessionProvider>,
    );
    const next = await screen.findByTestId('journey-next');
    expect(next.textContent).toBe('Arrived at pick-up');

    let release = () => {};
    holdReload = new Promise((r) => (release = r));
    fireEvent.click(next);
    await vi.waitFor(() => expect(stepsSent).toEqual(['arrive']));
    // The step has left the phone; the job's reload is still on its way.
    await vi.waitFor(async () => expect(await outboxStore.count()).toBe(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('journey-next').textContent).toBe('Passenger on board');

    fireEvent.click(screen.getByTestId('journey-next'));
    await vi.waitFor(() => expect(stepsSent).toEqual(['arrive', 'board']));
    release();
    holdReload = null;
    await vi.waitFor(() => expect(screen.getByTestId('journey-next').textContent).toBe('Complete job'));
  });
});
