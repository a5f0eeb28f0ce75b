import { z } from 'zod';
import { id, listInput, text } from '../fields';
import { cardOwnerKinds } from './status';
import { cardToken } from './schemas';

/** A name on a card: words, never a card number typed into the wrong field. */
const holderName = () =>
  text(100).refine((v) => !/(?:\d[ -]?){11,18}\d/.test(v), 'must be the name on the card, never its number');

/** A saved card as any call answers it: what may be shown, never a number or the provider's reference. */
export const savedCardRow = z.object({
  id: z.number(),
  ownerKind: z.enum(cardOwnerKinds),
  ownerId: z.number(),
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  holderName: z.string().nullable(),
  isDefault: z.boolean(),
  isExpired: z.boolean().describe('Past the end of its expiry month: it cannot be charged nor made the default'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const passengerCardsInput = z.object({ passengerID: id() });
export const clientCardsInput = z.object({ clientID: id() });
export const driverCardsInput = z.object({ driverID: id() });
export const passengerCardListInput = listInput({ passengerID: id() });
export const clientCardListInput = listInput({ clientID: id() });

export const savedCardList = z.array(savedCardRow);

const newCard = {
  token: cardToken(),
  holderName: holderName().optional(),
  isDefault: z.boolean().optional().describe('The first card of an owner is the default whatever this says'),
};

export const passengerCardCreateInput = z.object({ passengerID: id(), ...newCard });
export const clientCardCreateInput = z.object({ clientID: id(), ...newCard });
export const passengerCreditCardAddInput = z.object({
  passengerID: id(),
  token: cardToken(),
  isDefault: z.boolean().optional(),
});

/** A saved card's holder name or default; its expiry changes only by saving the renewed card. */
export const savedCardUpdateInput = z
  .looseObject({
    id: id(),
    holderName: holderName().nullable().optional(),
    isDefault: z.literal(true, { error: 'may only be true (make another card the default to move it)' }).optional(),
  })
  .superRefine((raw, ctx) => {
    for (const key of ['expMonth', 'expYear', 'token', 'last4', 'brand', 'cardNumber', 'number']) {
      if (key in raw) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'cannot be changed: save the renewed card from the card form instead',
        });
      }
    }
  });

export const customerIdAnswer = z.object({
  ownerKind: z.enum(cardOwnerKinds),
  ownerId: z.number(),
  provider: z.string(),
  customerId: z.string().describe("The provider's customer id (cus_… at Stripe); not a secret"),
});

export const cardValidity = z.object({
  id: z.number(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  isExpired: z.boolean(),
  isDefault: z.boolean(),
  canCharge: z.boolean(),
  reason: z.string().nullable().describe('Why the card cannot be charged, in words; null when it can'),
});
