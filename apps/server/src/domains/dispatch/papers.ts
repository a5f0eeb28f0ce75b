import { EXPIRING_DAYS, labelOf, type ListResponse, type schemas } from '@cabdesk/contract';
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { daysUntil } from '../documents/expiry';
import { companyToday, documentRank, stateOfRank } from '../documents/owner-documents';
import { documents, documentTypes } from '../documents/schema';
import { drivers, vendors } from '../drivers/schema';
import { vehicles } from '../vehicles/schema';

type Ctx = CallContext<Session>;

const vehicleOwner = alias(drivers, 'vehicle_owner');

/**
 * Booking/GetTableSummaryDriverListDocumentExpiry: documents of active drivers, and of the vehicles
 * they own, that have expired or expire within EXPIRING_DAYS, soonest first.
 */
export async function listDocumentExpiry(
  ctx: Ctx,
  input: z.output<typeof schemas.documentExpiryListInput>,
): Promise<ListResponse<z.output<typeof schemas.documentExpiryRow>>> {
  const today = await companyToday(ctx);
  const driverId = sql<number>`coalesce(${drivers.id}, ${vehicleOwner.id})`;
  const driverName = sql<string>`coalesce(${drivers.firstName} || ' ' || ${drivers.lastName}, ${vehicleOwner.firstName} || ' ' || ${vehicleOwner.lastName})`;
  const soon = sql`${today}::date + ${EXPIRING_DAYS}::int`;
  const where: SQL = and(
    eq(documents.companyId, ctx.session.companyId),
    eq(documentTypes.hasExpiry, true),
    eq(documentTypes.isActive, true),
    lt(documents.expiryDate, soon),
    or(
      and(eq(documents.ownerType, 'driver'), eq(drivers.isActive, true)),
      and(eq(documents.ownerType, 'vehicle'), eq(vehicleOwner.isActive, true)),
    ),
    input.state === 'expired' ? lt(documents.expiryDate, sql`${today}::date`) : undefined,
    input.state === 'expiring' ? sql`${documents.expiryDate} >= ${today}::date` : undefined,
    input.driverId ? sql`${driverId} = ${input.driverId}` : undefined,
    input.mandatoryOnly ? eq(documentTypes.isMandatory, true) : undefined,
    searchAny(input.q, [driverName, documentTypes.name, sql`coalesce(${vehicles.registration}, '')`]),
  )!;
  const base = () =>
    ctx.db
      .select({
        documentId: documents.id,
        ownerType: documents.ownerType,
        ownerId: documents.ownerId,
        registration: vehicles.registration,
        driverId,
        driverName,
        callsign: sql<string | null>`coalesce(${drivers.callsign}, ${vehicleOwner.callsign})`,
        documentTypeId: documentTypes.id,
        documentTypeName: documentTypes.name,
        isMandatory: documentTypes.isMandatory,
        expiryDate: sql<string>`${documents.expiryDate}::text`,
      })
      .from(documents)
      .innerJoin(
        documentTypes,
        and(eq(documentTypes.companyId, documents.companyId), eq(documentTypes.id, documents.documentTypeId)),
      )
      .leftJoin(
        drivers,
        and(
          eq(documents.ownerType, 'driver'),
          eq(drivers.companyId, documents.companyId),
          eq(drivers.id, documents.ownerId),
        ),
      )
      .leftJoin(
        vehicles,
        and(
          eq(documents.ownerType, 'vehicle'),
          eq(vehicles.companyId, documents.companyId),
          eq(vehicles.id, documents.ownerId),
        ),
      )
      .leftJoin(vehicleOwner, eq(vehicleOwner.id, vehicles.ownerDriverId))
      .where(where)
      .$dynamic();
  const order = orderFrom(
    input,
    { expiryDate: documents.expiryDate, driverName, documentTypeName: documentTypes.name },
    { column: 'expiryDate', type: 'asc' },
    documents.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(base().as('expiring')))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await base()
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(({ registration, ...r }) => ({
        ...r,
        ownerType: r.ownerType as 'driver' | 'vehicle',
        ownerName: r.ownerType === 'vehicle' ? (registration ?? '') : r.driverName,
        state: r.expiryDate < today ? ('expired' as const) : ('expiring' as const),
        daysLeft: daysUntil(r.expiryDate, today) ?? 0,
      })),
  });
}

/** Booking/GetTableSummaryDriverSubContractor: active subcontractors' active drivers. */
export async function listSubcontractorDrivers(
  ctx: Ctx,
  input: z.output<typeof schemas.subcontractorDriverListInput>,
): Promise<ListResponse<z.output<typeof schemas.subcontractorDriverRow>>> {
  const today = await companyToday(ctx);
  const where: SQL = and(
    eq(drivers.companyId, ctx.session.companyId),
    eq(drivers.isActive, true),
    eq(vendors.isActive, true),
    input.id ? eq(drivers.id, input.id) : undefined,
    input.vendorId ? eq(drivers.vendorId, input.vendorId) : undefined,
    input.availability ? eq(drivers.availability, input.availability) : undefined,
    searchAny(input.q, [
      sql`${drivers.firstName} || ' ' || ${drivers.lastName}`,
      sql`coalesce(${drivers.callsign}, '')`,
      vendors.name,
    ]),
  )!;
  const order = orderFrom(
    input,
    {
      name: sql`lower(${drivers.lastName} || ' ' || ${drivers.firstName})`,
      vendorName: vendors.name,
      availability: drivers.availability,
    },
    { column: 'vendorName', type: 'asc' },
    drivers.id,
  );
  const query = () =>
    ctx.db
      .select({
        id: drivers.id,
        firstName: drivers.firstName,
        lastName: drivers.lastName,
        callsign: drivers.callsign,
        vendorId: vendors.id,
        vendorName: vendors.name,
        availability: drivers.availability,
        documentRank: documentRank('driver', drivers, today),
      })
      .from(drivers)
      .innerJoin(vendors, and(eq(vendors.companyId, drivers.companyId), eq(vendors.id, drivers.vendorId)))
      .where(where)
      .$dynamic();
  return listPage(input, {
    count: async () =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(drivers)
          .innerJoin(vendors, and(eq(vendors.companyId, drivers.companyId), eq(vendors.id, drivers.vendorId)))
          .where(where)
      )[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await query()
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(({ firstName, lastName, documentRank: rank, ...r }) => ({
        ...r,
        fullName: `${firstName} ${lastName}`,
        availabilityName: labelOf('driverStatus', String(r.availability)),
        documentState: stateOfRank(rank),
      })),
  });
}
