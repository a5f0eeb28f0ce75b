import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cardOwnerKinds, cardPaymentStatuses, paymentTransactionKinds } from '@cabdesk/contract';
import { companyColumn, idColumn, inList, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';

/** The provider's customer behind a passenger, client or driver: cards are saved to it. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: idColumn(),
    companyId: companyColumn(),
    ownerKind: text({ enum: cardOwnerKinds }).notNull(),
    ownerId: integer().notNull(),
    provider: text().notNull(),
    customerRef: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('payment_customers_company_id_key', t),
    uniqueIndex('payment_customers_owner_key').on(t.companyId, t.ownerKind, t.ownerId, t.provider),
    check('payment_customers_owner_kind_check', inList(t.ownerKind, cardOwnerKinds)),
  ],
);

/**
 * A saved card of a passenger, client or driver: the provider's reference and what may be shown
 * (brand, last four digits, expiry). A card number never reaches this table.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: idColumn(),
    companyId: companyColumn(),
    ownerKind: text({ enum: cardOwnerKinds }).notNull(),
    ownerId: integer().notNull(),
    provider: text().notNull(),
    customerRef: text(),
    cardRef: text().notNull(),
    brand: text().notNull(),
    last4: char({ length: 4 }).notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    holderName: text(),
    isDefault: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    tenantKey('payment_cards_company_id_key', t),
    index('payment_cards_owner_idx').on(t.companyId, t.ownerKind, t.ownerId),
    uniqueIndex('payment_cards_one_default_key')
      .on(t.companyId, t.ownerKind, t.ownerId)
      .where(sql`${t.isDefault}`),
    check('payment_cards_owner_kind_check', inList(t.ownerKind, cardOwnerKinds)),
    check('payment_cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_cards_month_check', sql`${t.expMonth} between 1 and 12`),
  ],
);

/**
 * A payment at the card provider (a payment intent) as the product last heard of it: what was asked,
 * authorised, captured and refunded. The provider's answers and events move it; `payment_transactions`
 * keeps every step.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: idColumn(),
    companyId: companyColumn(),
    bookingId: integer(),
    paymentLinkId: integer(),
    provider: text().notNull(),
    intentRef: text().notNull(),
    /** The key the intent was made with: a retry after a time-out finds the same intent. */
    idempotencyKey: text().notNull(),
    cardId: integer(),
    brand: text(),
    last4: char({ length: 4 }),
    payerKind: text({ enum: cardOwnerKinds }),
    payerId: integer(),
    status: text({ enum: cardPaymentStatuses }).notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    capturedMinor: bigint({ mode: 'number' }).notNull().default(0),
    refundedMinor: bigint({ mode: 'number' }).notNull().default(0),
    currency: char({ length: 3 }).notNull(),
    errorCode: text(),
    errorMessage: text(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('card_payments_company_id_key', t),
    uniqueIndex('card_payments_intent_key').on(t.companyId, t.intentRef),
    index('card_payments_booking_idx').on(t.companyId, t.bookingId),
    index('card_payments_created_idx').on(t.companyId, t.createdAt),
    // The Finance card list's search by a card's last four digits.
    index('card_payments_last4_idx').on(t.companyId, t.last4),
    sameCompany(t, t.bookingId, bookings),
    check('card_payments_status_check', inList(t.status, cardPaymentStatuses)),
    check(
      'card_payments_amounts_check',
      sql`${t.capturedMinor} >= 0 and ${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.capturedMinor}`,
    ),
  ],
);

/**
 * Every step money took for a booking or an account, in order: authorised, captured, charged,
 * released, refunded, collected in cash, paid by hand, declined. The journal entry it posted, if any.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: idColumn(),
    companyId: companyColumn(),
    bookingId: integer(),
    clientId: integer(),
    passengerId: integer(),
    driverId: integer(),
    cardPaymentId: integer(),
    kind: text({ enum: paymentTransactionKinds }).notNull(),
    /** How it was paid: the payment types list (cash, card, bank transfer, cheque, account). */
    method: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: char({ length: 3 }).notNull(),
    reference: text(),
    reason: text(),
    providerRef: text(),
    journalEntryId: integer(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('payment_transactions_company_id_key', t),
    index('payment_transactions_booking_idx').on(t.companyId, t.bookingId),
    sameCompany(t, t.bookingId, bookings),
    index('payment_transactions_created_idx').on(t.companyId, t.createdAt),
    index('payment_transactions_client_idx').on(t.companyId, t.clientId, t.createdAt),
    index('payment_transactions_passenger_idx').on(t.companyId, t.passengerId, t.createdAt),
    index('payment_transactions_driver_idx').on(t.companyId, t.driverId, t.createdAt),
    check('payment_transactions_kind_check', inList(t.kind, paymentTransactionKinds)),
  ],
);

/** The provider's events as they reached the webhook, once each (deduplicated by the provider's id). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: idColumn(),
    companyId: companyColumn(),
    provider: text().notNull(),
    eventRef: text().notNull(),
    type: text().notNull(),
    objectRef: text(),
    payload: jsonb().notNull(),
    /** What the product did with it: applied, unknown (not one of ours), ignored. */
    outcome: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('payment_events_company_id_key', t),
    uniqueIndex('payment_events_ref_key').on(t.companyId, t.provider, t.eventRef),
    index('payment_events_object_idx').on(t.companyId, t.objectRef),
    index('payment_events_received_idx').on(t.companyId, t.receivedAt),
  ],
);

/** A link mailed to a customer to pay a booking (or an invoice) by card; it expires and is paid once. */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: idColumn(),
    companyId: companyColumn(),
    bookingId: integer(),
    /** An invoice's link (docs/invoicing.md#payments) instead of a booking's. */
    invoiceId: integer(),
    secretHash: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: char({ length: 3 }).notNull(),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    expiredAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantKey('payment_links_company_id_key', t),
    uniqueIndex('payment_links_secret_key').on(t.secretHash),
    index('payment_links_booking_idx').on(t.companyId, t.bookingId),
    sameCompany(t, t.bookingId, bookings),
    index('payment_links_invoice_idx').on(t.companyId, t.invoiceId),
    check('payment_links_target_check', sql`num_nonnulls(${t.bookingId}, ${t.invoiceId}) = 1`),
  ],
);
