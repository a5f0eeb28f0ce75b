import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import { pricingModelSchema, type PricingModel } from '@cabdesk/fare-engine';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { bookings } from '../bookings/schema';
import { clients } from '../clients/schema';
import { vehicleTypes } from '../vehicles/schema';
import { replaceFixedRows, fixedRules } from './fixed-store';
import { pricingModels, pricingModelVersions, type PricingMode } from './schema';

type Ctx = CallContext<Session>;
type CreateInput = z.output<typeof schemas.pricingModelInput>;
type UpdateInput = z.output<typeof schemas.pricingModelUpdateInput>;

/**
 * A default is per role: the company default (a standard or vehicle model, it prices every journey),
 * the company's fixed-price table (a fixed model) and the default hourly model. A zone model takes no
 * default role: it prices only the routes it has.
 */
export const defaultRoles = {
  company: ['mileage', 'vehicle'],
  fixed: ['fixed'],
  hourly: ['hourly'],
} as const satisfies Record<string, readonly PricingMode[]>;
export type DefaultRole = keyof typeof defaultRoles;

export function roleOfMode(mode: PricingMode): DefaultRole | null {
  if (mode === 'mileage' || mode === 'vehicle') return 'company';
  if (mode === 'fixed' || mode === 'hourly') return mode;
  return null;
}

const roleWords: Record<DefaultRole, string> = {
  company: 'the company default',
  fixed: "the company's fixed-price table",
  hourly: 'the default hourly model',
};

const clientCount = sql<number>`(select count(*)::int from ${clients} c where c.company_id = ${pricingModels.companyId} and c.pricing_model_id = ${pricingModels.id})`;

export const rowColumns = {
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

export function toRow(r: {
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
  return modelsPage(ctx, input, and(...filters));
}

/** A page of pricing models matching `where`: default first then by name, or the sort asked for. */
export function modelsPage(
  ctx: Ctx,
  input: Pick<z.output<typeof schemas.pricingModelListInput>, 'page' | 'perPage' | 'sortColumn' | 'sortType'>,
  where: SQL | undefined,
) {
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

export async function modelRow(ctx: Ctx, id: number, lock = false) {
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

function checkDefault(kind: PricingModel['kind'], isDefault: boolean, isActive: boolean) {
  if (!isDefault) return;
  const role = roleOfMode(schemas.pricingModeOfKind[kind]);
  if (!role) {
    throw fieldError(
      'isDefault',
      'a zone model cannot be a default: it prices only the routes it has; assign it to clients or vehicle types instead',
    );
  }
  if (!isActive) throw fieldError('isActive', `${roleWords[role]} cannot be switched off`);
}

/** Takes the default flag off the other models of the same role only. */
export async function clearOtherDefaults(ctx: Ctx, id: number, mode: PricingMode) {
  const role = roleOfMode(mode);
  if (!role) return;
  await ctx.db
    .update(pricingModels)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(pricingModels.companyId, ctx.session.companyId),
        eq(pricingModels.isDefault, true),
        inArray(pricingModels.mode, [...defaultRoles[role]]),
        ne(pricingModels.id, id),
      ),
    );
}

/** The number the model's next version takes. */
export async function nextVersion(ctx: Ctx, id: number): Promise<number> {
  const [last] = await ctx.db
    .select({ version: sql<number>`coalesce(max(${pricingModelVersions.version}), 0)::int` })
    .from(pricingModelVersions)
    .where(and(eq(pricingModelVersions.companyId, ctx.session.companyId), eq(pricingModelVersions.modelId, id)));
  return (last?.version ?? 0) + 1;
}

/**
 * Writes a version of the model's rules. A fixed model's rows are kept in `fixed_prices` as well
 * (FixedPricing/* edit them one by one): the rows sent replace them, and the version holds them with
 * their row ids.
 */
async function writeVersion(ctx: Ctx, id: number, version: number, input: CreateInput | UpdateInput) {
  let rules = engineModel(input, id, version);
  if (rules.kind === 'fixed') {
    await replaceFixedRows(ctx, id, rules.rows);
    rules = await fixedRules(ctx, id, version, rules.name);
  }
  await ctx.db.insert(pricingModelVersions).values({
    companyId: ctx.session.companyId,
    modelId: id,
    version,
    rules,
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
  if (input.isDefault) await clearOtherDefaults(ctx, id, schemas.pricingModeOfKind[input.kind]);
  return modelDetail(ctx, id);
}

/** Pricing/Update: a new version; the old ones stay as they were. */
export async function updateModel(ctx: Ctx, input: UpdateInput) {
  const before = await modelRow(ctx, input.id, true);
  const isDefault = input.isDefault ?? before.isDefault;
  const isActive = input.isActive ?? before.isActive;
  const mode = schemas.pricingModeOfKind[input.kind];
  if (before.isDefault && roleOfMode(before.mode) === 'company' && (!isDefault || roleOfMode(mode) !== 'company')) {
    throw fieldError('isDefault', 'make another model the company default instead');
  }
  checkDefault(input.kind, isDefault, isActive);
  const version = await nextVersion(ctx, input.id);
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
  if (isDefault) await clearOtherDefaults(ctx, input.id, mode);
  return modelDetail(ctx, input.id);
}

/** Pricing/Delete: only a model nothing uses; the others are switched off instead. */
export async function deleteModel(ctx: Ctx, id: number) {
  const row = await modelRow(ctx, id, true);
  if (row.isDefault) {
    const role = roleOfMode(row.mode);
    throw conflict(
      `Pricing model ${id} is ${role ? roleWords[role] : 'a default'}; make another the default first, or switch it off.`,
    );
  }
  if (row.clientCount > 0) {
    throw conflict(
      `Pricing model ${id} is assigned to ${row.clientCount} client${row.clientCount === 1 ? '' : 's'}; switch it off instead.`,
    );
  }
  const [typed] = await ctx.db
    .select({ n: count() })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.pricingModelId, id)));
  const types = typed?.n ?? 0;
  if (types > 0) {
    throw conflict(
      `Pricing model ${id} prices ${types} vehicle type${types === 1 ? '' : 's'}; choose another model for ${types === 1 ? 'it' : 'them'} or switch this one off.`,
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
      .where(
        and(
          eq(pricingModels.companyId, ctx.session.companyId),
          eq(pricingModels.isDefault, true),
          inArray(pricingModels.mode, [...defaultRoles.company]),
        ),
      )
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
