import type { BookingStatus } from '@cabdesk/contract';
import type { Db } from '../src/platform/db/client';
import { bookings, bookingStops } from '../src/domains/bookings/schema';
import { driverShifts } from '../src/domains/dispatch/schema';
import { drivers } from '../src/domains/drivers/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';

let n = 0;

export async function makeDriver(
  db: Db,
  companyId: number,
  opts: { firstName?: string; lastName?: string; callsign?: string; availability?: number; isActive?: boolean } = {},
): Promise<number> {
  const [row] = await db
    .insert(drivers)
    .values({
      companyId,
      firstName: opts.firstName ?? 'Track',
      lastName: opts.lastName ?? `Driver${++n}`,
      callsign: opts.callsign ?? null,
      availability: opts.availability ?? 1,
      isActive: opts.isActive ?? true,
      mobile: '+44 7700 900001',
    })
    .returning({ id: drivers.id });
  return row!.id;
}

export async function makeVehicle(db: Db, companyId: number, registration = `TR${++n} ABC`): Promise<number> {
  const [type] = await db
    .insert(vehicleTypes)
    .values({ companyId, name: `Saloon ${++n}` })
    .returning({ id: vehicleTypes.id });
  const [row] = await db
    .insert(vehicles)
    .values({ companyId, vehicleTypeId: type!.id, registration, make: 'Toyota', model: 'Prius', colour: 'Silver' })
    .returning({ id: vehicles.id });
  return row!.id;
}

export async function openShift(db: Db, companyId: number, driverId: number, vehicleId: number | null) {
  await db.insert(driverShifts).values({ companyId, driverId, vehicleId });
}

/** A booking with a pick-up in central London and a drop-off at Heathrow. */
export async function makeBooking(
  db: Db,
  companyId: number,
  opts: {
    status?: BookingStatus;
    driverId?: number | null;
    vehicleId?: number | null;
    onRouteAt?: Date | null;
    completedAt?: Date | null;
    pickupAt?: Date;
  } = {},
): Promise<number> {
  const [row] = await db
    .insert(bookings)
    .values({
      companyId,
      status: opts.status ?? 'confirmed',
      pickupAt: opts.pickupAt ?? new Date(Date.now() + 3_600_000),
      driverId: opts.driverId ?? null,
      vehicleId: opts.vehicleId ?? null,
      onRouteAt: opts.onRouteAt ?? null,
      completedAt: opts.completedAt ?? null,
    })
    .returning({ id: bookings.id });
  const bookingId = row!.id;
  await db.insert(bookingStops).values([
    { companyId, bookingId, seq: 1, kind: 'pickup', address: 'The Savoy, Strand', lat: '51.510300', lng: '-0.120700' },
    {
      companyId,
      bookingId,
      seq: 2,
      kind: 'dropoff',
      address: 'Heathrow Airport Terminal 5',
      lat: '51.472300',
      lng: '-0.488700',
    },
  ]);
  return bookingId;
}

/** A position `secondsAgo` before now, near the Savoy. */
export const point = (secondsAgo: number, lat = 51.51, lng = -0.12) => ({
  lat,
  lng,
  heading: 90,
  speed: 10,
  accuracy: 5,
  recordedAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
});
