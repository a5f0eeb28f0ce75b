import type { Db } from '../src/platform/db/client';
import { bookings, bookingStops } from '../src/domains/bookings/schema';
import { drivers } from '../src/domains/drivers/schema';
import { passengers } from '../src/domains/passengers/schema';

/** A driver with contact details, straight into the table. */
export async function createDriverRow(
  db: Db,
  companyId: number,
  opts: Partial<typeof drivers.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(drivers)
    .values({
      companyId,
      firstName: 'Dan',
      lastName: 'Driver',
      mobile: '+44 7700 900001',
      email: 'dan@example.test',
      ...opts,
    })
    .returning({ id: drivers.id });
  return row!.id;
}

export async function createPassengerRow(
  db: Db,
  companyId: number,
  opts: Partial<typeof passengers.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(passengers)
    .values({
      companyId,
      firstName: 'Paula',
      surname: 'Rider',
      mobile: '+44 7700 900002',
      email: 'paula@example.test',
      ...opts,
    })
    .returning({ id: passengers.id });
  return row!.id;
}

/** A booking with a pick-up and a drop-off stop. */
export async function createBookingRow(
  db: Db,
  companyId: number,
  opts: {
    driverId?: number | null;
    passengerId?: number | null;
    status?: (typeof bookings.$inferInsert)['status'];
    pickupAt?: Date;
    pickup?: string;
    dropoff?: string;
  } = {},
): Promise<number> {
  const [row] = await db
    .insert(bookings)
    .values({
      companyId,
      status: opts.status ?? 'completed',
      pickupAt: opts.pickupAt ?? new Date(Date.now() - 3 * 3600_000),
      driverId: opts.driverId ?? null,
      passengerId: opts.passengerId ?? null,
    })
    .returning({ id: bookings.id });
  const bookingId = row!.id;
  await db.insert(bookingStops).values([
    { companyId, bookingId, seq: 1, kind: 'pickup', address: opts.pickup ?? '1 King Street, London' },
    { companyId, bookingId, seq: 2, kind: 'dropoff', address: opts.dropoff ?? 'Heathrow Terminal 5' },
  ]);
  return bookingId;
}
