import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { drivers, driverTypes } from '../drivers/schema';
import { changeRules, modelOf, type RuleParts } from './rules';
import { driverPaymentModels, driverPayModelVersions } from './schema';

type Ctx = CallContext<Session>;

// Drizzle writes a lone table's columns unqualified, which a sub-select over other tables would take as its own.
const modelCompany = sql.raw('"driver_payment_models"."company_id"');
const modelId = sql.raw('"driver_payment_models"."id"');

/** Drivers a model pays: assigned to them, or their type's default when they have none of their own. */
const driverCount = sql<number>`(select count(*)::int from ${drivers} d left join ${driverTypes} dt on dt.company_id = d.company_id and dt.id = d.driver_type_id where d.company_id = ${modelCompany} and coalesce(d.default_payment_model_id, dt.default_payment_model_id) = ${modelId})`;
const driverTypeCount = sql<number>`(select count(*)::int from ${driverTypes} dt where dt.company_id = ${modelCompany} and dt.default_payment_model_id = ${modelId})`;

const rowColumns = {
  id: driverPaymentModels.id,
  name: driverPaymentModels.name,
  description: driverPaymentModels.description,
  basis: driverPaymentModels.basis,
  isActive: driverPaymentModels.isActive,
  version: driverPaymentModels.currentVersion,
  updatedAt: driverPaymentModels.updatedAt,
  driverCount,
  driverTypeCount,
};

type Row = { [K in keyof typeof rowColumns]: unknown } & { id: number; updatedAt: Date };

function toRow<R extends Row>(r: R) {
  return { ...r, DriverPaymentID: r.id, updatedAt: r.updatedAt.toISOString() };
}

const ofCompany = (ctx: Ctx) => eq(driverPaymentModels.companyId, ctx.session.companyId);

/** DriverPayment/GetDrvrPayments. */
export async function listPayModels(ctx: Ctx, input: z.output<typeof schemas.driverPayModelListInput>) {
  const where = and(
    ofCompany(ctx),
    input.basis ? eq(driverPaymentModels.basis, input.basis) : undefined,
    input.isActive === undefined ? undefined : eq(driverPaymentModels.isActive, input.isActive),
    searchAny(input.q, [driverPaymentModels.name]) as SQL | undefined,
  );
  const order = orderFrom(
    input,
    {
      name: driverPaymentModels.name,
      basis: driverPaymentModels.basis,
      version: driverPaymentModels.currentVersion,
      updatedAt: driverPaymentModels.updatedAt,
    },
    { column: 'name', type: 'asc' },
    driverPaymentModels.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(driverPaymentModels).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await ctx.db
          .select(rowColumns)
          .from(driverPaymentModels)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  });
}

async function payModelRow(ctx: Ctx, id: number) {
  await modelOf(ctx, id);
  const [row] = await ctx.db
    .select(rowColumns)
    .from(driverPaymentModels)
    .where(and(ofCompany(ctx), eq(driverPaymentModels.id, id)));
  return toRow(row as NonNullable<typeof row>);
}

/** DriverPayment/GetDriverPaymentID: the model with the rules of its version in force, or of the version asked. */
export async function payModelDetail(ctx: Ctx, id: number, version?: number) {
  const row = await payModelRow(ctx, id);
  const versions = await ctx.db
    .select({
      version: driverPayModelVersions.version,
      createdAt: driverPayModelVersions.createdAt,
      createdBy: driverPayModelVersions.createdBy,
      rules: driverPayModelVersions.rules,
    })
    .from(driverPayModelVersions)
    .where(and(eq(driverPayModelVersions.companyId, ctx.session.companyId), eq(driverPayModelVersions.modelId, id)))
    .orderBy(desc(driverPayModelVersions.version));
  const wanted = version ?? row.version;
  const shown = versions.find((v) => v.version === wanted);
  if (version !== undefined && !shown) throw fieldError('version', `model ${id} has no version ${version}`);
  return {
    ...row,
    versionCreatedAt: shown ? shown.createdAt.toISOString() : null,
    rules: shown ? shown.rules : null,
    versions: versions.map((v) => ({
      version: v.version,
      createdAt: v.createdAt.toISOString(),
      createdBy: v.createdBy,
    })),
  };
}

