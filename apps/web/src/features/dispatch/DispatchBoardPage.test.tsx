import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { ApiError } from '../../api/errors';
import { DispatchBoardPage } from './DispatchBoardPage';

const calls: { name: string; input: Record<string, unknown> }[] = [];
let answers: Record<string, (input: Record<string, unknown>) => unknown> = {};

vi.mock('../../api/client', () => ({
  callApi: async (name: string, input: Record<string, unknown>) => {
    calls.push({ name, input });
    const answer = answers[name];
    if (!answer) throw new ApiError(501, `${name} is not implemented yet.`);
    return answer(input);
  },
}));

function booking(id: number, pickupAt: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    status: 'confirmed',
    statusName: 'Confirmed',
    paymentStatus: 'unpaid',
    pickupAt,
    isAsap: false,
    pickup: `Pick-up ${id}`,
    dropoff: `Drop-off ${id}`,
    viaCount: 0,
    passengerId: 1,
    passengerName: `Passenger ${id}`,
    passengerPhone: null,
    clientId: null,
    clientName: null,
    vehicleTypeId: 1,
    vehicleTypeName: 'Saloon',
    driverId: null,
    driverName: null,
    driverCallsign: null,
    vehicleId: null,
    vehicleRegistration: null,
    vendorId: null,
    vendorName: null,
    passengerCount: 1,
    luggageCount: 0,
    priceMinor: 2500,
    currency: 'GBP',
    paymentMethod: 'cash',
    source: 'office',
    flightNumber: null,
    offerExpiresAt: null,
    remotePending: false,
    isUnplaced: false,
    version: 3,
    createdAt: pickupAt,
    tab: 'unallocated',
    allocatedByName: null,
    ...extra,
  };
}

const rows = [
  booking(11, '2026-11-22T08:00:00Z'),
  booking(12, '2026-11-22T09:00:00Z'),
  booking(13, '2026-11-22T10:00:00Z', { isUnplaced: true }),
];

function board(input: Record<string, unknown>) {
  const tab = (input.tab as string) ?? 'unallocated';
  const counts = { unallocated: 3, offered: 1, allocated: 7, active: 2, done: 12, cancelled: 0 };
  return {
    data: {
      date: '2026-11-22',
      timezone: 'Europe/London',
      tab,
      page: 0,
      perPage: 50,
      tabs: Object.entries(counts).map(([t, count]) => ({
        tab: t,
        name: t,
        statuses: [],
        count,
        total: 1,
        data: t === tab && t === 'unallocated' ? rows : [],
      })),
      near: nearList,
      totals: { count: 25, ...counts, urgent: 1 },
    },
  };
}

let nearList: Record<string, unknown>[] = [];

const choice = (driverId: number, name: string, extra: Record<string, unknown> = {}) => ({
  driverId,
  driverName: name,
  callsign: `C${driverId}`,
  state: 'available',
  availabilityName: 'Available',
  onShift: true,
  vehicleId: driverId * 10,
  vehicleRegistration: `REG ${driverId}`,
  vehicleTypeName: 'Saloon',
  distanceMetres: 1500,
  etaSeconds: 180,
  documentState: 'valid',
  blockedReason: null,
  refusals: [],
  warnings: [],
  ...extra,
});

const candidate = (driverId: number, callsign: string, metres: number) => ({
  driverId,
  driverName: `Driver ${callsign}`,
  callsign,
  vehicleId: driverId * 10,
  vehicleRegistration: `REG ${driverId}`,
  vehicleTypeId: 1,
  vehicleTypeName: 'Saloon',
  distanceMetres: metres,
  etaSeconds: metres / 8,
  onShift: true,
  vehicleTypeFits: true,
  documentsValid: true,
  lastSeenAt: '2026-11-22T07:55:00Z',
  score: metres / 8,
  reasons: [`${metres / 1000} km away`],
});

function Where() {
  return <div data-testid="where">{useLocation().pathname + useLocation().search}</div>;
}

function renderBoard(path = '/dispatch') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/dispatch" element={<DispatchBoardPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
          <Routes>
            <Route path="/dispatch" element={<Where />} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const key = (k: string, target: Element | Document = document) => act(() => void fireEvent.keyDown(target, { key: k }));
const selectedRow = () => screen.getAllByTestId('board-row').find((r) => r.getAttribute('aria-selected') === 'true');

