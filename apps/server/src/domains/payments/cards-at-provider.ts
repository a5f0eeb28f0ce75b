import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CardOwnerKind } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, fieldError, notFound } from '../../platform/http/errors';
import { ProviderError } from './provider/types';
import { paymentCards } from './schema';
import { cardProvidersOf } from './providers';

type Ctx = CallContext<Session>;

/** How a card is named to people: "Visa ending 4242". */
export const cardWords = (brand: string | null, last4: string | null) =>
  last4 ? `${brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card'} ending ${last4}` : 'the card';

/** A provider refusal in the product's words: a card's answer is 402, a wrong request 409, a missing object 404. */
export function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    const status = error.status === 402 ? 402 : error.status === 404 ? 404 : 409;
    throw new AppError(status, error.message, undefined, { providerCode: error.code });
  }
  if (error instanceof AppError) throw error;
  // A time-out or a provider fault: nothing here was kept, and a retry sends the same idempotency key.
  throw new AppError(
    503,
    'The card provider did not answer. Nothing was charged twice: try again and the same payment is picked up.',
  );
}

/**
 * Which card pays: a saved card of the payer (never an expired one), a new card's one-time token, or
 * a card already attached at the provider that paid this booking before (the rest of a final price).
 */
export type CardChoice =
  | { cardId: number }
  | { token: string; save: boolean }
  | { attached: { cardRef: string; brand: string | null; last4: string | null } };

async function savedCard(ctx: Ctx, cardId: number, owner: { kind: CardOwnerKind; id: number }) {
  const [card] = await ctx.db
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.companyId, ctx.session.companyId),
        eq(paymentCards.id, cardId),
        eq(paymentCards.ownerKind, owner.kind),
        eq(paymentCards.ownerId, owner.id),
      ),
    );
  if (!card) {
    throw notFound(`Card ${cardId} of this booking's ${owner.kind === 'client' ? 'client' : 'passenger'}`);
  }
  if (isExpired(card.expMonth, card.expYear)) {
    throw fieldError('cardId', 'expired', `${cardWords(card.brand, card.last4)} has expired: choose another card`);
  }
  return card;
}

/** A card runs to the end of its expiry month. */
export function isExpired(month: number, year: number, now = new Date()): boolean {
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export interface CardUsed {
  id: number | null;
  cardRef: string;
  brand: string;
  last4: string;
}

export async function cardFor(
  ctx: Ctx,
  choice: CardChoice,
  owner: { kind: CardOwnerKind; id: number },
  customerRef: string,
  key: string,
): Promise<CardUsed> {
  if ('cardId' in choice) {
    const card = await savedCard(ctx, choice.cardId, owner);
    return { id: card.id, cardRef: card.cardRef, brand: card.brand, last4: card.last4 };
  }
  if ('attached' in choice) {
    const { cardRef, brand, last4 } = choice.attached;
    return { id: null, cardRef, brand: brand ?? 'card', last4: last4 ?? '0000' };
  }
  const attached = await attachToken(ctx, customerRef, choice.token, key);
  if (!choice.save) return { id: null, cardRef: attached.id, brand: attached.brand, last4: attached.last4 };
  const saved = await saveCard(ctx, owner, customerRef, attached, null, false);
  return { id: saved.id, cardRef: saved.cardRef, brand: saved.brand, last4: saved.last4 };
}

/** Saves a card the provider's card form made (a one-time token) to the customer at the provider. */
export async function attachToken(ctx: Ctx, customerRef: string, token: string, key: string) {
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  try {
    return await provider.attachCard({
      idempotencyKey: `${key}:attach:${createHash('sha256').update(token).digest('hex').slice(0, 24)}`,
      customerId: customerRef,
      token,
    });
  } catch (error) {
    if (error instanceof ProviderError && error.status !== 402) {
      throw fieldError('token', 'card', error.message);
    }
    providerFailure(error);
  }
}

/** Keeps a card attached at the provider as a saved card of its owner; the first card is the default. */
export async function saveCard(
  ctx: Ctx,
  owner: { kind: CardOwnerKind; id: number },
  customerRef: string,
  attached: { id: string; brand: string; last4: string; expMonth: number; expYear: number },
  holderName: string | null,
  makeDefault: boolean,
) {
  const { provider } = await cardProvidersOf(ctx.services).forCompany(ctx.session.companyId);
  const own = and(
    eq(paymentCards.companyId, ctx.session.companyId),
    eq(paymentCards.ownerKind, owner.kind),
    eq(paymentCards.ownerId, owner.id),
  );
  // One card at a time per owner decides which is the default.
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(${ctx.session.companyId}, hashtext(${`cards:${owner.kind}:${owner.id}`}))`,
  );
  const [has] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentCards)
    .where(and(own, eq(paymentCards.isDefault, true)));
  const isDefault = makeDefault || (has?.n ?? 0) === 0;
  if (isDefault) {
    await ctx.db
      .update(paymentCards)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(own, eq(paymentCards.isDefault, true)));
  }
  const [card] = await ctx.db
    .insert(paymentCards)
    .values({
      companyId: ctx.session.companyId,
      ownerKind: owner.kind,
      ownerId: owner.id,
      provider: provider.name,
      customerRef,
      cardRef: attached.id,
      brand: attached.brand,
      last4: attached.last4,
      expMonth: attached.expMonth,
      expYear: attached.expYear,
      holderName,
      isDefault,
      createdBy: ctx.session.userId || null,
    })
    .returning();
  return card as typeof paymentCards.$inferSelect;
}
