import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { peopleError, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { listPage, orderFrom, searchWords } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { drivers, driverTypes } from '../drivers/schema';
import { modelOf } from './rules';
import { driverPaymentModels } from './schema';

/**
 * Which model pays each driver: `drivers.default_payment_model_id` is the driver's own model (null: the
 * driver type's `default_payment_model_id`). The driver form sets the same column.
 */

type Ctx = CallContext<Session>;

const model = alias(driverPaymentModels, 'pay_model');
const effectiveModel = sql<
  number | null
>`coalesce(${drivers.defaultPaymentModelId}, ${driverTypes.defaultPaymentModelId})`;
const driverName = sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`;

const columns = {
  id: drivers.id,
  driverName,
  callsign: drivers.callsign,
  driverTypeID: drivers.driverTypeId,
  driverTypeName: driverTypes.name,
  ownModelID: drivers.defaultPaymentModelId,
  modelID: effectiveModel,
  modelName: model.name,
};

/** DriverPaymentModelAssignment/GetTableSummary. */
export async function listPayAssignments(ctx: Ctx, input: z.output<typeof schemas.payAssignmentListInput>) {
  const filters: (SQL | undefined)[] = [
    eq(drivers.companyId, ctx.session.companyId),
    input.driverTypeID ? eq(drivers.driverTypeId, input.driverTypeID) : undefined,
    input.modelID ? sql`${effectiveModel} = ${input.modelID}` : undefined,
    searchWords(input.q, [drivers.firstName, drivers.lastName, drivers.callsign]),
  ];
  const where = and(...filters);
  const order = orderFrom(
    input,
    {
      driverName: sql`${drivers.lastName} || ' ' || ${drivers.firstName}`,
      callsign: drivers.callsign,
      driverTypeName: driverTypes.name,
      modelName: model.name,
    },
    { column: 'driverName', type: 'asc' },
    drivers.id,
  );
  const typeJoin = and(eq(driverTypes.companyId, drivers.companyId), eq(driverTypes.id, drivers.driverTypeId));
  const modelJoin = and(eq(model.companyId, drivers.companyId), sql`${model.id} = ${effectiveModel}`);
  return listPage(input, {
    count: async () =>
      (await ctx.db.select({ n: count() }).from(drivers).leftJoin(driverTypes, typeJoin).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await ctx.db
          .select(columns)
          .from(drivers)
          .leftJoin(driverTypes, typeJoin)
          .leftJoin(model, modelJoin)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map((r) => ({
        ...r,
        driverID: r.id,
        source:
          r.ownModelID !== null
            ? ('driver' as const)
            : r.modelID !== null
              ? ('driverType' as const)
              : ('none' as const),
      })),
  });
}

/** Every id must be the company's: 404 naming the first field that is not. */
async function ensureOwn(
  ctx: Ctx,
  table: typeof drivers | typeof driverTypes,
  ids: number[],
  field: string,
  words: string,
) {
  if (!ids.length) return;
  const found = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, ctx.session.companyId), inArray(table.id, ids)));
  const known = new Set(found.map((r) => r.id));
  const errors = ids.flatMap((id, i) =>
    known.has(id) ? [] : [peopleError(`${field}.${i}`, `${words} ${id} was not found`)],
  );
  if (errors.length) throw new AppError(404, errors.map((e) => e.message).join('; '), errors);
}

/** Sets the model of the rows that have another, each change in the history with what it was. */
async function reassign(
  ctx: Ctx,
  table: typeof drivers | typeof driverTypes,
  ids: number[],
  modelId: number | null,
  entityType: 'driver' | 'driverType',
) {
  if (!ids.length) return [];
  const ofThem = and(eq(table.companyId, ctx.session.companyId), inArray(table.id, ids));
  const before = await ctx.db
    .select({ id: table.id, modelId: table.defaultPaymentModelId })
    .from(table)
    .where(and(ofThem, sql`${table.defaultPaymentModelId} is distinct from ${modelId}`))
    .for('update');
  if (!before.length) return [];
  await ctx.db
    .update(table)
    .set({ defaultPaymentModelId: modelId, updatedAt: new Date() })
    .where(
      and(
        ofThem,
        inArray(
          table.id,
          before.map((r) => r.id),
        ),
      ),
    );
  for (const row of before) {
    await recordAudit(ctx, {
      entityType,
      entityId: row.id,
      action: 'payModel',
      changes: { defaultPaymentModelId: { before: row.modelId, after: modelId } },
    });
  }
  return before;
}

/** DriverPaymentModelAssignment/Update: a model for drivers and/or the default of driver types (0: none). */
export async function assignPayModel(ctx: Ctx, input: z.output<typeof schemas.payAssignmentUpdateInput>) {
  const modelId = input.DriverPaymentID || null;
  const target = modelId ? await modelOf(ctx, modelId) : null;
  const driverIDs = [...new Set(input.driverIDs)];
  const driverTypeIDs = [...new Set(input.driverTypeIDs)];
  await ensureOwn(ctx, drivers, driverIDs, 'driverIDs', 'driver');
  await ensureOwn(ctx, driverTypes, driverTypeIDs, 'driverTypeIDs', 'driver type');
  const changedDrivers = await reassign(ctx, drivers, driverIDs, modelId, 'driver');
  const changedTypes = await reassign(ctx, driverTypes, driverTypeIDs, modelId, 'driverType');
  return {
    DriverPaymentID: modelId ?? 0,
    modelName: target?.name ?? null,
    drivers: changedDrivers.length,
    driverTypes: changedTypes.length,
  };
}