beforeEach(() => {
  calls.length = 0;
  nearList = [];
  answers = {
    'Booking/GetDriverChoices': (input) => ({
      data: {
        bookingId: input.bookingId,
        vehicleTypeName: 'Estate',
        drivers: [
          choice(21, 'Ava Free', { vehicleTypeName: 'Estate' }),
          choice(22, 'Ben Busy', { state: 'busy', availabilityName: 'Busy', warnings: ['Has job #40 14:00–15:10'] }),
          choice(23, 'James Reed', { refusals: ['James has a Saloon; this booking needs an Estate.'] }),
          choice(24, 'Kim Lapsed', {
            state: 'blocked',
            blockedReason: 'Driving licence expired',
            documentState: 'expired',
            refusals: ["Kim's Driving licence expired on 01-03-2020."],
          }),
        ],
      },
    }),
    'Booking/GetBookingDispatch': board,
    'Driver/GetTableSummaryDriverAllocation': () => ({ data: [], allData: [], total: 0, count: 0 }),
    'Booking/GetSuggestedDrivers': (input) => ({
      data: {
        bookingId: input.bookingId,
        pickup: { address: 'x', lat: 51.5, lng: -0.1 },
        averageSpeedKmh: 30,
        note: null,
        candidates: [candidate(5, 'D05', 1200), candidate(7, 'D07', 3400)],
      },
    }),
    'Booking/UpdateBookingDriverAndVehicleHard': (input) => ({ code: 200, message: 'Allocated.', data: input }),
    'Booking/UpdateBookingDriverAndVehicle': (input) => ({ code: 200, message: 'Offered.', data: input }),
  };
});
afterEach(cleanup);

