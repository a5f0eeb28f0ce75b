import { labelOf, type ListResponse, type schemas } from '@cabdesk/contract';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { companyToday, documentRank, stateOfRank } from '../documents/owner-documents';
import { drivers, vendors } from '../drivers/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { expiredNamesSql } from './compliance';
import { driverLocations, driverShifts } from './schema';

type Ctx = CallContext<Session>;
type Input = z.output<typeof schemas.driverAllocationListInput>;
export type DriverAllocationRow = z.output<typeof schemas.driverAllocationRow>;

export const availabilityName = (a: number) => labelOf('driverStatus', String(a));

/**
 * The job a driver holds now: one under way first, else the next by pick-up. Only jobs from a day
 * back are looked at, so the (company, driver, pickup) index keeps this cheap per driver.
 */
const currentBooking = sql`(select b.id || ':' || b.status from bookings b
  where b.company_id = "drivers"."company_id" and b.driver_id = "drivers"."id"
    and b.status in ('allocated', 'accepted', 'on_route', 'arrived', 'on_board')
    and b.pickup_at >= now() - interval '1 day'
  order by (b.status in ('on_route', 'arrived', 'on_board')) desc, b.pickup_at limit 1)`;

const columns = (today: string) => ({
  id: drivers.id,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  callsign: drivers.callsign,
  phone: sql<string | null>`coalesce(${drivers.mobile}, ${drivers.phone})`,
  availability: drivers.availability,
  isActive: drivers.isActive,
  shiftId: driverShifts.id,
  shiftStartedAt: driverShifts.startedAt,
  vehicleId: vehicles.id,
  vehicleRegistration: vehicles.registration,
  vehicleTypeId: vehicleTypes.id,
  vehicleTypeName: vehicleTypes.name,
  vendorId: drivers.vendorId,
  vendorName: vendors.name,
  current: sql<string | null>`${currentBooking}`,
  lat: driverLocations.lat,
  lng: driverLocations.lng,
  lastSeenAt: driverLocations.recordedAt,
  documentRank: documentRank('driver', drivers, today),
  expiredNames: expiredNamesSql(sql`"drivers"."id"`, sql`"vehicles"."id"`, today),
});

/** Drivers with their open shift (and its vehicle), vendor and latest position. */
export function driverBoardQuery(ctx: Ctx, today: string) {
  return ctx.db
    .select(columns(today))
    .from(drivers)
    .leftJoin(vendors, eq(vendors.id, drivers.vendorId))
    .leftJoin(
      driverShifts,
      and(
        eq(driverShifts.companyId, drivers.companyId),
        eq(driverShifts.driverId, drivers.id),
        isNull(driverShifts.endedAt),
      ),
    )
    .leftJoin(vehicles, eq(vehicles.id, driverShifts.vehicleId))
    .leftJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
    .leftJoin(driverLocations, eq(driverLocations.driverId, drivers.id))
    .$dynamic();
}

type Raw = Awaited<ReturnType<ReturnType<typeof driverBoardQuery>['execute']>>[number];

export function toAllocationRow(raw: Raw): DriverAllocationRow & { isActive: boolean } {
  const [bookingId, status] = raw.current ? raw.current.split(':') : [null, null];
  return {
    id: raw.id,
    fullName: `${raw.firstName} ${raw.lastName}`,
    callsign: raw.callsign,
    phone: raw.phone,
    availability: raw.availability,
    availabilityName: availabilityName(raw.availability),
    onShift: raw.shiftId !== null,
    shiftId: raw.shiftId,
    shiftStartedAt: raw.shiftStartedAt?.toISOString() ?? null,
    vehicleId: raw.vehicleId,
    vehicleRegistration: raw.vehicleRegistration,
    vehicleTypeId: raw.vehicleTypeId,
    vehicleTypeName: raw.vehicleTypeName,
    vendorId: raw.vendorId,
    vendorName: raw.vendorName,
    currentBookingId: bookingId ? Number(bookingId) : null,
    currentBookingStatus: (status ?? null) as DriverAllocationRow['currentBookingStatus'],
    lat: raw.lat,
    lng: raw.lng,
    lastSeenAt: raw.lastSeenAt?.toISOString() ?? null,
    documentState: stateOfRank(raw.documentRank),
    blockedReason: raw.expiredNames ? `${raw.expiredNames} expired` : null,
    isActive: raw.isActive,
  };
}

const sortColumns = {
  name: sql`lower(${drivers.lastName} || ' ' || ${drivers.firstName})`,
  callsign: drivers.callsign,
  availability: drivers.availability,
  lastSeenAt: driverLocations.recordedAt,
};

/** Driver/GetTableSummaryDriverAllocation: active drivers for the board's sidebar. */
export async function listDriverAllocation(ctx: Ctx, input: Input): Promise<ListResponse<DriverAllocationRow>> {
  const today = await companyToday(ctx);
  const where: SQL = and(
    eq(drivers.companyId, ctx.session.companyId),
    eq(drivers.isActive, true),
    input.id ? eq(drivers.id, input.id) : undefined,
    input.availability ? eq(drivers.availability, input.availability) : undefined,
    input.onShift === undefined
      ? undefined
      : input.onShift
        ? sql`${driverShifts.id} is not null`
        : sql`${driverShifts.id} is null`,
    input.vehicleTypeId ? eq(vehicles.vehicleTypeId, input.vehicleTypeId) : undefined,
    input.vendorId ? eq(drivers.vendorId, input.vendorId) : undefined,
    searchAny(input.q, [
      sql`${drivers.firstName} || ' ' || ${drivers.lastName}`,
      sql`coalesce(${drivers.callsign}, '')`,
      sql`coalesce(${vehicles.registration}, '')`,
    ]),
  )!;
  const order =
    input.sortColumn === 'lastSeenAt'
      ? [sql`${driverLocations.recordedAt} desc nulls last`, desc(drivers.id)]
      : orderFrom(input, sortColumns, { column: 'availability', type: 'asc' }, drivers.id);
  return listPage(input, {
    count: async () => {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(drivers)
        .leftJoin(
          driverShifts,
          and(
            eq(driverShifts.companyId, drivers.companyId),
            eq(driverShifts.driverId, drivers.id),
            isNull(driverShifts.endedAt),
          ),
        )
        .leftJoin(vehicles, eq(vehicles.id, driverShifts.vehicleId))
        .where(where);
      return row?.n ?? 0;
    },
    rows: async (limit, offset) =>
      (
        await driverBoardQuery(ctx, today)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map((raw) => {
        const { isActive: _active, ...row } = toAllocationRow(raw);
        return row;
      }),
  });
}
