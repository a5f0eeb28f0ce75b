import { z } from 'zod';
import { paymentStatuses } from '../bookings/status';
import { email, id, requiredText, text, wholeNumber } from '../fields';
import { cardPaymentStatuses, paymentTransactionKinds } from './status';

/** A positive amount in minor units (pence, cents). */
const amount = () => wholeNumber({ min: 1, max: 100_000_000 });

/** A one-time token of the provider's card form (Stripe.js `pm_…`, the offline form's `tok_offline_…`). */
export const cardToken = () =>
  z
    .string()
    .trim()
    .min(6, 'must be a card token from the card form')
    .max(200, 'must be at most 200 characters')
    .regex(/^[A-Za-z0-9_]+$/, 'must be a card token from the card form, never a card number')
    .refine((t) => !/^\d{12,19}$/.test(t), 'must be a card token from the card form, never a card number');

/** When a card is charged: `later` authorises now and captures at completion; `now` charges at once. */
export const captureWhen = z.enum(['now', 'later'], { error: 'must be now or later' });

/** A card payment of a booking as the product keeps it (never a card number). */
export const cardPaymentRow = z.object({
  id: z.number(),
  bookingId: z.number().nullable(),
  provider: z.string(),
  intentRef: z.string(),
  status: z.enum(cardPaymentStatuses),
  amount: z.number().describe('Asked or authorised, minor units'),
  captured: z.number(),
  refunded: z.number(),
  currency: z.string(),
  cardId: z.number().nullable(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One step of a booking's or an account's money. */
export const paymentTransactionRow = z.object({
  id: z.number(),
  bookingId: z.number().nullable(),
  clientId: z.number().nullable(),
  passengerId: z.number().nullable(),
  driverId: z.number().nullable(),
  kind: z.enum(paymentTransactionKinds),
  kindName: z.string(),
  method: z.string(),
  amount: z.number().describe('Minor units; a refund is negative'),
  currency: z.string(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  providerRef: z.string().nullable(),
  journalEntryId: z.number().nullable(),
  createdAt: z.string(),
  createdBy: z.number().nullable(),
});

export const bookingPaymentInput = z.object({ bookingId: id() });

/** PaymentTransaction/StripePayment: the office charges a saved card of the booking's payer. */
export const savedCardPaymentInput = z.object({
  bookingId: id(),
  cardId: id(),
  amount: amount().optional().describe('Minor units; what is left to pay when left out'),
  capture: captureWhen.optional().default('now'),
});

/** PaymentTransaction/StripePaymentTokenProvided and CreatePaymentIntent: a new card from the card form. */
export const tokenPaymentInput = z.object({
  bookingId: id(),
  token: cardToken(),
  saveCard: z.boolean().optional().default(false),
  amount: amount().optional().describe('Minor units; what is left to pay when left out'),
  capture: captureWhen.optional().default('later'),
});

export const refundInput = z.object({
  bookingId: id(),
  amount: amount().optional().describe('Minor units; all that was paid by card when left out'),
  reason: requiredText(300),
});

/** PaymentTransaction/AddPaymentTransaction: money the office took by hand for a booking. */
export const manualPaymentInput = z.object({
  bookingId: id(),
  amount: amount(),
  method: z.enum(['cash', 'bank_transfer', 'cheque'], { error: 'must be cash, bank_transfer or cheque' }),
  reference: text(100).optional(),
  note: text(300).optional(),
});

/** A saved card as a payment screen offers it (never a number). */
export const payerCard = z.object({
  id: z.number(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  isDefault: z.boolean(),
  isExpired: z.boolean(),
});

/** What a booking's money looks like now: paid, authorised, left to pay, the open payment link. */
export const bookingPaymentState = z.object({
  bookingId: z.number(),
  paymentStatus: z.enum(paymentStatuses),
  paymentMethod: z.string().nullable(),
  currency: z.string(),
  price: z.number().nullable(),
  paid: z.number(),
  authorised: z.number(),
  refunded: z.number(),
  due: z.number(),
  hasPayment: z.boolean(),
  openLink: z
    .object({ email: z.string(), amount: z.number(), expiresAt: z.string(), createdAt: z.string() })
    .nullable(),
  payments: z.array(cardPaymentRow),
  transactions: z.array(paymentTransactionRow),
  payerCards: z.array(payerCard).describe("The saved cards of the booking's payer, default first"),
});

export const paymentLinkInput = z.object({
  bookingId: id(),
  email: email().optional().describe("Where to send it; the payer's address when left out"),
  hours: wholeNumber({ min: 1, max: 720 }).optional().describe('How long the link works (72 when left out)'),
});

export const paymentLinkAnswer = z.object({
  id: z.number(),
  bookingId: z.number(),
  email: z.string(),
  amount: z.number(),
  currency: z.string(),
  expiresAt: z.string(),
  url: z.string().describe('The link, for the person who sent it (it is also in the e-mail)'),
});

export const expireLinkAnswer = z.object({ bookingId: z.number(), expired: z.number() });

/** The payment page of a link: the secret from the link's fragment. */
export const linkSecretInput = z.object({ token: requiredText(100) });

export const paymentLinkPage = z.object({
  state: z.enum(['valid', 'expired', 'paid']),
  companyName: z.string(),
  bookingId: z.number().describe("0 for an invoice's link"),
  invoiceNo: z.string().nullable().optional().describe("The invoice an invoice's link pays"),
  pickupAt: z.string(),
  pickup: z.string().nullable(),
  dropoff: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  expiresAt: z.string(),
  provider: z.enum(['offline', 'stripe']),
  publishableKey: z.string().nullable(),
});

export const linkCheckoutInput = z.object({ token: requiredText(100), cardToken: cardToken() });

export const checkoutAnswer = z.object({
  bookingId: z.number(),
  status: z.enum(cardPaymentStatuses),
  amount: z.number(),
  currency: z.string(),
  paidAt: z.string().nullable(),
});
