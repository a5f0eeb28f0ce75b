import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { countRows, listPage } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { signedInDriverId, type Ctx } from './signed-in-driver';
import { driverCards } from './schema';

type Card = typeof driverCards.$inferSelect;

const toCardRow = (c: Card) => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  expMonth: c.expMonth,
  expYear: c.expYear,
  holderName: c.holderName,
  isDefault: c.isDefault,
  createdAt: c.createdAt.toISOString(),
});

const mine = (ctx: Ctx) =>
  and(eq(driverCards.companyId, ctx.session.companyId), eq(driverCards.driverId, signedInDriverId(ctx)));

/** One of the driver's own cards; another driver's card is "not found". */
async function ownCard(ctx: Ctx, id: number) {
  const [card] = await ctx.db
    .select()
    .from(driverCards)
    .where(and(mine(ctx), eq(driverCards.id, id)))
    .for('update');
  if (!card) throw notFound('Card');
  return card;
}

/** A driver has one default card: making one the default takes it from the others. */
async function clearDefault(ctx: Ctx, exceptId: number) {
  await ctx.db
    .update(driverCards)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(mine(ctx), ne(driverCards.id, exceptId), eq(driverCards.isDefault, true)));
}

/** Driver/GetTableSummaryDriverCreditCards */
export function listOwnCards(ctx: Ctx, input: z.output<typeof schemas.driverCardListInput>) {
  const where = mine(ctx);
  return listPage(input, {
    count: () => countRows(ctx.db, sql`${driverCards}`, where),
    rows: async (limit, offset) => {
      const rows = await ctx.db
        .select()
        .from(driverCards)
        .where(where)
        .orderBy(desc(driverCards.isDefault), desc(driverCards.createdAt), desc(driverCards.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toCardRow);
    },
  });
}

/** Driver/CreateCard: only the provider's token and what may be shown are stored. */
export async function createOwnCard(ctx: Ctx, input: z.output<typeof schemas.driverCardCreateInput>) {
  const driverId = signedInDriverId(ctx);
  const [existing] = await ctx.db.select({ n: count() }).from(driverCards).where(mine(ctx));
  const isDefault = input.isDefault === true || (existing?.n ?? 0) === 0;
  const [card] = await ctx.db
    .insert(driverCards)
    .values({
      companyId: ctx.session.companyId,
      driverId,
      providerToken: input.providerToken,
      brand: input.brand,
      last4: input.last4,
      expMonth: input.expMonth,
      expYear: input.expYear,
      holderName: input.holderName || null,
      isDefault,
      createdBy: ctx.session.userId,
    })
    .returning();
  if (!card) throw new Error('card insert answered nothing');
  if (isDefault) await clearDefault(ctx, card.id);
  await recordAudit(ctx, {
    entityType: 'driver',
    entityId: driverId,
    action: 'card_added',
    source: 'driver',
    changes: { card: { before: null, after: `${card.brand} •••• ${card.last4}` } },
  });
  return { data: toCardRow(card), message: `${card.brand} card ending ${card.last4} saved.` };
}

/** Driver/UpdateCard: the holder name, the expiry, or the default; the token and digits never change. */
export async function updateOwnCard(ctx: Ctx, input: z.output<typeof schemas.driverCardUpdateInput>) {
  const before = await ownCard(ctx, input.id);
  const values: Partial<typeof driverCards.$inferInsert> = { updatedAt: new Date() };
  if (input.holderName !== undefined) values.holderName = input.holderName || null;
  if (input.expMonth !== undefined && input.expYear !== undefined) {
    values.expMonth = input.expMonth;
    values.expYear = input.expYear;
  }
  if (input.isDefault) {
    values.isDefault = true;
    await clearDefault(ctx, before.id);
  }
  const [card] = await ctx.db
    .update(driverCards)
    .set(values)
    .where(and(mine(ctx), eq(driverCards.id, before.id)))
    .returning();
  if (!card) throw notFound('Card');
  return { data: toCardRow(card), message: `${card.brand} card ending ${card.last4} saved.` };
}

/** Driver/DeleteCard: the newest remaining card inherits the default, so a driver with cards has one. */
export async function deleteOwnCard(ctx: Ctx, id: number) {
  const card = await ownCard(ctx, id);
  await ctx.db.delete(driverCards).where(and(mine(ctx), eq(driverCards.id, card.id)));
  if (card.isDefault) {
    const [next] = await ctx.db
      .select({ id: driverCards.id })
      .from(driverCards)
      .where(mine(ctx))
      .orderBy(desc(driverCards.createdAt), desc(driverCards.id))
      .limit(1);
    if (next) await ctx.db.update(driverCards).set({ isDefault: true }).where(eq(driverCards.id, next.id));
  }
  await recordAudit(ctx, {
    entityType: 'driver',
    entityId: card.driverId,
    action: 'card_removed',
    source: 'driver',
    changes: { card: { before: `${card.brand} •••• ${card.last4}`, after: null } },
  });
  return { data: { id }, message: `${card.brand} card ending ${card.last4} removed.` };
}
