import { and, asc, eq, sql } from 'drizzle-orm';
import { fixedModelSchema, type FixedModel, type FixedPriceRow } from '@cabdesk/fare-engine';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { fixedPrices } from './fixed-schema';
import { pricingModels, pricingModelVersions } from './schema';

type Ctx = CallContext<Session>;

/** The name the company's fixed-price table gets when the first fixed price makes it. */
export const FIXED_TABLE_NAME = 'Fixed prices';
const CHUNK = 1000;

/** Replaces a fixed model's editable rows with the rows of its rules (Pricing/Create and Update of a fixed model). */
export async function replaceFixedRows(ctx: Ctx, modelId: number, rows: readonly FixedPriceRow[]) {
  await ctx.db
    .delete(fixedPrices)
    .where(and(eq(fixedPrices.companyId, ctx.session.companyId), eq(fixedPrices.modelId, modelId)));
  await insertFixedRows(
    ctx,
    modelId,
    rows.map((r) => ({
      fromKey: r.from,
      toKey: r.to,
      vehicleTypeId: r.vehicleTypeId ?? null,
      priceMinor: r.price,
      reverseAlsoMatches: r.reverseAlsoMatches,
    })),
  );
}

export interface NewFixedRow {
  fromKey: string;
  toKey: string;
  vehicleTypeId: number | null;
  priceMinor: number;
  reverseAlsoMatches: boolean;
}

export async function insertFixedRows(ctx: Ctx, modelId: number, rows: readonly NewFixedRow[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await ctx.db.insert(fixedPrices).values(
      rows.slice(i, i + CHUNK).map((r) => ({
        ...r,
        companyId: ctx.session.companyId,
        modelId,
        createdBy: ctx.session.userId,
      })),
    );
  }
}

/** The engine's fixed model holding every row of the table as it is now in this transaction. */
export async function fixedRules(ctx: Ctx, modelId: number, version: number, name: string): Promise<FixedModel> {
  const rows = await ctx.db
    .select({
      id: fixedPrices.id,
      from: fixedPrices.fromKey,
      to: fixedPrices.toKey,
      vehicleTypeId: fixedPrices.vehicleTypeId,
      price: fixedPrices.priceMinor,
      reverseAlsoMatches: fixedPrices.reverseAlsoMatches,
    })
    .from(fixedPrices)
    .where(and(eq(fixedPrices.companyId, ctx.session.companyId), eq(fixedPrices.modelId, modelId)))
    .orderBy(asc(fixedPrices.id));
  const parsed = fixedModelSchema.safeParse({ kind: 'fixed', id: modelId, version, name, rows });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(issue?.path.join('.') || 'rows', issue?.message ?? 'is not a valid fixed-price table');
  }
  return parsed.data;
}

/**
 * Writes the next version of a fixed model from its rows (every FixedPricing change, in the same
 * transaction), and moves the model's version in force to it. Answers the new version.
 */
export async function writeFixedVersion(ctx: Ctx, model: { id: number; name: string }): Promise<number> {
  const [last] = await ctx.db
    .select({ version: sql<number>`coalesce(max(${pricingModelVersions.version}), 0)::int` })
    .from(pricingModelVersions)
    .where(and(eq(pricingModelVersions.companyId, ctx.session.companyId), eq(pricingModelVersions.modelId, model.id)));
  const version = (last?.version ?? 0) + 1;
  const rules = await fixedRules(ctx, model.id, version, model.name);
  await ctx.db.insert(pricingModelVersions).values({
    companyId: ctx.session.companyId,
    modelId: model.id,
    version,
    rules,
    createdBy: ctx.session.userId,
  });
  await ctx.db
    .update(pricingModels)
    .set({ currentVersion: version, updatedAt: new Date() })
    .where(and(eq(pricingModels.companyId, ctx.session.companyId), eq(pricingModels.id, model.id)));
  return version;
}

export interface FixedModelRef {
  id: number;
  name: string;
}

/**
 * The fixed model a FixedPricing call works on: the one named (it must be a fixed model of the
 * company), else the company's fixed-price table (the default fixed model). With `make`, a company
 * without one gets "Fixed prices" (the default fixed model) made now; without, null answers that
 * there is none yet. `lock` holds the model row until the transaction ends, so two changes to one
 * table write their versions one after the other.
 */
export async function fixedModelFor(
  ctx: Ctx,
  pricingModelID: number | null | undefined,
  opts: { make?: boolean; lock?: boolean } = {},
): Promise<FixedModelRef | null> {
  const mine = eq(pricingModels.companyId, ctx.session.companyId);
  const columns = { id: pricingModels.id, name: pricingModels.name, mode: pricingModels.mode };
  if (pricingModelID) {
    const query = ctx.db
      .select(columns)
      .from(pricingModels)
      .where(and(mine, eq(pricingModels.id, pricingModelID)));
    const [row] = opts.lock ? await query.for('update') : await query;
    if (!row) throw notFound(`Pricing model ${pricingModelID}`);
    if (row.mode !== 'fixed') {
      throw fieldError('pricingModelID', `is a ${row.mode} model; fixed prices belong to a fixed model`);
    }
    return { id: row.id, name: row.name };
  }
  const query = ctx.db
    .select(columns)
    .from(pricingModels)
    .where(and(mine, eq(pricingModels.mode, 'fixed'), eq(pricingModels.isDefault, true)))
    .orderBy(asc(pricingModels.id))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (row) return { id: row.id, name: row.name };
  if (!opts.make) return null;
  const taken = new Set(
    (
      await ctx.db
        .select({ name: sql<string>`lower(${pricingModels.name})` })
        .from(pricingModels)
        .where(and(mine, sql`lower(${pricingModels.name}) like ${FIXED_TABLE_NAME.toLowerCase() + '%'}`))
    ).map((r) => r.name),
  );
  let name = FIXED_TABLE_NAME;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${FIXED_TABLE_NAME} ${n}`;
  const [made] = await ctx.db
    .insert(pricingModels)
    .values({
      companyId: ctx.session.companyId,
      name,
      mode: 'fixed',
      isDefault: true,
      isActive: true,
      createdBy: ctx.session.userId,
    })
    .returning({ id: pricingModels.id, name: pricingModels.name });
  return made as FixedModelRef;
}
