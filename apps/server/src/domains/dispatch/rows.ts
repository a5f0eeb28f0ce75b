import { type DispatchTab, dispatchTabNames, dispatchTabs, type BookingStatus, type schemas } from '@cabdesk/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { users } from '../auth/schema';
import { bookingRowColumns, lookUp, toBookingRow } from '../bookings/rows';
import { bookings } from '../bookings/schema';

export type DispatchRow = z.output<typeof schemas.dispatchBookingRow>;

export function tabOf(status: BookingStatus): DispatchTab {
  for (const tab of dispatchTabNames) {
    if ((dispatchTabs[tab] as readonly BookingStatus[]).includes(status)) return tab;
  }
  return 'unallocated';
}

export const inTab = (tab: DispatchTab): SQL =>
  inArray(bookings.status, dispatchTabs[tab] as unknown as BookingStatus[]);

/** The tab of a booking in SQL, for grouping the board in one pass. */
export const tabSql = sql.raw(
  `case ${dispatchTabNames
    .map((tab) => `when "bookings"."status" in (${dispatchTabs[tab].map((s) => `'${s}'`).join(', ')}) then '${tab}'`)
    .join(' ')} end`,
);

const columns = {
  ...bookingRowColumns,
  allocatedByName: lookUp<string>(users, users.id, bookings.allocatedBy, users.fullName),
};

/** Booking lines with the people and the dispatcher who allocated them. */
export function dispatchRowQuery(db: Db) {
  return db.select(columns).from(bookings).$dynamic();
}

type Raw = Awaited<ReturnType<ReturnType<typeof dispatchRowQuery>['execute']>>[number];

export function toDispatchRow(raw: Raw): DispatchRow {
  const { allocatedByName, ...row } = raw;
  return { ...toBookingRow(row), tab: tabOf(raw.status), allocatedByName: allocatedByName ?? null };
}

/** One booking of the caller's company as a board line (after a change, for the answer). */
export async function dispatchRowOf(db: Db, companyId: number, id: number): Promise<DispatchRow> {
  const [raw] = await dispatchRowQuery(db).where(and(eq(bookings.companyId, companyId), eq(bookings.id, id)));
  if (!raw) throw new Error(`Booking ${id} vanished inside its own transaction`);
  return toDispatchRow(raw);
}
