import { and, asc, eq, inArray } from 'drizzle-orm';
import { type FieldError, describeFieldErrors, fieldOf, peopleError, type schemas } from '@cabdesk/contract';
import { driverPayModelSchema, type DriverPayModel } from '@cabdesk/pay-engine';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, badRequest } from '../../platform/http/errors';
import { diff, recordAudit } from '../audit/record';
import { clients } from '../clients/schema';
import { vehicles, vehicleTypes } from '../vehicles/schema';
import { driverPaymentModels, driverPayModelVersions } from './schema';

type Ctx = CallContext<Session>;
export type RulePart = schemas.RulePart;
/** Parts of a model's rules as a call sends them: a part left out stays as it is. */
export type RuleParts = Partial<{ [P in RulePart]: z.output<(typeof schemas.rulePartFields)[P]> }>;
/** The field the caller sent for a path of the whole model (`peakTimes.1.from`, or `bands.0.to` for one bonus). */
export type SentAs = (path: readonly PropertyKey[]) => string;

const asSent: SentAs = (path) => fieldOf(path);

export type ModelRow = typeof driverPaymentModels.$inferSelect;

/** The company's model, locked for a change when asked (changes of one model wait for each other). */
export async function modelOf(ctx: Ctx, id: number, lock = false): Promise<ModelRow> {
  const query = ctx.db
    .select()
    .from(driverPaymentModels)
    .where(and(eq(driverPaymentModels.companyId, ctx.session.companyId), eq(driverPaymentModels.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row)
    throw new AppError(404, `Driver payment model ${id} was not found.`, [
      peopleError('DriverPaymentID', `model ${id} was not found`),
    ]);
  return row;
}

/** The rules of one version of a model; null when the model has none yet. */
export async function versionRules(ctx: Ctx, modelId: number, version: number | null): Promise<DriverPayModel | null> {
  if (version === null) return null;
  const [row] = await ctx.db
    .select({ rules: driverPayModelVersions.rules })
    .from(driverPayModelVersions)
    .where(
      and(
        eq(driverPayModelVersions.companyId, ctx.session.companyId),
        eq(driverPayModelVersions.modelId, modelId),
        eq(driverPayModelVersions.version, version),
      ),
    );
  return row?.rules ?? null;
}

/** One version of a model's rules with when it was made. */
export interface PayModelVersion {
  version: number;
  createdAt: Date;
  rules: DriverPayModel;
}

/** Every version of a company's model, oldest first (a model has a handful: one per change). */
export async function versionsOfModel(ctx: Ctx, modelId: number): Promise<PayModelVersion[]> {
  return ctx.db
    .select({
      version: driverPayModelVersions.version,
      createdAt: driverPayModelVersions.createdAt,
      rules: driverPayModelVersions.rules,
    })
    .from(driverPayModelVersions)
    .where(
      and(eq(driverPayModelVersions.companyId, ctx.session.companyId), eq(driverPayModelVersions.modelId, modelId)),
    )
    .orderBy(asc(driverPayModelVersions.createdAt), asc(driverPayModelVersions.version));
}

/**
 * The version in force at an instant: the latest made at or before it, else the first version (a
 * job picked up before the model existed is paid by its first rules). Null: no rules yet.
 */
export function inForceAt(versions: readonly PayModelVersion[], at: Date): PayModelVersion | null {
  let inForce: PayModelVersion | null = null;
  for (const v of versions) if (v.createdAt.getTime() <= at.getTime()) inForce = v;
  if (inForce) return inForce;
  return versions.reduce<PayModelVersion | null>((first, v) => (!first || v.version < first.version ? v : first), null);
}

/** The rules in force at an instant (`inForceAt` over the model's versions). */
export async function rulesInForceAt(ctx: Ctx, modelId: number, at: Date): Promise<PayModelVersion | null> {
  return inForceAt(await versionsOfModel(ctx, modelId), at);
}

/** The ids a part names that must be the company's own rows, each with the path it was sent at. */
function referencesOf(parts: RuleParts) {
  const refs: { table: 'vehicle' | 'vehicleType' | 'client'; id: number; path: PropertyKey[] }[] = [];
  parts.vehicleOverrides?.forEach((o, i) => {
    if (o.vehicleId != null)
      refs.push({ table: 'vehicle', id: o.vehicleId, path: ['vehicleOverrides', i, 'vehicleId'] });
    if (o.vehicleTypeId != null) {
      refs.push({ table: 'vehicleType', id: o.vehicleTypeId, path: ['vehicleOverrides', i, 'vehicleTypeId'] });
    }
  });
  parts.vehicleTypeMileage?.forEach((r, i) =>
    refs.push({ table: 'vehicleType', id: r.vehicleTypeId, path: ['vehicleTypeMileage', i, 'vehicleTypeId'] }),
  );
  parts.clientRules?.forEach((r, i) =>
    refs.push({ table: 'client', id: r.clientId, path: ['clientRules', i, 'clientId'] }),
  );
  return refs;
}

const tables = {
  vehicle: { table: vehicles, words: 'vehicle' },
  vehicleType: { table: vehicleTypes, words: 'vehicle type' },
  client: { table: clients, words: 'client' },
} as const;

/** Vehicles, vehicle types and clients a change names must be the company's: 404 naming the field. */
async function checkReferences(ctx: Ctx, parts: RuleParts, sentAs: SentAs) {
  const refs = referencesOf(parts);
  const errors: FieldError[] = [];
  for (const kind of ['vehicle', 'vehicleType', 'client'] as const) {
    const wanted = refs.filter((r) => r.table === kind);
    if (!wanted.length) continue;
    const { table, words } = tables[kind];
    const found = await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, ctx.session.companyId), inArray(table.id, [...new Set(wanted.map((r) => r.id))])));
    const known = new Set(found.map((r) => r.id));
    for (const r of wanted) {
      if (!known.has(r.id)) errors.push(peopleError(sentAs(r.path), `${words} ${r.id} was not found`));
    }
  }
  if (errors.length) throw new AppError(404, describeFieldErrors(errors), errors);
}

