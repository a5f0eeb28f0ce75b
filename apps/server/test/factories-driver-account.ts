import type { FastifyInstance } from 'fastify';
import { bookings } from '../src/domains/bookings/schema';
import { bookingExpenseTypes } from '../src/domains/reference-data/schema';
import type { Db } from '../src/platform/db/client';
import { createUser, signIn, type SignedIn, type TestCompany } from './factories';

/** A signed-in driver account with its drivers row id. */
export async function signedDriver(db: Db, app: FastifyInstance, c: TestCompany): Promise<SignedIn & { id: number }> {
  const u = await createUser(db, c.id, 'driver');
  return { ...(await signIn(app, u.email)), id: u.personId };
}

export async function expenseType(
  db: Db,
  companyId: number,
  values: Partial<typeof bookingExpenseTypes.$inferInsert> = {},
) {
  const [row] = await db
    .insert(bookingExpenseTypes)
    .values({ companyId, name: `Parking ${Math.random().toString(36).slice(2, 8)}`, ...values })
    .returning({ id: bookingExpenseTypes.id, name: bookingExpenseTypes.name });
  return row!;
}

export async function jobOf(db: Db, companyId: number, driverId: number | null) {
  const [b] = await db
    .insert(bookings)
    .values({ companyId, driverId, status: 'completed', pickupAt: new Date('2026-03-01T10:00:00Z') })
    .returning({ id: bookings.id });
  return b!.id;
}

/** The smallest real PNG: one transparent pixel. */
export const pngPixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
