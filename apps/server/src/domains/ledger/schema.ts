import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, inList, sameCompany, tenantKey } from '../../platform/db/columns';

/**
 * The kinds of account of a company's journal (docs/ledger.md). The first five have an owner (the
 * client, passenger or driver); the others are one per company. `clientUnbilled` holds a client's
 * account jobs done but not yet on an issued invoice.
 */
export const accountKinds = [
  'clientReceivable',
  'clientUnbilled',
  'passengerReceivable',
  'driverBalance',
  'driverCash',
  'cardClearing',
  'bank',
  'revenue',
  'vatPayable',
  'discounts',
  'driverPay',
  'driverDeductions',
] as const;
export type AccountKind = (typeof accountKinds)[number];

/** An account of the journal; its balance is the sum of its lines (debits positive). */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idColumn(),
    companyId: companyColumn(),
    kind: text({ enum: accountKinds }).notNull(),
    /** The client, passenger or driver an owned account belongs to; 0 for a company-wide account. */
    ownerId: integer().notNull().default(0),
    /** An owned account's sum of its lines, kept in the same transaction as every line; 0 on a company-wide account, whose balance is the sum of its lines when read (docs/ledger.md#balances). */
    balanceMinor: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('ledger_accounts_company_id_key', t),
    uniqueIndex('ledger_accounts_owner_key').on(t.companyId, t.kind, t.ownerId),
    check('ledger_accounts_kind_check', inList(t.kind, accountKinds)),
  ],
);

/** One movement of money: its lines add up to zero; written once, never changed (a correction reverses it). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: idColumn(),
    companyId: companyColumn(),
    /** What moved the money: cardPayment, refund, cashCollection, manualPayment, reversal, … */
    kind: text().notNull(),
    description: text().notNull(),
    bookingId: integer(),
    /** The entry this one reverses; an entry is reversed at most once. */
    reversesEntryId: integer(),
    /** A caller's key: the same key answers the entry already posted instead of a second one. */
    idempotencyKey: text(),
    postedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: integer(),
  },
  (t) => [
    tenantKey('journal_entries_company_id_key', t),
    uniqueIndex('journal_entries_reverses_key').on(t.companyId, t.reversesEntryId),
    uniqueIndex('journal_entries_idempotency_key').on(t.companyId, t.idempotencyKey),
    index('journal_entries_booking_idx').on(t.companyId, t.bookingId),
    sameCompany(t, t.reversesEntryId, { companyId: t.companyId, id: t.id }),
  ],
);

/** A line of an entry: an amount in minor units on one account, debit positive, credit negative. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    entryId: integer().notNull(),
    accountId: integer().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.companyId, t.entryId),
    index('journal_lines_account_idx').on(t.companyId, t.accountId, t.entryId),
    sameCompany(t, t.entryId, journalEntries),
    sameCompany(t, t.accountId, ledgerAccounts),
    check('journal_lines_amount_check', sql`${t.amountMinor} <> 0`),
  ],
);
