import { and, eq, sql } from 'drizzle-orm';
import { schemas, type CallOutput } from '@cabdesk/contract';
import type { Db } from '../../platform/db/client';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { bookingRowColumns } from '../bookings/rows';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { incidents } from './schema';

export type IncidentRow = CallOutput<'Incident/GetIncidentDetails'>;

const closer = alias(users, 'closer');
const creator = alias(users, 'creator');

export const incidentDriverName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${drivers.firstName}, ${drivers.lastName})), '')`;
export const incidentPassengerName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${passengers.firstName}, ${passengers.surname})), '')`;

const columns = {
  incidentID: incidents.id,
  createdAt: incidents.createdAt,
  category: incidents.category,
  description: incidents.description,
  bookingID: incidents.bookingId,
  bookingDate: bookings.pickupAt,
  pickUp: bookingRowColumns.pickup,
  dropOff: bookingRowColumns.dropoff,
  driverId: incidents.driverId,
  driverName: incidentDriverName,
  driverPhoneNo: sql<string | null>`coalesce(${drivers.mobile}, ${drivers.phone})`,
  driverEmail: drivers.email,
  passengerId: incidents.passengerId,
  passengerName: incidentPassengerName,
  passengerPhoneNo: sql<string | null>`coalesce(${passengers.mobile}, ${passengers.phone})`,
  passengerEmail: passengers.email,
  isOpen: incidents.isOpen,
  closedByName: closer.fullName,
  closedAt: incidents.closedAt,
  actionTaken: incidents.actionTaken,
  createdByName: creator.fullName,
};

/** The incident query with its booking, people and who opened and closed it. */
export function incidentQuery(db: Db) {
  return db
    .select(columns)
    .from(incidents)
    .leftJoin(bookings, and(eq(bookings.companyId, incidents.companyId), eq(bookings.id, incidents.bookingId)))
    .leftJoin(drivers, and(eq(drivers.companyId, incidents.companyId), eq(drivers.id, incidents.driverId)))
    .leftJoin(passengers, and(eq(passengers.companyId, incidents.companyId), eq(passengers.id, incidents.passengerId)))
    .leftJoin(closer, eq(closer.id, incidents.closedBy))
    .leftJoin(creator, eq(creator.id, incidents.createdBy))
    .$dynamic();
}

type Raw = Awaited<ReturnType<ReturnType<typeof incidentQuery>['execute']>>[number];

export function toIncidentRow(r: Raw): IncidentRow {
  const category = r.category as IncidentRow['category'];
  const { createdAt, isOpen, closedByName, closedAt, bookingDate, ...rest } = r;
  return {
    ...rest,
    category,
    categoryDescription: schemas.incidentCategoryLabels[category] ?? r.category,
    entryDate: createdAt.toISOString(),
    bookingDate: bookingDate?.toISOString() ?? null,
    // The spec's one contact pair: the passenger's, or the driver's when no passenger is known.
    phoneNo: r.passengerId ? r.passengerPhoneNo : r.driverPhoneNo,
    email: r.passengerId ? r.passengerEmail : r.driverEmail,
    status: isOpen,
    name: closedByName,
    closedAt: closedAt?.toISOString() ?? null,
  };
}
