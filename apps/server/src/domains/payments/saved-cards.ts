import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CardOwnerKind } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { countRows, listPage } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { clients } from '../clients/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { attachToken, cardWords, isExpired, providerFailure, saveCard } from './cards-at-provider';
import { ensureCustomer } from './customers';
import { ProviderError } from './provider/types';
import { cardProvidersOf } from './providers';
import { paymentCards } from './schema';

type Ctx = CallContext<Session>;
export type Owner = { kind: CardOwnerKind; id: number };
export type SavedCard = typeof paymentCards.$inferSelect;

/** What any answer shows of a card: never a number, nor the provider's references. */
export const toSavedCardRow = (c: SavedCard) => ({
  id: c.id,
  ownerKind: c.ownerKind,
  ownerId: c.ownerId,
  provider: c.provider,
  brand: c.brand,
  last4: c.last4,
  expMonth: c.expMonth,
  expYear: c.expYear,
  holderName: c.holderName,
  isDefault: c.isDefault,
  isExpired: isExpired(c.expMonth, c.expYear),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

const ownerTables = { passenger: passengers, client: clients, driver: drivers } as const;
const ownerNames = { passenger: 'Passenger', client: 'Client', driver: 'Driver' } as const;

/** The owner must be the company's own: another company's passenger, client or driver is not found. */
export async function ownerMustExist(ctx: Ctx, owner: Owner): Promise<void> {
  const table = ownerTables[owner.kind];
  const [row] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, ctx.session.companyId), eq(table.id, owner.id)));
  if (!row) throw notFound(`${ownerNames[owner.kind]} ${owner.id}`);
}

const ownedBy = (ctx: Ctx, owner: Owner) =>
  and(
    eq(paymentCards.companyId, ctx.session.companyId),
    eq(paymentCards.ownerKind, owner.kind),
    eq(paymentCards.ownerId, owner.id),
  );

const newestFirst = [desc(paymentCards.isDefault), desc(paymentCards.createdAt), desc(paymentCards.id)];

/** Every card of one or more owners, the default first, then the newest. */
export async function cardsOf(ctx: Ctx, owners: Owner[]): Promise<SavedCard[]> {
  if (!owners.length) return [];
  const rows = await ctx.db
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, ctx.session.companyId),
        sql`(${sql.join(
          owners.map((o) => sql`(${paymentCards.ownerKind} = ${o.kind} and ${paymentCards.ownerId} = ${o.id})`),
          sql` or `,
        )})`,
      ),
    )
    .orderBy(...newestFirst);
  return rows;
}

/** One page of an owner's cards (the spec's table summaries). */
export function cardsPage(ctx: Ctx, owner: Owner, params: { page: number; perPage: number }) {
  const where = ownedBy(ctx, owner);
  return listPage(params, {
    count: () => countRows(ctx.db, sql`${paymentCards}`, where),
    rows: async (limit, offset) =>
      (
        await ctx.db
          .select()
          .from(paymentCards)
          .where(where)
          .orderBy(...newestFirst)
          .limit(limit)
          .offset(offset)
      ).map(toSavedCardRow),
  });
}

/**
 * A card by id among the owner kinds a call may touch (a passenger call never reaches a client's
 * card), or of one owner; anything else is "not found", as another company's card is.
 */
export async function cardById(ctx: Ctx, id: number, kinds: CardOwnerKind[], owner?: Owner): Promise<SavedCard> {
  const [card] = await ctx.db
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, ctx.session.companyId),
        eq(paymentCards.id, id),
        inArray(paymentCards.ownerKind, kinds),
        owner ? eq(paymentCards.ownerId, owner.id) : undefined,
      ),
    );
  if (!card) throw notFound(`Card ${id}`);
  return card;
}

