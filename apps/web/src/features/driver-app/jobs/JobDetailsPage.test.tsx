import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { ApiError } from '../../../api/errors';
import { JobDetailsPage } from './JobDetailsPage';
import { job, list, renderAt } from './test-kit';

const calls: { name: string; input: Record<string, unknown> }[] = [];
let answers: Record<string, (input: Record<string, unknown>) => unknown> = {};

vi.mock('../../../api/client', () => ({
  callApi: async (name: string, input: Record<string, unknown>) => {
    calls.push({ name, input });
    const answer = answers[name];
    if (!answer) throw new ApiError(501, `${name} is not implemented yet.`);
    return answer(input);
  },
}));

// The journey panel is the shell's; here only its place on the page matters.
vi.mock('../journey/JourneyPanel', () => ({
  JourneyPanel: ({ bookingId }: { bookingId: number }) => <div data-testid="journey-panel">journey {bookingId}</div>,
}));

const stop = (seq: number, kind: 'pickup' | 'via' | 'dropoff', address: string, extra = {}) => ({
  seq,
  kind,
  address,
  postcode: null,
  lat: null,
  lng: null,
  arrivedAt: null,
  departedAt: null,
  ...extra,
});

const stops = [
  stop(0, 'pickup', '1 Station Road', {
    lat: 51.5,
    lng: -0.12,
    arrivedAt: '2026-11-25T09:58:00Z',
    departedAt: '2026-11-25T10:03:00Z',
  }),
  stop(1, 'via', '2 Market Square', { postcode: 'AB1 2CD' }),
  stop(2, 'dropoff', '3 Airport Way', { lat: 51.47, lng: -0.45 }),
];

const times = {
  id: 77,
  status: 'on_board',
  pickupAt: '2026-11-25T10:00:00Z',
  isAsap: false,
  offeredAt: null,
  allocatedAt: '2026-11-25T08:00:00Z',
  acceptedAt: '2026-11-25T08:05:00Z',
  onRouteAt: '2026-11-25T09:40:00Z',
  arrivedAt: '2026-11-25T09:58:00Z',
  onBoardAt: '2026-11-25T10:03:00Z',
  completedAt: null,
  cancelledAt: null,
  waitingSeconds: 300,
  journeyMinutes: null,
};

const renderDetails = (path = '/driver/jobs/77') => renderAt(path, '/driver/jobs/:id', <JobDetailsPage />);

beforeEach(() => {
  calls.length = 0;
  answers = {
    'Booking/GetBookingTime': () => ({ data: times }),
    'Driver/GetBookingLocations': () => ({
      data: { bookingId: 77, status: 'on_board', nextLocType: 'via', stop: stops[1], stops },
    }),
    'Driver/BookingNextLocTypeID': () => ({
      data: { bookingId: 77, status: 'on_board', nextLocType: 'via', stop: stops[1] },
    }),
    'Booking/GetTableSummaryBookingDriverApp': () =>
      list([
        job(77, times.pickupAt, {
          status: 'on_board',
          passengerName: 'Ada Lovelace',
          passengerPhone: '+44 7700 900123',
          flightNumber: 'BA117',
          passengerCount: 3,
          luggageCount: 2,
          paymentMethod: 'card',
          priceMinor: 4500,
        }),
      ]),
  };
});
afterEach(cleanup);

