import { and, count, eq, exists, sql, type SQL } from 'drizzle-orm';
import { labelOf, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { entityTags } from '../reference-data/schema';
import { tagsOf } from '../reference-data/entity-tags';
import { companyToday, documentRank, documentStateIs, stateOfRank } from '../documents/owner-documents';
import { drivers, driverTypes, vendors } from './schema';

type Ctx = CallContext<Session>;
type Input = z.output<typeof schemas.driverListInput>;
export type DriverRow = z.output<typeof schemas.driverRow>;

export const fullNameSql = sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`;

/** The columns of a list row, before tags are added. */
export const rowColumns = (today: string) => ({
  id: drivers.id,
  callsign: drivers.callsign,
  firstName: drivers.firstName,
  lastName: drivers.lastName,
  email: drivers.email,
  phone: drivers.phone,
  mobile: drivers.mobile,
  driverTypeId: drivers.driverTypeId,
  driverTypeName: driverTypes.name,
  vendorId: drivers.vendorId,
  vendorName: vendors.name,
  availability: drivers.availability,
  isActive: drivers.isActive,
  dateJoined: drivers.dateJoined,
  userId: drivers.userId,
  photoKey: drivers.photoKey,
  documentRank: documentRank('driver', drivers, today),
});

/** The row query with its joins, before WHERE/ORDER/LIMIT. */
const rowQuery = (ctx: Ctx, today: string) =>
  ctx.db
    .select(rowColumns(today))
    .from(drivers)
    .leftJoin(driverTypes, eq(driverTypes.id, drivers.driverTypeId))
    .leftJoin(vendors, eq(vendors.id, drivers.vendorId))
    .$dynamic();

type RawRow = Awaited<ReturnType<typeof rowQuery>>[number];

export function toRow(ctx: Ctx, r: RawRow, tags: DriverRow['tags']): DriverRow {
  const { userId, photoKey, documentRank: rank, ...rest } = r;
  return {
    ...rest,
    fullName: `${r.firstName} ${r.lastName}`,
    availabilityName: labelOf('driverStatus', String(r.availability)),
    hasAppAccount: userId !== null,
    tags,
    photoUrl: ctx.services.files.url(photoKey),
    documentState: stateOfRank(Number(rank)),
  };
}

/** Driver/GetTableSummary: the company's drivers with their filters, paged and sorted. */
export async function listDrivers(ctx: Ctx, input: Input) {
  const today = await companyToday(ctx);
  const filters: (SQL | undefined)[] = [
    eq(drivers.companyId, ctx.session.companyId),
    searchAny(input.q, [fullNameSql, drivers.callsign, drivers.email, drivers.phone, drivers.mobile]),
    input.driverTypeId ? eq(drivers.driverTypeId, input.driverTypeId) : undefined,
    input.vendorId ? eq(drivers.vendorId, input.vendorId) : undefined,
    input.availability ? eq(drivers.availability, input.availability) : undefined,
    input.isActive === undefined ? undefined : eq(drivers.isActive, input.isActive),
    input.tagId
      ? exists(
          ctx.db
            .select({ one: sql`1` })
            .from(entityTags)
            .where(
              and(
                eq(entityTags.companyId, drivers.companyId),
                eq(entityTags.ownerType, 'driver'),
                eq(entityTags.ownerId, drivers.id),
                eq(entityTags.tagId, input.tagId),
              ),
            ),
        )
      : undefined,
    documentStateIs('driver', drivers, today, input.documentState),
  ];
  const where = and(...filters);
  const order = orderFrom(
    input,
    {
      name: sql`lower(${drivers.lastName} || ' ' || ${drivers.firstName})`,
      callsign: sql`lower(${drivers.callsign})`,
      driverTypeName: sql`lower(${driverTypes.name})`,
      availability: drivers.availability,
      dateJoined: drivers.dateJoined,
      createdAt: drivers.createdAt,
    },
    { column: 'name', type: 'asc' },
    drivers.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(drivers).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const raw = await rowQuery(ctx, today)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const tags = await tagsOf(
        ctx,
        'driver',
        raw.map((r) => r.id),
      );
      return raw.map((r) => toRow(ctx, r, tags.get(r.id) ?? []));
    },
  });
}