/** One owner's cards change one call at a time, so two calls at once never leave two defaults. */
async function lockOwner(ctx: Ctx, owner: Owner) {
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(${ctx.session.companyId}, hashtext(${`cards:${owner.kind}:${owner.id}`}))`,
  );
}

const ownerOf = (card: SavedCard): Owner => ({ kind: card.ownerKind, id: card.ownerId });

async function audit(ctx: Ctx, card: SavedCard, action: string, before: string | null, after: string | null) {
  await recordAudit(ctx, {
    entityType: card.ownerKind,
    entityId: card.ownerId,
    action,
    source: ctx.session.kind === 'driver' ? 'driver' : 'office',
    changes: { card: { before, after } },
  });
}

const shown = (c: SavedCard) => `${c.brand} •••• ${c.last4}`;

/**
 * Saves a card from the provider's one-time token: the owner's customer at the provider, the token
 * attached to it (the provider answers brand, last four digits and expiry), kept as the owner's card.
 */
export async function addCardFromToken(
  ctx: Ctx,
  owner: Owner,
  input: { token: string; holderName?: string | null | undefined; isDefault?: boolean | undefined },
): Promise<SavedCard> {
  await ownerMustExist(ctx, owner);
  const customerRef = await ensureCustomer(ctx, owner);
  const attached = await attachToken(
    ctx,
    customerRef,
    input.token,
    `c${ctx.session.companyId}:${owner.kind}:${owner.id}`,
  );
  if (isExpired(attached.expMonth, attached.expYear)) {
    // Not kept, so not left attached at the provider either.
    const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
    await provider.detachCard(attached.id).catch(() => undefined);
    throw fieldError('token', 'expired', `${cardWords(attached.brand, attached.last4)} has expired: save a valid card`);
  }
  const card = await saveCard(ctx, owner, customerRef, attached, input.holderName || null, input.isDefault === true);
  await audit(ctx, card, 'card_added', null, shown(card));
  return card;
}

/** Makes a card its owner's one default; an expired card cannot be the default. */
export async function makeDefault(ctx: Ctx, card: SavedCard): Promise<SavedCard> {
  if (isExpired(card.expMonth, card.expYear)) {
    throw fieldError('id', 'expired', `${cardWords(card.brand, card.last4)} has expired: it cannot be the default`);
  }
  const owner = ownerOf(card);
  await lockOwner(ctx, owner);
  await ctx.db
    .update(paymentCards)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(ownedBy(ctx, owner), ne(paymentCards.id, card.id), eq(paymentCards.isDefault, true)));
  const [made] = await ctx.db
    .update(paymentCards)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(and(ownedBy(ctx, owner), eq(paymentCards.id, card.id)))
    .returning();
  if (!made) throw notFound(`Card ${card.id}`);
  return made;
}

/** A card's holder name and, when asked, its default; the expiry changes only with a renewed card. */
export async function updateCard(
  ctx: Ctx,
  card: SavedCard,
  input: {
    holderName?: string | null | undefined;
    isDefault?: true | undefined;
    expiry?: { expMonth: number; expYear: number } | undefined;
  },
): Promise<SavedCard> {
  let current = card;
  if (input.holderName !== undefined || input.expiry) {
    const [row] = await ctx.db
      .update(paymentCards)
      .set({
        ...(input.holderName !== undefined ? { holderName: input.holderName || null } : {}),
        ...(input.expiry ?? {}),
        updatedAt: new Date(),
      })
      .where(and(ownedBy(ctx, ownerOf(card)), eq(paymentCards.id, card.id)))
      .returning();
    if (row) current = row;
  }
  if (input.isDefault) current = await makeDefault(ctx, current);
  return current;
}

/**
 * Deletes a card and detaches it at the provider; the newest other card takes over as the default.
 * The provider is told last, so a failure before it leaves the card attached and the row in place.
 */
export async function deleteCard(ctx: Ctx, card: SavedCard): Promise<void> {
  const owner = ownerOf(card);
  await lockOwner(ctx, owner);
  await ctx.db.delete(paymentCards).where(and(ownedBy(ctx, owner), eq(paymentCards.id, card.id)));
  if (card.isDefault) {
    const [next] = await ctx.db
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(ownedBy(ctx, owner))
      .orderBy(desc(paymentCards.createdAt), desc(paymentCards.id))
      .limit(1);
    if (next) {
      await ctx.db
        .update(paymentCards)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(and(ownedBy(ctx, owner), eq(paymentCards.id, next.id)));
    }
  }
  await audit(ctx, card, 'card_removed', shown(card), null);
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  // A card saved with another provider, or a driver's card kept from before the provider, is not there.
  if (card.provider !== provider.name) return;
  try {
    await provider.detachCard(card.cardRef);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return;
    providerFailure(error);
  }
}

/** Whether a card can be charged now, and why not in words. */
export function validityOf(card: SavedCard) {
  const expired = isExpired(card.expMonth, card.expYear);
  return {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    isExpired: expired,
    isDefault: card.isDefault,
    canCharge: !expired,
    reason: expired
      ? `${cardWords(card.brand, card.last4)} expired at the end of ${String(card.expMonth).padStart(2, '0')}/${card.expYear}: it cannot be charged. Save a renewed card.`
      : null,
  };
}
