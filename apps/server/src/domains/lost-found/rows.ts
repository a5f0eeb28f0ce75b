import { and, eq, sql } from 'drizzle-orm';
import { schemas, type CallOutput } from '@cabdesk/contract';
import type { Db } from '../../platform/db/client';
import { users } from '../auth/schema';
import { bookingRowColumns } from '../bookings/rows';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { lostItems } from './schema';

export type LostItemRow = CallOutput<'LostandFound/Create'>;

export const bookingDriverName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${drivers.firstName}, ${drivers.lastName})), '')`;
export const bookingPassengerName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${passengers.firstName}, ${passengers.surname})), '')`;

const columns = {
  id: lostItems.id,
  bookingID: lostItems.bookingId,
  bookingDate: bookings.pickupAt,
  pickUp: bookingRowColumns.pickup,
  dropOff: bookingRowColumns.dropoff,
  driverName: bookingDriverName,
  passengerName: bookingPassengerName,
  category: lostItems.category,
  description: lostItems.description,
  foundAt: lostItems.foundAt,
  itemStatus: lostItems.status,
  returnedTo: lostItems.returnedTo,
  notes: lostItems.notes,
  createdAt: lostItems.createdAt,
  createdByName: users.fullName,
};

export function lostItemQuery(db: Db) {
  return db
    .select(columns)
    .from(lostItems)
    .innerJoin(bookings, and(eq(bookings.companyId, lostItems.companyId), eq(bookings.id, lostItems.bookingId)))
    .leftJoin(drivers, and(eq(drivers.companyId, bookings.companyId), eq(drivers.id, bookings.driverId)))
    .leftJoin(passengers, and(eq(passengers.companyId, bookings.companyId), eq(passengers.id, bookings.passengerId)))
    .leftJoin(users, eq(users.id, lostItems.createdBy))
    .$dynamic();
}

type Raw = Awaited<ReturnType<ReturnType<typeof lostItemQuery>['execute']>>[number];

export function toLostItemRow({ createdAt, ...r }: Raw): LostItemRow {
  return {
    ...r,
    category: r.category as LostItemRow['category'],
    categoryName: schemas.lostItemCategoryLabel(r.category),
    bookingDate: r.bookingDate.toISOString(),
    foundAt: r.foundAt.toISOString(),
    status: r.itemStatus === 'held',
    entryDate: createdAt.toISOString(),
  };
}
