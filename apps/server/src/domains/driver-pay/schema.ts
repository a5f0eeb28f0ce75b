import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, inList, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { journalEntries } from '../ledger/schema';

/** A statement's life (docs/driver-pay.md#statements-and-calls): only generated and attention ones change. */
export const statementStatuses = ['generated', 'attention', 'approved', 'settled'] as const;
export type StatementStatus = (typeof statementStatuses)[number];

export const payRunStatuses = ['running', 'done', 'failed'] as const;

export const statementLineKinds = ['adjustment', 'correction', 'expense'] as const;
export const settlementKinds = ['bill', 'invoice'] as const;
export const settlementMethods = ['bank', 'cash'] as const;

/** A driver's statement for a period of company days: the netting of docs/driver-pay.md, in minor units. */
export const driverStatements = pgTable(
  'driver_statements',
  {
    id: idColumn(),
    companyId: companyColumn(),
    driverId: integer().notNull(),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    status: text({ enum: statementStatuses }).notNull().default('generated'),
    attentionReasons: jsonb().$type<string[]>().notNull().default([]),
    /** Taken from the 'driverStatement' series on approval; null before. */
    number: integer(),
    numberYear: integer(),
    statementNo: text(),
    earnedMinor: bigint({ mode: 'number' }).notNull().default(0),
    cashCollectedMinor: bigint({ mode: 'number' }).notNull().default(0),
    expensesMinor: bigint({ mode: 'number' }).notNull().default(0),
    adjustmentsMinor: bigint({ mode: 'number' }).notNull().default(0),
    bonusesMinor: bigint({ mode: 'number' }).notNull().default(0),
    deductionsMinor: bigint({ mode: 'number' }).notNull().default(0),
    netMinor: bigint({ mode: 'number' }).notNull().default(0),
    payToDriverMinor: bigint({ mode: 'number' }).notNull().default(0),
    collectFromDriverMinor: bigint({ mode: 'number' }).notNull().default(0),
    /** What settlements (bill or invoice payments, reversals counted) have paid of the amount due. */
    settledMinor: bigint({ mode: 'number' }).notNull().default(0),
    bonusItems: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    deductionItems: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    journalEntryId: integer(),
    approvedBy: integer(),
    approvedAt: timestamp({ withTimezone: true }),
    version: integer().notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    tenantKey('driver_statements_company_id_key', t),
    index('driver_statements_driver_idx').on(t.companyId, t.driverId, t.periodFrom),
    index('driver_statements_status_idx').on(t.companyId, t.status),
    uniqueIndex('driver_statements_number_key').on(t.companyId, t.numberYear, t.number),
    sameCompany(t, t.driverId, drivers),
    sameCompany(t, t.journalEntryId, journalEntries),
    check('driver_statements_status_check', inList(t.status, statementStatuses)),
    check('driver_statements_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
    check(
      'driver_statements_net_check',
      sql`${t.payToDriverMinor} >= 0 and ${t.collectFromDriverMinor} >= 0 and ${t.payToDriverMinor} - ${t.collectFromDriverMinor} = ${t.netMinor}`,
    ),
  ],
);

/** A job paid on a statement, with its pay breakdown. A job is on one statement only (the unique index). */
export const driverStatementJobs = pgTable(
  'driver_statement_jobs',
  {
    id: idColumn(),
    companyId: companyColumn(),
    statementId: integer().notNull(),
    bookingId: integer().notNull(),
    /** The validated price; null when the job has none (the statement needs a person). */
    fareMinor: bigint({ mode: 'number' }),
    paymentMethod: text().notNull(),
    payMinor: bigint({ mode: 'number' }).notNull(),
    modelId: integer(),
    modelVersion: integer(),
    /** payForJob's answer (items, considered, basis, via); a corrected pay keeps it and adds the correction. */
    breakdown: jsonb().$type<Record<string, unknown>>(),
    /** Why the pay was corrected by hand before approval. */
    correctionReason: text(),
  },
  (t) => [
    tenantKey('driver_statement_jobs_company_id_key', t),
    uniqueIndex('driver_statement_jobs_booking_key').on(t.companyId, t.bookingId),
    index('driver_statement_jobs_statement_idx').on(t.companyId, t.statementId),
    sameCompany(t, t.statementId, driverStatements),
    sameCompany(t, t.bookingId, bookings),
  ],
);

/** Adjustments (by hand, with a reason), corrections of jobs paid before, expenses paid back. */
export const driverStatementLines = pgTable(
  'driver_statement_lines',
  {
    id: idColumn(),
    companyId: companyColumn(),
    statementId: integer().notNull(),
    kind: text({ enum: statementLineKinds }).notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull(),
    /** A correction: the job paid on an earlier approved statement. */
    bookingId: integer(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('driver_statement_lines_company_id_key', t),
    index('driver_statement_lines_statement_idx').on(t.companyId, t.statementId),
    sameCompany(t, t.statementId, driverStatements),
    check('driver_statement_lines_kind_check', inList(t.kind, statementLineKinds)),
    check('driver_statement_lines_amount_check', sql`${t.amountMinor} <> 0`),
  ],
);

/** Money paid to a driver ('bill') or taken from them ('invoice') against an approved statement. */
export const driverStatementSettlements = pgTable(
  'driver_statement_settlements',
  {
    id: idColumn(),
    companyId: companyColumn(),
    statementId: integer().notNull(),
    kind: text({ enum: settlementKinds }).notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    method: text({ enum: settlementMethods }).notNull(),
    reference: text(),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    journalEntryId: integer().notNull(),
    /** The reversing entry when the payment was deleted; a deleted payment no longer counts. */
    reversalEntryId: integer(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('driver_statement_settlements_company_id_key', t),
    index('driver_statement_settlements_statement_idx').on(t.companyId, t.statementId),
    sameCompany(t, t.statementId, driverStatements),
    sameCompany(t, t.journalEntryId, journalEntries),
    check('driver_statement_settlements_kind_check', inList(t.kind, settlementKinds)),
    check('driver_statement_settlements_method_check', inList(t.method, settlementMethods)),
    check('driver_statement_settlements_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A generation of many drivers run as a job after the call (docs/driver-pay.md#statements-and-calls):
 * driver by driver, each in its own transaction; `driversDone` is where a retried run picks up.
 */
export const driverPayRuns = pgTable(
  'driver_pay_runs',
  {
    id: idColumn(),
    companyId: companyColumn(),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    driverIds: jsonb().$type<number[]>().notNull(),
    status: text({ enum: payRunStatuses }).notNull().default('running'),
    driversDone: integer().notNull().default(0),
    statementsMade: integer().notNull().default(0),
    replaced: integer().notNull().default(0),
    error: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    createdBy: integer(),
  },
  (t) => [
    tenantKey('driver_pay_runs_company_id_key', t),
    index('driver_pay_runs_started_idx').on(t.companyId, t.startedAt),
    check('driver_pay_runs_status_check', inList(t.status, payRunStatuses)),
  ],
);
