import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { countRows, listPage } from '../../platform/http/list';
import { diff, recordAudit } from '../audit/record';
import { companies } from '../company/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';
import { driverAdjustments } from './schema';

type Adjustment = typeof driverAdjustments.$inferSelect;

const toAdjustmentRow = (a: Adjustment) => ({
  id: a.id,
  kind: a.kind,
  amountMinor: a.amountMinor,
  currency: a.currency,
  reason: a.reason,
  effectiveDate: a.effectiveDate,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

const traced = (a: Adjustment) => ({
  kind: a.kind,
  amountMinor: a.amountMinor,
  reason: a.reason,
  effectiveDate: a.effectiveDate,
});

const mine = (ctx: Ctx) =>
  and(eq(driverAdjustments.companyId, ctx.session.companyId), eq(driverAdjustments.driverId, signedInDriverId(ctx)));

async function ownAdjustment(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select()
    .from(driverAdjustments)
    .where(and(mine(ctx), eq(driverAdjustments.id, id)))
    .for('update');
  if (!row) throw notFound('Adjustment');
  return row;
}

/** Driver/GetAdjustmentsData */
export function listOwnAdjustments(ctx: Ctx, input: z.output<typeof schemas.driverAdjustmentListInput>) {
  const where = and(
    mine(ctx),
    input.fromDate ? gte(driverAdjustments.effectiveDate, input.fromDate) : undefined,
    input.toDate ? lte(driverAdjustments.effectiveDate, input.toDate) : undefined,
  );
  return listPage(input, {
    count: () => countRows(ctx.db, sql`${driverAdjustments}`, where),
    rows: async (limit, offset) => {
      const rows = await ctx.db
        .select()
        .from(driverAdjustments)
        .where(where)
        .orderBy(desc(driverAdjustments.effectiveDate), desc(driverAdjustments.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toAdjustmentRow);
    },
  });
}

const audit = (ctx: Ctx, a: Adjustment, action: string, changes: Record<string, { before: unknown; after: unknown }>) =>
  recordAudit(ctx, { entityType: 'driver_adjustment', entityId: a.id, action, changes, source: 'driver' });

/** Driver/CreateAdjustment: in the company's currency, recorded as the driver's own. */
export async function createOwnAdjustment(ctx: Ctx, input: z.output<typeof schemas.driverAdjustmentCreateInput>) {
  const [company] = await ctx.db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  const [row] = await ctx.db
    .insert(driverAdjustments)
    .values({
      companyId: ctx.session.companyId,
      driverId: signedInDriverId(ctx),
      currency: company?.currency ?? 'GBP',
      ...input,
      createdBy: ctx.session.userId,
    })
    .returning();
  if (!row) throw new Error('adjustment insert answered nothing');
  await audit(ctx, row, 'created', diff({} as Record<string, unknown>, traced(row)));
  return { data: toAdjustmentRow(row), message: 'Adjustment recorded.' };
}

/** Driver/UpdateAdjustments: the fields it is sent; a field left out stays. */
export async function updateOwnAdjustment(ctx: Ctx, input: z.output<typeof schemas.driverAdjustmentUpdateInput>) {
  const { id, ...fields } = input;
  const before = await ownAdjustment(ctx, id);
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const [after] = await ctx.db
    .update(driverAdjustments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(mine(ctx), eq(driverAdjustments.id, id)))
    .returning();
  if (!after) throw notFound('Adjustment');
  const changes = diff(traced(before), traced(after));
  if (Object.keys(changes).length) await audit(ctx, after, 'updated', changes);
  return { data: toAdjustmentRow(after), message: 'Adjustment saved.' };
}

/** Driver/DeleteAdjustments */
export async function deleteOwnAdjustment(ctx: Ctx, id: number) {
  const row = await ownAdjustment(ctx, id);
  await ctx.db.delete(driverAdjustments).where(and(mine(ctx), eq(driverAdjustments.id, id)));
  const gone = Object.fromEntries(Object.entries(traced(row)).map(([k, v]) => [k, { before: v, after: null }]));
  await audit(ctx, row, 'deleted', gone);
  return { data: { id }, message: 'Adjustment deleted.' };
}
