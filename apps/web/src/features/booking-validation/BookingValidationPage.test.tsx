import type { CallOutput } from '@cabdesk/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, list, renderAt, resetServer } from '../../kit/test-utils';
import { BookingValidationPage } from './BookingValidationPage';

vi.mock('../../api/client', () => import('../../kit/test-utils').then((m) => m.clientMock));

type Row = CallOutput<'BookingValidation/GetBookingValidataion'>;

const job = (id: number, extra: Partial<Row> = {}): Row => ({
  id,
  bookingNumber: String(id),
  status: 'completed',
  pickupAt: '2026-11-20T09:00:00.000Z',
  completedAt: '2026-11-20T09:30:00.000Z',
  clientId: 1,
  clientName: 'Acme Ltd',
  passengerId: 2,
  passengerName: 'Ada Lovelace',
  driverId: 3,
  driverName: 'Amir Taylor',
  vehicleTypeId: 4,
  vehicleTypeName: 'Saloon',
  paymentMethod: 'account',
  pickupAddress: 'Paddington Station',
  dropoffAddress: 'Waterloo Station',
  viaCount: 0,
  routeSummary: 'Paddington Station → Waterloo Station',
  priceMinor: 1450,
  currency: 'GBP',
  waitingMinutes: 12,
  pricedMetres: 5900,
  drivenMetres: 7400,
  extrasMinor: 0,
  expensesMinor: 0,
  noShow: false,
  validationStatus: 'toValidate',
  reason: null,
  recalculatedMinor: null,
  acceptedMinor: null,
  isOverride: false,
  validatedAt: null,
  validatedByName: null,
  invoiceId: null,
  ...extra,
});

const sent = (name: string) => calls.filter((c) => c.name === name).map((c) => c.input);

beforeEach(() => {
  sessionStorage.clear();
  resetServer({
    'BookingValidation/GetBookingValidataion': () => list([job(11), job(12), job(13)]),
    'BookingValidation/UpdateBookingValidate': (input) => ({
      code: 200,
      message: 'The job is validated.',
      data: { status: input.status, bookingIds: input.bookingIds, rows: [], ledgerEntryIds: [] },
    }),
    'Common/GetClientList': () => list([]),
    'Driver/GetDriverList': () => list([]),
    'Common/GetVehicleTypes': () => list([]),
  });
});
afterEach(cleanup);

const panelTitle = () => screen.getByRole('heading', { level: 3 }).textContent;

describe('Booking validation from the keyboard', { timeout: 20_000 }, () => {
  it('shows the keys, moves with J and K and validates the job in hand with V', async () => {
    renderAt(<BookingValidationPage />, { path: '/finance/booking-validation' });
    await waitFor(() => expect(panelTitle()).toBe('Booking #11'));
    expect(screen.getByRole('list', { name: 'Keyboard shortcuts' }).textContent).toContain('validate');
    fireEvent.keyDown(window, { key: 'j' });
    expect(panelTitle()).toBe('Booking #12');
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(panelTitle()).toBe('Booking #13');
    fireEvent.keyDown(window, { key: 'k' });
    expect(panelTitle()).toBe('Booking #12');
    fireEvent.keyDown(window, { key: 'v' });
    await waitFor(() =>
      expect(sent('BookingValidation/UpdateBookingValidate')).toEqual([{ bookingIds: [12], status: 'validated' }]),
    );
    // The next job comes up.
    await waitFor(() => expect(panelTitle()).toBe('Booking #13'));
  });

  it('asks the reason with I, and a key typed in a field is not a shortcut', async () => {
    renderAt(<BookingValidationPage />, { path: '/finance/booking-validation' });
    await waitFor(() => expect(panelTitle()).toBe('Booking #11'));
    const waiting = screen.getByRole('textbox', { name: 'Waiting minutes' });
    fireEvent.keyDown(waiting, { key: 'v' });
    expect(sent('BookingValidation/UpdateBookingValidate')).toEqual([]);
    fireEvent.keyDown(window, { key: 'i' });
    const reason = await screen.findByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: 'Wrong passenger' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark invalid' }));
    await waitFor(() =>
      expect(sent('BookingValidation/UpdateBookingValidate')).toEqual([
        { bookingIds: [11], status: 'invalid', reason: 'Wrong passenger' },
      ]),
    );
  });

  it('keeps the tab and filters in the address', async () => {
    renderAt(<BookingValidationPage />, {
      path: '/finance/booking-validation',
      at: '/finance/booking-validation?tab=invalid&client=7&from=2026-11-01&to=2026-11-02',
    });
    await waitFor(() => expect(sent('BookingValidation/GetBookingValidataion').length).toBeGreaterThan(0));
    expect(sent('BookingValidation/GetBookingValidataion')[0]).toMatchObject({
      tab: 'invalid',
      clientID: 7,
      fromDate: '2026-11-01',
      toDate: '2026-11-02',
      page: 0,
      perPage: 50,
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Validated' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('tab=validated'));
    expect(screen.getByTestId('where').textContent).toContain('client=7');
  });

  it('says so when the list fails', async () => {
    resetServer({
      'BookingValidation/GetBookingValidataion': () => {
        throw new Error('The database is not answering.');
      },
      'Common/GetClientList': () => list([]),
      'Driver/GetDriverList': () => list([]),
      'Common/GetVehicleTypes': () => list([]),
    });
    renderAt(<BookingValidationPage />, { path: '/finance/booking-validation' });
    expect(await screen.findByText('The jobs could not be loaded.')).toBeTruthy();
  });
});
