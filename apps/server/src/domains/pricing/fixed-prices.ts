import { and, asc, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, fieldError, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchWords } from '../../platform/http/list';
import { outwardOf } from '../flights/outward-codes';
import { knownLocations, zones } from '../reference-data/schema';
import { vehicleTypes } from '../vehicles/schema';
import { fixedPrices } from './fixed-schema';
import { fixedModelFor, writeFixedVersion, type FixedModelRef } from './fixed-store';

type Ctx = CallContext<Session>;
type Place = z.output<typeof schemas.placeChoice>;

/** The name of a place key, read in SQL so that lists search and sort by it. */
const placeName = (
  key: SQL | typeof fixedPrices.fromKey | typeof fixedPrices.toKey,
) => sql<string>`case split_part(${key}, ':', 1)
  when 'location' then coalesce((select k.name from ${knownLocations} k where k.company_id = ${fixedPrices.companyId} and k.id = split_part(${key}, ':', 2)::int), ${key})
  when 'zone' then coalesce((select z.name from ${zones} z where z.company_id = ${fixedPrices.companyId} and z.id = split_part(${key}, ':', 2)::int), ${key})
  else split_part(${key}, ':', 2) end`;

const fromName = placeName(fixedPrices.fromKey);
const toName = placeName(fixedPrices.toKey);

const rowColumns = {
  id: fixedPrices.id,
  pricingModelID: fixedPrices.modelId,
  fromKey: fixedPrices.fromKey,
  fromName,
  toKey: fixedPrices.toKey,
  toName,
  vehicleTypeId: fixedPrices.vehicleTypeId,
  vehicleTypeName: vehicleTypes.name,
  priceMinor: fixedPrices.priceMinor,
  reverseAlsoMatches: fixedPrices.reverseAlsoMatches,
  updatedAt: fixedPrices.updatedAt,
};

const typeJoin = and(eq(vehicleTypes.companyId, fixedPrices.companyId), eq(vehicleTypes.id, fixedPrices.vehicleTypeId));

function toRow({ vehicleTypeId, updatedAt, ...r }: Awaited<ReturnType<typeof selectRows>>[number]) {
  return { ...r, vehicleTypeID: vehicleTypeId ?? 0, updatedAt: updatedAt.toISOString() };
}

function selectRows(ctx: Ctx, where: SQL | undefined) {
  return ctx.db.select(rowColumns).from(fixedPrices).leftJoin(vehicleTypes, typeJoin).where(where).$dynamic();
}

