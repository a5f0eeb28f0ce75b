import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import { pricingModelSchema, type PricingModel } from '@cabdesk/fare-engine';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { bookings } from '../bookings/schema';
import { clients } from '../clients/schema';
import { pricingModels, pricingModelVersions } from './schema';

type Ctx = CallContext<Session>;
type CreateInput = z.output<typeof schemas.pricingModelInput>;
type UpdateInput = z.output<typeof schemas.pricingModelUpdateInput>;

/** The kinds that can be the company default: they price every journey. */
const defaultKinds: readonly string[] = ['standard', 'vehicle'];

const clientCount = sql<number>`(select count(*)::int from ${clients} c where c.company_id = ${pricingModels.companyId} and c.pricing_model_id = ${pricingModels.id})`;

const rowColumns = {
  id: pricingModels.id,
  name: pricingModels.name,
  mode: pricingModels.mode,
  isDefault: pricingModels.isDefault,
  isActive: pricingModels.isActive,
  version: pricingModels.currentVersion,
  updatedAt: pricingModels.updatedAt,
  clientCount,
};

function kindOfMode(mode: string): PricingModel['kind'] {
  return mode === 'mileage' ? 'standard' : (mode as PricingModel['kind']);
}

function toRow(r: {
  id: number;
  name: string;
  mode: (typeof pricingModels.$inferSelect)['mode'];
  isDefault: boolean;
  isActive: boolean;
  version: number | null;
  updatedAt: Date;
  clientCount: number;
}) {
  return {
    ...r,
    kind: r.version === null ? null : kindOfMode(r.mode),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Pricing/GetTableSummary. */
export async function listModels(ctx: Ctx, input: z.output<typeof schemas.pricingModelListInput>) {
  const filters: (SQL | undefined)[] = [
    eq(pricingModels.companyId, ctx.session.companyId),
    input.mode ? eq(pricingModels.mode, input.mode) : undefined,
    input.isActive === undefined ? undefined : eq(pricingModels.isActive, input.isActive),
    searchAny(input.q, [pricingModels.name]),
  ];
  const where = and(...filters);
  const order = input.sortColumn
    ? orderFrom(
        input,
        {
          name: pricingModels.name,
          mode: pricingModels.mode,
          isDefault: pricingModels.isDefault,
          version: pricingModels.currentVersion,
          updatedAt: pricingModels.updatedAt,
        },
        { column: 'name', type: 'asc' },
        pricingModels.id,
      )
    : [desc(pricingModels.isDefault), asc(pricingModels.name), asc(pricingModels.id)];
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(pricingModels).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await ctx.db
          .select(rowColumns)
          .from(pricingModels)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  });
}

async function modelRow(ctx: Ctx, id: number, lock = false) {
  const query = ctx.db
    .select(rowColumns)
    .from(pricingModels)
    .where(and(eq(pricingModels.companyId, ctx.session.companyId), eq(pricingModels.id, id)));
  const [row] = lock ? await query.for('update', { of: pricingModels }) : await query;
  if (!row) throw notFound(`Pricing model ${id}`);
  return row;
}

/** Pricing/GetPricingModelByID: the model with the rules of its version in force, or of the version asked. */
export async function modelDetail(ctx: Ctx, id: number, version?: number) {
  const row = await modelRow(ctx, id);
  const versions = await ctx.db
    .select({
      version: pricingModelVersions.version,
      createdAt: pricingModelVersions.createdAt,
      createdBy: pricingModelVersions.createdBy,
      rules: pricingModelVersions.rules,
    })
    .from(pricingModelVersions)
    .where(and(eq(pricingModelVersions.companyId, ctx.session.companyId), eq(pricingModelVersions.modelId, id)))
    .orderBy(desc(pricingModelVersions.version));
  const wanted = version ?? row.version;
  const shown = versions.find((v) => v.version === wanted);
  if (version !== undefined && !shown) throw fieldError('version', `model ${id} has no version ${version}`);
  return {
    ...toRow(row),
    kind: shown ? shown.rules.kind : null,
    versionCreatedAt: shown ? shown.createdAt.toISOString() : null,
    model: shown ? shown.rules : null,
    versions: versions.map((v) => ({
      version: v.version,
      createdAt: v.createdAt.toISOString(),
      createdBy: v.createdBy,
    })),
  };
}

/** The engine's model as stored: the input's rules with the model's id, version and name, checked by the engine. */
function engineModel(input: CreateInput | UpdateInput, id: number, version: number): PricingModel {
  const { isDefault: _d, isActive: _a, ...rules } = input as CreateInput;
  const { id: _id, ...rest } = rules as typeof rules & { id?: number };
  return pricingModelSchema.parse({ ...rest, id, version });
}

function checkDefault(kind: string, isDefault: boolean, isActive: boolean) {
  if (!isDefault) return;
  if (!defaultKinds.includes(kind)) {
    throw fieldError(
      'isDefault',
      `the company default prices every journey: it must be a standard or vehicle model, not ${kind}`,
    );
  }
  if (!isActive) throw fieldError('isActive', 'the company default cannot be switched off');
}