describe('the dispatch board', { timeout: 30_000 }, () => {
  it('shows every tab with its count of the day', async () => {
    renderBoard();
    await waitFor(() => expect(screen.getByTestId('tab-count-allocated').textContent).toBe('7'));
    expect(screen.getByTestId('tab-count-unallocated').textContent).toBe('3');
    expect(screen.getByTestId('tab-count-offered').textContent).toBe('1');
    expect(screen.getByTestId('tab-count-active').textContent).toBe('2');
    expect(screen.getByTestId('tab-count-done').textContent).toBe('12');
    expect(screen.getByTestId('tab-count-cancelled').textContent).toBe('0');
    expect(screen.getAllByTestId('board-row')).toHaveLength(3);
  });

  it('marks a booking with a stop nobody placed "Not placed, not priced"', async () => {
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    const [first, second, third] = screen.getAllByTestId('board-row');
    expect(within(third as HTMLElement).getByText('Not placed, not priced')).toBeTruthy();
    expect(within(first as HTMLElement).queryByText('Not placed, not priced')).toBeNull();
    expect(within(second as HTMLElement).queryByText('Not placed, not priced')).toBeNull();
  });

  it('keeps the tab in the address and asks the server for it', async () => {
    renderBoard('/dispatch?tab=done&date=2026-11-20');
    await waitFor(() => expect(calls.some((c) => c.name === 'Booking/GetBookingDispatch')).toBe(true));
    const asked = calls.find((c) => c.name === 'Booking/GetBookingDispatch')!.input;
    expect(asked).toMatchObject({ tab: 'done', date: '2026-11-20' });
    fireEvent.click(screen.getByTestId('tab-allocated'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('tab=allocated'));
    expect(screen.getByTestId('where').textContent).toContain('date=2026-11-20');
  });

  it('moves the selection with the arrows, opens with Enter and allocates the top suggestion with A', async () => {
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    key('ArrowDown');
    expect(selectedRow()?.getAttribute('data-booking-id')).toBe('11');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    expect(selectedRow()?.getAttribute('data-booking-id')).toBe('13');
    key('ArrowUp');
    expect(selectedRow()?.getAttribute('data-booking-id')).toBe('12');
    key('Enter');
    const pane = await screen.findByTestId('booking-detail');
    expect(within(pane).getByText('Booking #12')).toBeTruthy();
    await waitFor(() => expect(within(pane).getAllByTestId('suggestion')).toHaveLength(2));
    key('a');
    await waitFor(() => expect(calls.some((c) => c.name === 'Booking/UpdateBookingDriverAndVehicleHard')).toBe(true));
    const sent = calls.find((c) => c.name === 'Booking/UpdateBookingDriverAndVehicleHard')!.input;
    expect(sent).toMatchObject({ bookingId: 12, driverId: 5, vehicleId: 50, version: 3, reallocate: false });
  });

  it('offers to the suggestion picked with its number', async () => {
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    key('ArrowDown');
    key('Enter');
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(2));
    key('2');
    const second = screen.getAllByTestId('suggestion')[1] as HTMLElement;
    expect(second.getAttribute('aria-selected')).toBe('true');
    // Its accessible name is what it shows, the driver's name among it, and its key is announced.
    expect(second.getAttribute('aria-label')).toBeNull();
    expect(second.getAttribute('aria-keyshortcuts')).toBe('2');
    expect(screen.getAllByRole('option', { name: /Driver D\d+/ })).toContain(second);
    key('o');
    await waitFor(() => expect(calls.some((c) => c.name === 'Booking/UpdateBookingDriverAndVehicle')).toBe(true));
    expect(calls.find((c) => c.name === 'Booking/UpdateBookingDriverAndVehicle')!.input).toMatchObject({
      bookingId: 11,
      driverId: 7,
    });
  });

  it('gives / to the search and leaves letters typed there alone', async () => {
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    key('ArrowDown');
    key('/');
    const search = screen.getByTestId('board-search');
    expect(document.activeElement).toBe(search);
    for (const k of ['a', 'o', 'u', 'n', '1']) key(k, search);
    expect(calls.some((c) => c.name.startsWith('Booking/UpdateBookingDriverAndVehicle'))).toBe(false);
    expect(screen.queryByTestId('where')?.textContent ?? '').not.toContain('/bookings/new');
  });

  it('shows a refusal in words beside the buttons', async () => {
    answers['Booking/UpdateBookingDriverAndVehicleHard'] = () => {
      throw new ApiError(409, 'Booking 11 is already held by driver Ann Lee (A12), allocated by Sam Dispatcher.');
    };
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    key('ArrowDown');
    key('Enter');
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(2));
    key('A');
    const alert = await screen.findByTestId('action-error');
    expect(alert.textContent).toContain('allocated by Sam Dispatcher');
    expect(within(alert).getByRole('button', { name: /Allocate anyway/ })).toBeTruthy();
  });

  it('lists every driver with state, distance, vehicle type and papers, and the refusals before anyone clicks', async () => {
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    key('ArrowDown');
    key('Enter');
    const list = await screen.findByTestId('driver-choices');
    const items = within(list).getAllByTestId('driver-choice');
    expect(items).toHaveLength(4);
    expect(items[0]!.textContent).toContain('Available');
    expect(items[0]!.textContent).toContain('Estate REG 21');
    expect(items[0]!.textContent).toContain('1.5 km');
    expect(items[0]!.textContent).toContain('Documents valid');
    expect(items[1]!.textContent).toContain('Busy');
    expect(within(items[1]!).getByTestId('warning').textContent).toBe('Has job #40 14:00–15:10');
    expect(within(items[2]!).getByTestId('refusal').textContent).toBe(
      'James has a Saloon; this booking needs an Estate.',
    );
    expect(items[3]!.textContent).toContain('Blocked: Driving licence expired');
    expect(items[3]!.getAttribute('aria-disabled')).toBe('true');
    // A refused driver cannot be picked; an allowed one is whom Allocate goes to.
    fireEvent.click(items[2]!);
    expect(items[2]!.getAttribute('aria-selected')).toBe('false');
    fireEvent.click(items[0]!);
    expect(items[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('allocate'));
    await waitFor(() => expect(calls.some((c) => c.name === 'Booking/UpdateBookingDriverAndVehicleHard')).toBe(true));
    expect(calls.find((c) => c.name === 'Booking/UpdateBookingDriverAndVehicleHard')!.input).toMatchObject({
      bookingId: 11,
      driverId: 21,
      vehicleId: 210,
    });
  });

  it('shows a clash with the driver’s job and allocates anyway only when asked', async () => {
    answers['Booking/UpdateBookingDriverAndVehicleHard'] = (input) => {
      if (input.allowOverlap) return { code: 200, message: 'Allocated.', data: input };
      throw new ApiError(
        409,
        'Dan has job #40 14:00–15:10, which overlaps this booking (pick-up 14:30, with 15 minutes between jobs); allocate anyway to give it to Dan as well.',
        [],
        { code: 409, clashes: [{ bookingId: 40, pickupAt: '2026-11-22T14:00:00Z', endsAt: '2026-11-22T15:10:00Z' }] },
      );
    };
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    key('ArrowDown');
    key('Enter');
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(2));
    key('A');
    const alert = await screen.findByTestId('action-error');
    expect(alert.textContent).toContain('has job #40 14:00–15:10');
    expect(calls.filter((c) => c.name === 'Booking/UpdateBookingDriverAndVehicleHard')).toHaveLength(1);
    fireEvent.click(within(alert).getByTestId('allow-overlap'));
    await waitFor(() =>
      expect(calls.filter((c) => c.name === 'Booking/UpdateBookingDriverAndVehicleHard')).toHaveLength(2),
    );
    expect(calls.filter((c) => c.name === 'Booking/UpdateBookingDriverAndVehicleHard')[1]!.input).toMatchObject({
      bookingId: 11,
      driverId: 5,
      allowOverlap: true,
    });
  });

  it('flags a job with no driver picking up soon: first, tinted, explained and counted in the title', async () => {
    nearList = [
      {
        bookingId: 13,
        pickupAt: '2026-11-22T10:00:00Z',
        pickup: 'Pick-up 13',
        minutesToPickup: 12,
        suggestion: null,
        reason: 'No driver can reach it in time: every driver on shift is busy.',
        announcedAt: null,
      },
    ];
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    const first = screen.getAllByTestId('board-row')[0]!;
    expect(first.getAttribute('data-booking-id')).toBe('13');
    expect(first.getAttribute('data-near')).toBe('true');
    expect(within(first).getByTestId('near-flag').textContent).toContain('Pick-up soon, no driver');
    expect(screen.getAllByTestId('board-row')[1]!.getAttribute('data-near')).toBeNull();
    expect(screen.getByTestId('near-verdict').textContent).toBe(
      'No driver can reach it in time: every driver on shift is busy.',
    );
    await waitFor(() => expect(document.title).toMatch(/^\(1\) /));
  });

  it('opens a new booking with N', async () => {
    renderBoard();
    await waitFor(() => expect(screen.getAllByTestId('board-row')).toHaveLength(3));
    key('n');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/bookings/new'));
  });

  it('says so in words when the board cannot be read', async () => {
    delete answers['Booking/GetBookingDispatch'];
    renderBoard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('not available on the server yet');
  });
});