/** FixedPricing/GetTableSummary. */
export async function listFixedPrices(ctx: Ctx, input: z.output<typeof schemas.fixedPriceListInput>) {
  const model = await fixedModelFor(ctx, input.pricingModelID);
  if (!model) return listPage(input, { count: async () => 0, rows: async () => [] });
  const vt = input.vehicleTypeID;
  const where = and(
    eq(fixedPrices.companyId, ctx.session.companyId),
    eq(fixedPrices.modelId, model.id),
    input.id ? eq(fixedPrices.id, input.id) : undefined,
    vt === -1 ? isNull(fixedPrices.vehicleTypeId) : vt ? eq(fixedPrices.vehicleTypeId, vt) : undefined,
    searchWords(input.q, [fromName, toName]),
  );
  const order = orderFrom(
    input,
    {
      fromName,
      toName,
      vehicleTypeName: vehicleTypes.name,
      priceMinor: fixedPrices.priceMinor,
      updatedAt: fixedPrices.updatedAt,
    },
    { column: 'fromName', type: 'asc' },
    fixedPrices.id,
  );
  return listPage(input, {
    count: async () =>
      (await ctx.db.select({ n: count() }).from(fixedPrices).leftJoin(vehicleTypes, typeJoin).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await selectRows(ctx, where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  });
}

async function fixedRow(ctx: Ctx, id: number) {
  const [row] = await selectRows(ctx, and(eq(fixedPrices.companyId, ctx.session.companyId), eq(fixedPrices.id, id)));
  if (!row) throw notFound(`Fixed price ${id}`);
  return toRow(row);
}

/** Every place a fixed price can name: known locations, postcode districts in use, zones. */
export async function placeChoices(ctx: Ctx): Promise<Place[]> {
  const companyId = ctx.session.companyId;
  // One after the other: a call's queries share its one connection.
  const locations = await ctx.db
    .select({ id: knownLocations.id, name: knownLocations.name, postcode: knownLocations.postcode })
    .from(knownLocations)
    .where(and(eq(knownLocations.companyId, companyId), eq(knownLocations.isActive, true)))
    .orderBy(asc(knownLocations.name));
  const zoneRows = await ctx.db
    .select({ id: zones.id, name: zones.name })
    .from(zones)
    .where(and(eq(zones.companyId, companyId), eq(zones.isActive, true)))
    .orderBy(asc(zones.name));
  const postcodes = await ctx.db
    .selectDistinct({ postcode: knownLocations.postcode })
    .from(knownLocations)
    .where(and(eq(knownLocations.companyId, companyId), sql`${knownLocations.postcode} is not null`));
  const used = await ctx.db
    .selectDistinct({ key: sql<string>`k.key` })
    .from(
      sql`(select from_key as key from ${fixedPrices} where company_id = ${companyId} union select to_key from ${fixedPrices} where company_id = ${companyId}) k`,
    )
    .where(sql`k.key like 'postcode:%'`);
  const districts = new Set<string>();
  for (const p of postcodes) if (p.postcode) districts.add(outwardOf(p.postcode));
  for (const u of used) districts.add(u.key.slice('postcode:'.length));
  return [
    ...locations.map((l) => ({ key: `location:${l.id}`, label: l.name, kind: 'location' as const })),
    ...[...districts]
      .filter((d) => /^[A-Z0-9]{1,8}$/.test(d))
      .sort()
      .map((d) => ({ key: `postcode:${d}`, label: d, kind: 'postcode' as const })),
    ...zoneRows.map((z) => ({ key: `zone:${z.id}`, label: z.name, kind: 'zone' as const })),
  ];
}

/** FixedPricing/GetLocationList. */
export async function listPlaces(ctx: Ctx, input: z.output<typeof schemas.placeListInput>) {
  const q = input.q.trim().toLowerCase();
  const all = (await placeChoices(ctx)).filter(
    (p) => (!input.kind || p.kind === input.kind) && (!q || p.label.toLowerCase().includes(q)),
  );
  return listPage(input, {
    count: async () => all.length,
    rows: async (limit, offset) => all.slice(offset, offset + limit),
  });
}

/** FixedPricing/GetEditData. */
export async function fixedEditData(ctx: Ctx, input: z.output<typeof schemas.fixedPriceEditInput>) {
  const row = input.id ? await fixedRow(ctx, input.id) : null;
  const model = row ? await fixedModelFor(ctx, row.pricingModelID) : await fixedModelFor(ctx, input.pricingModelID);
  const types = await ctx.db
    .select({ id: vehicleTypes.id, name: vehicleTypes.name })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.isActive, true)))
    .orderBy(asc(vehicleTypes.sortOrder), asc(vehicleTypes.name));
  return {
    row,
    pricingModelID: model?.id ?? 0,
    pricingModelName: model?.name ?? null,
    places: await placeChoices(ctx),
    vehicleTypes: types,
  };
}

/** The places a row names must be the company's (a postcode district needs no row of its own). */
export async function checkPlace(ctx: Ctx, field: string, key: string) {
  const [kind, raw] = key.split(':') as [string, string];
  const id = Number(raw);
  if (kind === 'location') {
    const [hit] = await ctx.db
      .select({ id: knownLocations.id })
      .from(knownLocations)
      .where(and(eq(knownLocations.companyId, ctx.session.companyId), eq(knownLocations.id, id)));
    if (!hit) throw fieldError(field, `names no known location of your company (${key})`);
  } else if (kind === 'zone') {
    const [hit] = await ctx.db
      .select({ id: zones.id })
      .from(zones)
      .where(and(eq(zones.companyId, ctx.session.companyId), eq(zones.id, id)));
    if (!hit) throw fieldError(field, `names no zone of your company (${key})`);
  }
}

async function checkVehicleType(ctx: Ctx, id: number | null) {
  if (!id) return;
  const [hit] = await ctx.db
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.id, id)));
  if (!hit) throw notFound(`Vehicle type ${id}`);
}

