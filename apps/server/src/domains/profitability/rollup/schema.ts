import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * The client profitability's daily rollup (docs/reports.md#profitability-rollup): per company day of
 * pick-up and client, the sums `figuresOf` makes of the client's bookings and their money. It is filled
 * and refreshed with the reports' rollup (same change log, same fill state, `reports/rollup`), so a
 * day changed since — by a booking, a payment, an invoice, a statement, an expense or a journal entry —
 * is read from the bookings until it is summed again.
 */
export const profitDays = pgTable(
  'profit_days',
  {
    companyId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    clientId: integer().notNull(),
    bookings: integer().notNull(),
    invbookings: integer().notNull(),
    cmpbookings: integer().notNull(),
    ftrbookings: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    invamount: bigint({ mode: 'number' }).notNull(),
    cmpamount: bigint({ mode: 'number' }).notNull(),
    revenue: bigint({ mode: 'number' }).notNull(),
    pay: bigint({ mode: 'number' }).notNull(),
    expenses: bigint({ mode: 'number' }).notNull(),
    ledgerRevenue: bigint({ mode: 'number' }).notNull(),
    differing: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.clientId] })],
);
