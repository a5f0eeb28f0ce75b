import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { JobRow } from './model';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

/** Renders one driver-app route at an address, with the address shown for assertions. */
export function renderAt(path: string, route: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={element} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export const list = <T,>(rows: T[]) => ({ data: rows, allData: rows, total: rows.length ? 1 : 0, count: rows.length });

export function job(id: number, pickupAt: string, extra: Partial<JobRow> = {}): JobRow {
  return {
    id,
    status: 'allocated',
    statusName: 'Allocated',
    paymentStatus: 'unpaid',
    pickupAt,
    isAsap: false,
    pickup: `Pick-up street ${id}`,
    dropoff: `Drop-off road ${id}`,
    viaCount: 0,
    passengerId: 1,
    passengerName: `Passenger ${id}`,
    passengerPhone: null,
    clientId: null,
    clientName: null,
    vehicleTypeId: 1,
    vehicleTypeName: 'Saloon',
    driverId: 7,
    driverName: 'Dana Driver',
    driverCallsign: 'D07',
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
    version: 1,
    createdAt: pickupAt,
    driverPriceMinor: null,
    driverPayEstimated: false,
    notesForDriver: null,
    ...extra,
  };
}