/** The pay engine's check of the whole model; a refusal names the fields as the caller sent them. */
function checked(candidate: unknown, sentAs: SentAs): DriverPayModel {
  const parsed = driverPayModelSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const seen = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = sentAs(issue.path);
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  const errors = [...seen].map(([field, rule]) => peopleError(field, rule));
  throw badRequest(describeFieldErrors(errors), errors);
}

/** JSON with its keys in order: jsonb keeps keys in its own order, so stored and parsed rules compare alike. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const sameRules = (a: DriverPayModel, b: DriverPayModel) =>
  canonical({ ...a, version: 0 }) === canonical({ ...b, version: 0 });

/**
 * The one way a model's rules change, whatever the part: the parts sent over the version in force,
 * checked whole by the pay engine, written as a new version (nothing is written when the rules come
 * out the same). The caller holds the model's row lock (`modelOf(ctx, id, true)`).
 */
export async function changeRules(
  ctx: Ctx,
  model: ModelRow,
  parts: RuleParts,
  opts: { name?: string; sentAs?: SentAs } = {},
): Promise<{ version: number; rules: DriverPayModel }> {
  const sentAs = opts.sentAs ?? asSent;
  const before = await versionRules(ctx, model.id, model.currentVersion);
  const version = (model.currentVersion ?? 0) + 1;
  const rules = checked({ ...before, ...parts, id: model.id, version, name: opts.name ?? model.name }, sentAs);
  await checkReferences(ctx, parts, sentAs);
  if (before && model.currentVersion !== null && sameRules(before, rules)) {
    return { version: model.currentVersion, rules: before };
  }
  await ctx.db.insert(driverPayModelVersions).values({
    companyId: ctx.session.companyId,
    modelId: model.id,
    version,
    rules,
    createdBy: ctx.session.userId,
  });
  await ctx.db
    .update(driverPaymentModels)
    .set({ currentVersion: version, basis: rules.basis, updatedAt: new Date() })
    .where(and(eq(driverPaymentModels.companyId, ctx.session.companyId), eq(driverPaymentModels.id, model.id)));
  const changed = diff(
    { ...(before ?? {}) } as Record<string, unknown>,
    Object.fromEntries(Object.keys(parts).map((p) => [p, rules[p as RulePart]])),
  );
  await recordAudit(ctx, {
    entityType: 'driverPayModel',
    entityId: model.id,
    action: before ? 'newVersion' : 'firstVersion',
    changes: { ...changed, version: { before: model.currentVersion, after: version } },
  });
  model.currentVersion = version;
  model.basis = rules.basis;
  return { version, rules };
}

/**
 * One part's change through `changeRules`: the model locked, the part computed from the rules in force
 * (empty lists when there are none yet), the answer its new version and rows.
 */
export async function changePart<P extends RulePart>(
  ctx: Ctx,
  modelId: number,
  part: P,
  next: (current: DriverPayModel[P] | undefined) => NonNullable<RuleParts[P]>,
  sentAs?: SentAs,
) {
  const model = await modelOf(ctx, modelId, true);
  const current = await versionRules(ctx, model.id, model.currentVersion);
  const value = next(current?.[part]);
  const { version, rules } = await changeRules(ctx, model, { [part]: value } as RuleParts, sentAs ? { sentAs } : {});
  return { DriverPaymentID: model.id, version, rows: rules[part] };
}

/** The next free id of a list of rows with ids. */
export const nextId = (rows: readonly { id: number }[]) => rows.reduce((max, r) => Math.max(max, r.id), 0) + 1;