function partsOf(input: Record<string, unknown>): RuleParts {
  return Object.fromEntries(
    schemas.ruleParts.filter((p) => input[p] !== undefined).map((p) => [p, input[p]]),
  ) as RuleParts;
}

/** DriverPayment/Create: the model and its version 1. */
export async function createPayModel(ctx: Ctx, input: z.output<typeof schemas.driverPayModelInput>) {
  const [created] = await ctx.db
    .insert(driverPaymentModels)
    .values({
      companyId: ctx.session.companyId,
      name: input.name,
      description: input.description ?? null,
      isActive: input.isActive,
      createdBy: ctx.session.userId,
    })
    .returning();
  if (!created) throw new Error('driver payment model insert returned no row');
  await recordAudit(ctx, { entityType: 'driverPayModel', entityId: created.id, action: 'create' });
  await changeRules(ctx, created, partsOf(input));
  return payModelDetail(ctx, created.id);
}

/** DriverPayment/Update: settings as sent; parts of the rules sent make a new version. */
export async function updatePayModel(ctx: Ctx, input: z.output<typeof schemas.driverPayModelUpdateInput>) {
  const model = await modelOf(ctx, input.DriverPaymentID, true);
  const settings = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  };
  const parts = partsOf(input);
  const renamed = input.name !== undefined && input.name !== model.name;
  if (Object.keys(parts).length || (renamed && model.currentVersion !== null)) {
    await changeRules(ctx, model, parts, input.name ? { name: input.name } : {});
  }
  if (Object.keys(settings).length) {
    await ctx.db
      .update(driverPaymentModels)
      .set({ ...settings, updatedAt: new Date() })
      .where(and(ofCompany(ctx), eq(driverPaymentModels.id, model.id)));
    const changes = Object.fromEntries(
      Object.entries(settings)
        .filter(([k, v]) => model[k as keyof typeof settings] !== v)
        .map(([k, v]) => [k, { before: model[k as keyof typeof settings], after: v }]),
    );
    if (Object.keys(changes).length) {
      await recordAudit(ctx, { entityType: 'driverPayModel', entityId: model.id, action: 'update', changes });
    }
  }
  return payModelDetail(ctx, model.id);
}

const some = (names: string[], total: number) =>
  `${names.join(', ')}${total > names.length ? ` and ${total - names.length} more` : ''}`;

/** DriverPayment/Delete: only a model no driver and no driver type uses (409 naming them). */
export async function deletePayModel(ctx: Ctx, id: number) {
  const model = await modelOf(ctx, id, true);
  const assigned = await ctx.db
    .select({
      name: sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`,
      n: sql<number>`count(*) over ()::int`,
    })
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.defaultPaymentModelId, id)))
    .orderBy(asc(drivers.lastName), asc(drivers.firstName))
    .limit(5);
  const types = await ctx.db
    .select({ name: driverTypes.name, n: sql<number>`count(*) over ()::int` })
    .from(driverTypes)
    .where(and(eq(driverTypes.companyId, ctx.session.companyId), eq(driverTypes.defaultPaymentModelId, id)))
    .orderBy(asc(driverTypes.name))
    .limit(5);
  const users: string[] = [];
  const driverTotal = assigned[0]?.n ?? 0;
  const typeTotal = types[0]?.n ?? 0;
  if (driverTotal) {
    users.push(
      `assigned to ${driverTotal} driver${driverTotal === 1 ? '' : 's'} (${some(
        assigned.map((d) => d.name),
        driverTotal,
      )})`,
    );
  }
  if (typeTotal) {
    users.push(
      `the default of ${typeTotal} driver type${typeTotal === 1 ? '' : 's'} (${some(
        types.map((t) => t.name),
        typeTotal,
      )})`,
    );
  }
  if (users.length) {
    throw conflict(`${model.name} is ${users.join(' and ')}; give them another model first, or switch it off.`, {
      drivers: driverTotal,
      driverTypes: typeTotal,
    });
  }
  await ctx.db.delete(driverPaymentModels).where(and(ofCompany(ctx), eq(driverPaymentModels.id, id)));
  await recordAudit(ctx, { entityType: 'driverPayModel', entityId: id, action: 'delete' });
  return { id };
}
