import { eq } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client';
import { bookers, bookings, bookingStops, repeatBookings } from '../src/domains/bookings/schema';
import { clients } from '../src/domains/clients/schema';
import { drivers } from '../src/domains/drivers/schema';
import { outboxMessages } from '../src/domains/notifications/schema';
import { passengers } from '../src/domains/passengers/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';

type BookingInsert = typeof bookings.$inferInsert;

/** Rows for the message, booker and repeat-booking tests, straight into the tables. */
export function messageFactories(db: Db) {
  return {
    async passenger(companyId: number, opts: Partial<typeof passengers.$inferInsert> = {}) {
      const [row] = await db
        .insert(passengers)
        .values({
          companyId,
          firstName: 'Olivia',
          surname: 'Stone',
          email: 'olivia@example.test',
          mobile: '+44 7700 900321',
          ...opts,
        })
        .returning({ id: passengers.id });
      return row!.id;
    },
    async client(companyId: number, opts: Partial<typeof clients.$inferInsert> = {}) {
      const [row] = await db
        .insert(clients)
        .values({ companyId, name: `Acme ${Math.random().toString(36).slice(2, 7)}`, ...opts })
        .returning({ id: clients.id });
      return row!.id;
    },
    async booker(companyId: number, opts: Partial<typeof bookers.$inferInsert> = {}) {
      const [row] = await db
        .insert(bookers)
        .values({ companyId, name: 'Betty Booker', email: 'betty@example.test', ...opts })
        .returning({ id: bookers.id });
      return row!.id;
    },
    async driver(companyId: number, opts: Partial<typeof drivers.$inferInsert> = {}) {
      const [row] = await db
        .insert(drivers)
        .values({ companyId, firstName: 'Dev', lastName: 'Patel', mobile: '+44 7700 900999', ...opts })
        .returning({ id: drivers.id });
      return row!.id;
    },
    async vehicle(companyId: number) {
      const [type] = await db
        .insert(vehicleTypes)
        .values({ companyId, name: `Saloon ${Math.random().toString(36).slice(2, 6)}` })
        .returning({ id: vehicleTypes.id });
      const [row] = await db
        .insert(vehicles)
        .values({
          companyId,
          vehicleTypeId: type!.id,
          registration: `AB${Math.floor(Math.random() * 90 + 10)} CDE`,
          make: 'Toyota',
          model: 'Prius',
          colour: 'Silver',
        })
        .returning({ id: vehicles.id });
      return row!.id;
    },
    async booking(
      companyId: number,
      opts: Partial<BookingInsert> & { pickup?: string; dropoff?: string } = {},
    ): Promise<number> {
      const { pickup, dropoff, ...values } = opts;
      const [row] = await db
        .insert(bookings)
        .values({ companyId, status: 'pending', pickupAt: new Date(Date.now() + 24 * 3600_000), ...values })
        .returning({ id: bookings.id });
      const bookingId = row!.id;
      await db.insert(bookingStops).values([
        { companyId, bookingId, seq: 1, kind: 'pickup', address: pickup ?? '10 Downing Street, London' },
        { companyId, bookingId, seq: 2, kind: 'dropoff', address: dropoff ?? 'Gatwick South Terminal' },
      ]);
      return bookingId;
    },
    async repeatSeries(
      companyId: number,
      sourceBookingId: number,
      opts: Partial<typeof repeatBookings.$inferInsert> = {},
    ) {
      const [row] = await db
        .insert(repeatBookings)
        .values({
          companyId,
          sourceBookingId,
          weekDays: [5, 1, 3],
          startDate: '2030-01-07',
          endDate: '2030-03-29',
          ...opts,
        })
        .returning({ id: repeatBookings.id });
      await db.update(bookings).set({ repeatBookingId: row!.id }).where(eq(bookings.id, sourceBookingId));
      return row!.id;
    },
    async outbox(id: number) {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row;
    },
  };
}

/** Waits until a condition holds (the job queue works in the background). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
