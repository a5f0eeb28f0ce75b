import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { iso } from '../../platform/http/crud';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { companyToday, documentRank, rankOfState, stateOfRank } from '../documents/owner-documents';
import { drivers } from '../drivers/schema';
import { entityTags } from '../reference-data/schema';
import { tagsOf } from '../reference-data/entity-tags';
import { vehicles, vehicleTypes } from './schema';

type Ctx = CallContext<Session>;
type ListInput = z.output<typeof schemas.vehicleListInput>;
export type VehicleRow = z.output<typeof schemas.vehicleRow>;

const ownerDriverName = sql<string | null>`nullif(trim(concat_ws(' ', ${drivers.firstName}, ${drivers.lastName})), '')`;

function filtersOf(ctx: Ctx, input: Partial<ListInput>, rank: SQL<number>): SQL | undefined {
  return and(
    eq(vehicles.companyId, ctx.session.companyId),
    input.id ? eq(vehicles.id, input.id) : undefined,
    searchAny(input.q, [vehicles.registration, vehicles.make, vehicles.model]),
    input.vehicleTypeId ? eq(vehicles.vehicleTypeId, input.vehicleTypeId) : undefined,
    input.vehicleClass ? eq(vehicles.vehicleClass, input.vehicleClass) : undefined,
    input.ownerDriverId ? eq(vehicles.ownerDriverId, input.ownerDriverId) : undefined,
    input.isActive === undefined ? undefined : eq(vehicles.isActive, input.isActive),
    input.tagId
      ? sql`exists (select 1 from ${entityTags} where ${entityTags.companyId} = ${vehicles.companyId}
          and ${entityTags.ownerType} = 'vehicle' and ${entityTags.ownerId} = ${vehicles.id}
          and ${entityTags.tagId} = ${input.tagId})`
      : undefined,
    input.documentState ? sql`${rank} = ${rankOfState(input.documentState)}` : undefined,
  );
}

async function rowsOf(
  ctx: Ctx,
  where: SQL | undefined,
  order: SQL[],
  rank: SQL<number>,
  limit: number,
  offset: number,
) {
  const raw = await ctx.db
    .select({
      id: vehicles.id,
      registration: vehicles.registration,
      make: vehicles.make,
      model: vehicles.model,
      colour: vehicles.colour,
      year: vehicles.year,
      seats: vehicles.seats,
      vehicleClass: vehicles.vehicleClass,
      vehicleTypeId: vehicles.vehicleTypeId,
      vehicleTypeName: vehicleTypes.name,
      ownerDriverId: vehicles.ownerDriverId,
      ownerDriverName,
      notes: vehicles.notes,
      isActive: vehicles.isActive,
      rank,
      createdAt: vehicles.createdAt,
    })
    .from(vehicles)
    .innerJoin(
      vehicleTypes,
      and(eq(vehicleTypes.companyId, vehicles.companyId), eq(vehicleTypes.id, vehicles.vehicleTypeId)),
    )
    .leftJoin(drivers, and(eq(drivers.companyId, vehicles.companyId), eq(drivers.id, vehicles.ownerDriverId)))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const tags = await tagsOf(
    ctx,
    'vehicle',
    raw.map((r) => r.id),
  );
  return raw.map(({ rank: r, createdAt, ...row }): VehicleRow => ({
    ...row,
    tags: tags.get(row.id) ?? [],
    documentState: stateOfRank(Number(r)),
    createdAt: iso(createdAt) ?? '',
  }));
}

/** Vehicle/GetTableSummary: the fleet with its type, owner driver, tags and document state. */
export async function listVehicles(ctx: Ctx, input: ListInput) {
  const rank = documentRank('vehicle', vehicles, await companyToday(ctx));
  const where = filtersOf(ctx, input, rank);
  const order = orderFrom(
    input,
    {
      registration: vehicles.registration,
      make: vehicles.make,
      vehicleTypeName: vehicleTypes.name,
      year: vehicles.year,
      createdAt: vehicles.createdAt,
    },
    { column: 'registration', type: 'asc' },
    vehicles.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(vehicles).where(where))[0]?.n ?? 0,
    rows: (limit, offset) => rowsOf(ctx, where, order, rank, limit, offset),
  });
}

/** One vehicle of the company as the list shows it, or null. */
export async function vehicleById(ctx: Ctx, id: number): Promise<VehicleRow | null> {
  const rank = documentRank('vehicle', vehicles, await companyToday(ctx));
  const [row] = await rowsOf(ctx, filtersOf(ctx, { id }, rank), [], rank, 1, 0);
  return row ?? null;
}