describe('Job details', () => {
  it('lists every stop in order and highlights the next one', async () => {
    renderDetails();
    await screen.findByText('2 Market Square');
    const items = screen.getAllByTestId('job-stop');
    expect(items.map((i) => within(i).getByText(/Road|Square|Way/).textContent)).toEqual([
      '1 Station Road',
      '2 Market Square',
      '3 Airport Way',
    ]);
    const next = items.filter((i) => i.getAttribute('aria-current') === 'step');
    expect(next).toHaveLength(1);
    expect(within(next[0] as HTMLElement).getByText('2 Market Square')).toBeTruthy();
    expect(within(next[0] as HTMLElement).getByText('Next')).toBeTruthy();
    // The reached pick-up says so and needs no directions any more.
    expect(within(items[0] as HTMLElement).getByText(/^Reached/)).toBeTruthy();
    expect(within(items[0] as HTMLElement).queryByRole('link')).toBeNull();
    const drop = within(items[2] as HTMLElement).getByRole('link', { name: 'Navigate to 3 Airport Way' });
    expect(drop.getAttribute('href')).toBe('https://www.google.com/maps/dir/?api=1&destination=51.47%2C-0.45');
    const via = within(items[1] as HTMLElement).getByRole('link', { name: 'Navigate to 2 Market Square' });
    expect(via.getAttribute('href')).toContain('destination=2%20Market%20Square%2C%20AB1%202CD');
    expect(screen.getByTestId('journey-panel').textContent).toBe('journey 77');
  });

  it('follows the next-location call when it names another stop', async () => {
    answers['Driver/BookingNextLocTypeID'] = () => ({
      data: { bookingId: 77, status: 'on_board', nextLocType: 'dropoff', stop: stops[2] },
    });
    renderDetails();
    await screen.findByText('3 Airport Way');
    const current = await screen.findAllByTestId('job-stop');
    await vi.waitFor(() =>
      expect(current.filter((i) => i.getAttribute('aria-current') === 'step').map((i) => i.textContent)).toEqual([
        expect.stringContaining('3 Airport Way'),
      ]),
    );
  });

  it('shows the passenger with a call link, counts, flight, payment and the journey times', async () => {
    renderDetails();
    const call = await screen.findByRole('link', { name: 'Call Ada Lovelace on +44 7700 900123' });
    expect(call.getAttribute('href')).toBe('tel:+447700900123');
    expect(screen.getByText('BA117')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
    expect(screen.getByText('£45.00')).toBeTruthy();
    expect(screen.getByText('Waited at pick-up')).toBeTruthy();
    expect(screen.getByText('5 min')).toBeTruthy();
    expect(screen.getByText('Passenger on board', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });

  it('finds a done job in the week of its pick-up', async () => {
    answers['Booking/GetTableSummaryBookingDriverApp'] = () => list([]);
    answers['Booking/GetTableSummaryBookingDriverAppPerWeek'] = () => ({
      data: {
        fromDate: '2026-11-23',
        toDate: '2026-11-29',
        days: [{ date: '2026-11-25', jobs: [job(77, times.pickupAt, { passengerName: 'Grace Hopper' })] }],
      },
    });
    renderDetails();
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(calls.find((c) => c.name === 'Booking/GetTableSummaryBookingDriverAppPerWeek')?.input).toEqual({
      date: '2026-11-25',
    });
  });

  it('offers no directions once the job is over', async () => {
    const done = { bookingId: 77, status: 'completed', nextLocType: 'none', stop: null };
    answers['Driver/GetBookingLocations'] = () => ({ data: { ...done, stops } });
    answers['Driver/BookingNextLocTypeID'] = () => ({ data: done });
    renderDetails();
    await screen.findByText('3 Airport Way');
    await vi.waitFor(() => expect(screen.queryAllByRole('link', { name: /^Navigate to/ })).toHaveLength(0));
    expect(screen.queryByText('Not reached yet')).toBeNull();
    expect(screen.getAllByTestId('job-stop').some((i) => i.getAttribute('aria-current'))).toBe(false);
  });

  it('keeps the journey panel and stops when the times cannot be read', async () => {
    answers['Booking/GetBookingTime'] = () => {
      throw new ApiError(503, 'The server is busy.');
    };
    renderDetails();
    expect(await screen.findByText('The server is busy.')).toBeTruthy();
    expect(screen.getByTestId('journey-panel')).toBeTruthy();
    expect(await screen.findByText('2 Market Square')).toBeTruthy();
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  });

  it('says the job is not the driver’s when the server does not find it', async () => {
    answers['Booking/GetBookingTime'] = () => {
      throw new ApiError(404, 'Booking not found.');
    };
    renderDetails();
    expect(await screen.findByText('Job not found')).toBeTruthy();
    expect(screen.queryByTestId('journey-panel')).toBeNull();
  });
});