async function clearOtherDefaults(ctx: Ctx, id: number) {
  await ctx.db
    .update(pricingModels)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(pricingModels.companyId, ctx.session.companyId),
        eq(pricingModels.isDefault, true),
        ne(pricingModels.id, id),
      ),
    );
}

async function writeVersion(ctx: Ctx, id: number, version: number, input: CreateInput | UpdateInput) {
  await ctx.db.insert(pricingModelVersions).values({
    companyId: ctx.session.companyId,
    modelId: id,
    version,
    rules: engineModel(input, id, version),
    createdBy: ctx.session.userId,
  });
}

/** Pricing/Create: the model and its version 1. */
export async function createModel(ctx: Ctx, input: CreateInput) {
  checkDefault(input.kind, input.isDefault, input.isActive);
  const [created] = await ctx.db
    .insert(pricingModels)
    .values({
      companyId: ctx.session.companyId,
      name: input.name,
      mode: schemas.pricingModeOfKind[input.kind],
      isDefault: input.isDefault,
      isActive: input.isActive,
      currentVersion: 1,
      createdBy: ctx.session.userId,
    })
    .returning({ id: pricingModels.id });
  const id = created?.id as number;
  await writeVersion(ctx, id, 1, input);
  if (input.isDefault) await clearOtherDefaults(ctx, id);
  return modelDetail(ctx, id);
}

/** Pricing/Update: a new version; the old ones stay as they were. */
export async function updateModel(ctx: Ctx, input: UpdateInput) {
  const before = await modelRow(ctx, input.id, true);
  const isDefault = input.isDefault ?? before.isDefault;
  const isActive = input.isActive ?? before.isActive;
  if (before.isDefault && !isDefault) {
    throw fieldError('isDefault', 'make another model the company default instead');
  }
  checkDefault(input.kind, isDefault, isActive);
  const [last] = await ctx.db
    .select({ version: sql<number>`coalesce(max(${pricingModelVersions.version}), 0)::int` })
    .from(pricingModelVersions)
    .where(and(eq(pricingModelVersions.companyId, ctx.session.companyId), eq(pricingModelVersions.modelId, input.id)));
  const version = (last?.version ?? 0) + 1;
  await writeVersion(ctx, input.id, version, input);
  await ctx.db
    .update(pricingModels)
    .set({
      name: input.name,
      mode: schemas.pricingModeOfKind[input.kind],
      isDefault,
      isActive,
      currentVersion: version,
      updatedAt: new Date(),
    })
    .where(and(eq(pricingModels.companyId, ctx.session.companyId), eq(pricingModels.id, input.id)));
  if (isDefault) await clearOtherDefaults(ctx, input.id);
  return modelDetail(ctx, input.id);
}

/** Pricing/Delete: only a model nothing uses; the others are switched off instead. */
export async function deleteModel(ctx: Ctx, id: number) {
  const row = await modelRow(ctx, id, true);
  if (row.isDefault) throw conflict(`Pricing model ${id} is the company default; make another the default first.`);
  if (row.clientCount > 0) {
    throw conflict(
      `Pricing model ${id} is assigned to ${row.clientCount} client${row.clientCount === 1 ? '' : 's'}; switch it off instead.`,
    );
  }
  const [priced] = await ctx.db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(
      pricingModelVersions,
      and(
        eq(pricingModelVersions.companyId, bookings.companyId),
        eq(pricingModelVersions.id, bookings.pricingModelVersionId),
      ),
    )
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(pricingModelVersions.modelId, id)));
  if ((priced?.n ?? 0) > 0) throw conflict(`Pricing model ${id} priced bookings; switch it off instead.`);
  await ctx.db
    .delete(pricingModels)
    .where(and(eq(pricingModels.companyId, ctx.session.companyId), eq(pricingModels.id, id)));
  return { id };
}

/** The bands of a model's version in force: a standard model's, a vehicle model's standard tariff's. */
export async function mileageStepsOf(ctx: Ctx, id: number | null) {
  let modelId = id;
  if (!modelId) {
    const [def] = await ctx.db
      .select({ id: pricingModels.id })
      .from(pricingModels)
      .where(and(eq(pricingModels.companyId, ctx.session.companyId), eq(pricingModels.isDefault, true)))
      .limit(1);
    if (!def) throw fieldError('pricingModelID', 'the company has no default model; name one');
    modelId = def.id;
  }
  const detail = await modelDetail(ctx, modelId);
  const model = detail.model;
  const steps =
    model?.kind === 'standard' ? model.mileageSteps : model?.kind === 'vehicle' ? model.standard.mileageSteps : [];
  return {
    id: detail.id,
    name: detail.name,
    kind: detail.kind,
    version: detail.version,
    mileageSteps: steps.map((s, index) => ({ index, fromKm: s.fromKm, toKm: s.toKm ?? null, ratePerKm: s.ratePerKm })),
  };
}