async function checkUnique(
  ctx: Ctx,
  model: FixedModelRef,
  row: { fromKey: string; toKey: string; vehicleTypeID: number | null },
  exceptId?: number,
) {
  const [twin] = await ctx.db
    .select({ id: fixedPrices.id })
    .from(fixedPrices)
    .where(
      and(
        eq(fixedPrices.companyId, ctx.session.companyId),
        eq(fixedPrices.modelId, model.id),
        eq(fixedPrices.fromKey, row.fromKey),
        eq(fixedPrices.toKey, row.toKey),
        sql`coalesce(${fixedPrices.vehicleTypeId}, 0) = ${row.vehicleTypeID ?? 0}`,
        exceptId ? ne(fixedPrices.id, exceptId) : undefined,
      ),
    );
  if (twin) {
    const named = fieldError('toKey', `repeats fixed price ${twin.id} (same from, to and vehicle type)`);
    throw new AppError(
      409,
      `There is a fixed price from ${row.fromKey} to ${row.toKey} for ${row.vehicleTypeID ? `vehicle type ${row.vehicleTypeID}` : 'every vehicle type'} already (row ${twin.id}); change that one instead.`,
      named.errors,
    );
  }
}

type RowInput = z.output<typeof schemas.fixedPriceUpdateInput>;

async function checkRow(
  ctx: Ctx,
  model: FixedModelRef,
  input: RowInput | z.output<typeof schemas.fixedPriceInput>,
  exceptId?: number,
) {
  if (input.fromKey === input.toKey) throw fieldError('toKey', 'must differ from fromKey');
  await checkPlace(ctx, 'fromKey', input.fromKey);
  await checkPlace(ctx, 'toKey', input.toKey);
  await checkVehicleType(ctx, input.vehicleTypeID);
  await checkUnique(ctx, model, input, exceptId);
}

/** FixedPricing/Create: the row and a new version of its model. */
export async function createFixedPrice(ctx: Ctx, input: z.output<typeof schemas.fixedPriceInput>) {
  const model = (await fixedModelFor(ctx, input.pricingModelID, { make: true, lock: true })) as FixedModelRef;
  await checkRow(ctx, model, input);
  const [made] = await ctx.db
    .insert(fixedPrices)
    .values({
      companyId: ctx.session.companyId,
      modelId: model.id,
      fromKey: input.fromKey,
      toKey: input.toKey,
      vehicleTypeId: input.vehicleTypeID,
      priceMinor: input.priceMinor,
      reverseAlsoMatches: input.reverseAlsoMatches,
      createdBy: ctx.session.userId,
    })
    .returning({ id: fixedPrices.id });
  const version = await writeFixedVersion(ctx, model);
  return { ...(await fixedRow(ctx, made?.id as number)), version };
}

/** FixedPricing/Update: every field of the row; a new version of its model. */
export async function updateFixedPrice(ctx: Ctx, input: RowInput) {
  const before = await fixedRow(ctx, input.id);
  const model = (await fixedModelFor(ctx, before.pricingModelID, { lock: true })) as FixedModelRef;
  await checkRow(ctx, model, input, input.id);
  await ctx.db
    .update(fixedPrices)
    .set({
      fromKey: input.fromKey,
      toKey: input.toKey,
      vehicleTypeId: input.vehicleTypeID,
      priceMinor: input.priceMinor,
      reverseAlsoMatches: input.reverseAlsoMatches,
      updatedAt: new Date(),
    })
    .where(and(eq(fixedPrices.companyId, ctx.session.companyId), eq(fixedPrices.id, input.id)));
  const version = await writeFixedVersion(ctx, model);
  return { ...(await fixedRow(ctx, input.id)), version };
}

/** FixedPricing/Delete: a new version of its model without the row. */
export async function deleteFixedPrice(ctx: Ctx, id: number) {
  const before = await fixedRow(ctx, id);
  const model = (await fixedModelFor(ctx, before.pricingModelID, { lock: true })) as FixedModelRef;
  await ctx.db.delete(fixedPrices).where(and(eq(fixedPrices.companyId, ctx.session.companyId), eq(fixedPrices.id, id)));
  const version = await writeFixedVersion(ctx, model);
  return { id, version };
}
