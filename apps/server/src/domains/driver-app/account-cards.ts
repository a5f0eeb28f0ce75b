import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { saveCard } from '../payments/cards-at-provider';
import { ensureCustomer } from '../payments/customers';
import {
  addCardFromToken,
  cardById,
  cardsPage,
  deleteCard,
  type Owner,
  type SavedCard,
  toSavedCardRow,
  updateCard,
} from '../payments/saved-cards';
import { recordAudit } from '../audit/record';
import { signedInDriverId, type Ctx } from './signed-in-driver';

/** The driver app's card row: the same as before the cards moved to the one card table. */
const toDriverRow = (row: ReturnType<typeof toSavedCardRow>) => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  holderName: row.holderName,
  isDefault: row.isDefault,
  createdAt: row.createdAt,
});
const toCardRow = (c: SavedCard) => toDriverRow(toSavedCardRow(c));

const me = (ctx: Ctx): Owner => ({ kind: 'driver', id: signedInDriverId(ctx) });

/** One of the driver's own cards; another driver's card is "not found". */
const ownCard = (ctx: Ctx, id: number) => cardById(ctx, id, ['driver'], me(ctx));

/** A token the provider's card form made (the offline form's, or a Stripe PaymentMethod). */
const isProviderToken = (token: string) => /^tok_offline_\d{16}_\d{2}_\d{4}$/.test(token) || /^pm_\w+$/.test(token);

/** Driver/GetTableSummaryDriverCreditCards */
export function listOwnCards(ctx: Ctx, input: z.output<typeof schemas.driverCardListInput>) {
  return cardsPage(ctx, me(ctx), input).then((page) => ({
    ...page,
    data: page.data.map(toDriverRow),
    allData: page.allData.map(toDriverRow),
  }));
}

/**
 * Driver/CreateCard. A token of the provider's card form is attached at the provider, which answers
 * brand, last four digits and expiry (the ones sent are not used). Any other token (a provider the
 * product does not talk to) is kept as sent with the brand, digits and expiry given, as before.
 */
export async function createOwnCard(ctx: Ctx, input: z.output<typeof schemas.driverCardCreateInput>) {
  const owner = me(ctx);
  let card: SavedCard;
  if (isProviderToken(input.providerToken)) {
    card = await addCardFromToken(ctx, owner, {
      token: input.providerToken,
      holderName: input.holderName,
      isDefault: input.isDefault,
    });
  } else {
    const customerRef = await ensureCustomer(ctx, owner);
    card = await saveCard(
      ctx,
      owner,
      customerRef,
      { id: input.providerToken, ...input },
      input.holderName || null,
      input.isDefault === true,
    );
    await recordAudit(ctx, {
      entityType: 'driver',
      entityId: owner.id,
      action: 'card_added',
      source: 'driver',
      changes: { card: { before: null, after: `${card.brand} •••• ${card.last4}` } },
    });
  }
  return { data: toCardRow(card), message: `${card.brand} card ending ${card.last4} saved.` };
}

/** Driver/UpdateCard: the holder name, the expiry, or the default; the token and digits never change. */
export async function updateOwnCard(ctx: Ctx, input: z.output<typeof schemas.driverCardUpdateInput>) {
  const before = await ownCard(ctx, input.id);
  const card = await updateCard(ctx, before, {
    holderName: input.holderName,
    isDefault: input.isDefault,
    expiry:
      input.expMonth !== undefined && input.expYear !== undefined
        ? { expMonth: input.expMonth, expYear: input.expYear }
        : undefined,
  });
  return { data: toCardRow(card), message: `${card.brand} card ending ${card.last4} saved.` };
}

/** Driver/DeleteCard: detached at the provider; the newest remaining card inherits the default. */
export async function deleteOwnCard(ctx: Ctx, id: number) {
  const card = await ownCard(ctx, id);
  await deleteCard(ctx, card);
  return { data: { id }, message: `${card.brand} card ending ${card.last4} removed.` };
}
