import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { ApiError } from '../../api/errors';
import { BookingSteps, type Caller } from './BookingSteps';
import { emptyJourney, type Journey, type Rules } from './journey';

const rules: Rules = {
  allowAsap: true,
  minLeadMinutes: 0,
  showViaStops: true,
  showHourlyHire: true,
  showLuggage: true,
  showPassengerCount: true,
  showNotesForDriver: false,
  requireNotesForDriver: false,
  showFlightNumber: false,
  requireFlightNumber: false,
  timezone: 'Europe/London',
  currency: 'GBP',
};
const place = (address: string, lat: number) => ({
  address,
  postcode: null,
  placeName: address,
  lat,
  lng: -0.1,
  knownLocationId: null,
  source: 'known_location' as const,
});
const journey: Journey = {
  ...emptyJourney(),
  pickup: { text: 'The Savoy', place: place('The Savoy', 51.51) },
  dropoff: { text: 'Wembley Stadium', place: place('Wembley Stadium', 51.55) },
  asap: true,
};
const saloon = {
  vehicleTypeId: 3,
  name: 'Saloon',
  description: null,
  maxPassengers: 4,
  maxLuggage: 2,
  imageUrl: null,
  priceMinor: 2400,
  discountMinor: 0,
  currency: 'GBP',
  distanceMetres: 12000,
  durationSeconds: 1200,
};

function show(answer: (name: string, input: unknown) => unknown) {
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const call = (async (name: string, input: Record<string, unknown>) => {
    calls.push({ name, input });
    return answer(name, input);
  }) as unknown as Caller;
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <BookingSteps
            rules={rules}
            call={call}
            isVisitor
            initialJourney={journey}
            confirmationLink={(t) => `/c/${t}`}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

afterEach(cleanup);

describe('the booking steps', { timeout: 30_000 }, () => {
  it('says in words when no vehicle fits', async () => {
    show(() => ({ data: [], allData: [], total: 0, count: 0 }));
    await userEvent.click(screen.getByRole('button', { name: 'See vehicles and prices' }));
    expect(
      await screen.findByText('No vehicle can take 1 passenger. Go back and change the journey, or call us.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("puts the server's refusal back on the pick-up", async () => {
    const message = 'We could not find that pick-up address: choose one from the list.';
    show(() => {
      throw new ApiError(400, message, [{ field: 'stops.0', message }]);
    });
    await userEvent.click(screen.getByRole('button', { name: 'See vehicles and prices' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByTestId('step-title').textContent).toBe('Your journey');
  });

  it('books with the vehicle chosen, the details given, cash, and never a price', async () => {
    const calls = show((name) =>
      name === 'Vehicle/GetVehiclePricingListForWebBooker'
        ? { data: [saloon], allData: [saloon], total: 1, count: 1 }
        : name === 'Booking/Create'
          ? {
              code: 200,
              message: 'Booking 41 made.',
              data: {
                id: 41,
                pickupAt: '2026-07-01T15:30:00Z',
                isAsap: true,
                priceMinor: 2400,
                currency: 'GBP',
                confirmationToken: 'tok',
              },
            }
          : { code: 200, message: 'ok', data: {} },
    );
    await userEvent.click(screen.getByRole('button', { name: 'See vehicles and prices' }));
    expect(await screen.findByText('£24.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your first name')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Vera');
    await userEvent.type(screen.getByRole('textbox', { name: /Surname/ }), 'Visitor');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile phone/ }), '+44 7700 900777');
    await userEvent.type(screen.getByRole('textbox', { name: /E-mail/ }), 'vera@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(screen.getByTestId('step-title').textContent).toBe('Booked'));
    expect(screen.getByTestId('booking-number').textContent).toBe('Booking number 41');
    const create = calls.find((c) => c.name === 'Booking/Create')?.input;
    expect(create).toMatchObject({ vehicleTypeId: 3, paymentMethod: 'cash', source: 'web', isAsap: true });
    expect(create).not.toHaveProperty('priceMinor');
    expect(calls.find((c) => c.name === 'Booking/GetPassengerForWebBooker')?.input).toEqual({
      firstName: 'Vera',
      surname: 'Visitor',
      phone: '+44 7700 900777',
      email: 'vera@example.com',
    });
  });
});
