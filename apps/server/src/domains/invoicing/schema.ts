import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  creditNoteStatuses,
  creditSettlements,
  documentSeriesKinds,
  invoiceRunStatuses,
  invoiceStatuses,
} from '@cabdesk/contract';
import { companyColumn, idColumn, inList, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { bookings } from '../bookings/schema';
import { clients } from '../clients/schema';
import { driverExpenses } from '../driver-expenses/schema';
import { driverStatements } from '../driver-pay/schema';
import { passengers } from '../passengers/schema';
import { paymentTransactions } from '../payments/schema';

/**
 * How a company numbers a series of documents: `INV-2026-00042` is prefix `INV-`, the year, padding 5.
 * A missing row means the defaults (docs/invoicing.md#numbers).
 */
export const documentSeries = pgTable(
  'document_series',
  {
    companyId: companyColumn(),
    kind: text({ enum: documentSeriesKinds }).notNull(),
    prefix: text().notNull(),
    withYear: boolean().notNull().default(true),
    padding: smallint().notNull().default(5),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind] }),
    check('document_series_kind_check', inList(t.kind, documentSeriesKinds)),
    check('document_series_padding_check', sql`${t.padding} between 1 and 10`),
  ],
);

/**
 * The last number given in a series (per year when the number holds the year; else year 0). Locked
 * for update by the approval that takes the next one, so numbers are in order and without gaps.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    companyId: companyColumn(),
    kind: text({ enum: documentSeriesKinds }).notNull(),
    year: smallint().notNull(),
    lastNumber: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.year] }),
    check('document_counters_kind_check', inList(t.kind, documentSeriesKinds)),
  ],
);

/** An auto-generation of invoices for a period: what it made, for the progress shown and the next run. */
export const invoiceRuns = pgTable(
  'invoice_runs',
  {
    id: idColumn(),
    companyId: companyColumn(),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    /** Only this client's jobs; null for every client whose period it is. */
    clientId: integer(),
    status: text({ enum: invoiceRunStatuses }).notNull().default('running'),
    clientsTotal: integer().notNull().default(0),
    clientsDone: integer().notNull().default(0),
    invoicesMade: integer().notNull().default(0),
    error: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    createdBy: integer(),
  },
  (t) => [
    tenantKey('invoice_runs_company_id_key', t),
    index('invoice_runs_started_idx').on(t.companyId, t.startedAt),
    sameCompany(t, t.clientId, clients),
    check('invoice_runs_status_check', inList(t.status, invoiceRunStatuses)),
  ],
);

/**
 * A client's invoice. Amounts are the sums of its lines (integer minor units), kept by the code that
 * changes the lines; paid and credited grow with payments and credit notes. Issued (approved and
 * later) invoices never change their lines or amounts: a credit note corrects them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    companyId: companyColumn(),
    clientId: integer().notNull(),
    /** The passenger or reference an invoice split per passenger or per reference is for. */
    passengerId: integer(),
    splitReference: text(),
    status: text({ enum: invoiceStatuses }).notNull().default('draft'),
    attentionRequired: boolean().notNull().default(false),
    attentionReason: text(),
    /** The number in its series, given at approval; `invoiceNo` is how it reads. */
    number: integer(),
    numberYear: smallint(),
    invoiceNo: text(),
    periodFrom: date({ mode: 'string' }),
    periodTo: date({ mode: 'string' }),
    issueDate: date({ mode: 'string' }),
    dueDate: date({ mode: 'string' }),
    paymentTermsDays: smallint().notNull().default(30),
    currency: char({ length: 3 }).notNull(),
    netMinor: bigint({ mode: 'number' }).notNull().default(0),
    vatMinor: bigint({ mode: 'number' }).notNull().default(0),
    grossMinor: bigint({ mode: 'number' }).notNull().default(0),
    paidMinor: bigint({ mode: 'number' }).notNull().default(0),
    creditedMinor: bigint({ mode: 'number' }).notNull().default(0),
    /** The client's order or purchase reference printed on the invoice. */
    clientReference: text(),
    notes: text(),
    /** The parties as they were when issued (a later change of address does not rewrite the invoice). */
    issuedTo: jsonb().$type<{ name: string; address: string | null; vatNumber: string | null; email: string | null }>(),
    issuedBy: jsonb().$type<{ name: string; address: string | null; vatNumber: string | null }>(),
    runId: integer(),
    journalEntryId: integer(),
    approvedAt: timestamp({ withTimezone: true }),
    approvedBy: integer(),
    sentAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    tenantKey('invoices_company_id_key', t),
    uniqueIndex('invoices_number_key').on(t.companyId, t.numberYear, t.number),
    index('invoices_client_idx').on(t.companyId, t.clientId, t.createdAt),
    index('invoices_status_idx').on(t.companyId, t.status, t.createdAt),
    index('invoices_attention_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.attentionRequired}`),
    sameCompany(t, t.clientId, clients),
    sameCompany(t, t.passengerId, passengers),
    sameCompany(t, t.runId, invoiceRuns),
    check('invoices_status_check', inList(t.status, invoiceStatuses)),
    check('invoices_sums_check', sql`${t.grossMinor} = ${t.netMinor} + ${t.vatMinor}`),
    check(
      'invoices_settled_check',
      sql`${t.paidMinor} >= 0 and ${t.creditedMinor} >= 0 and ${t.paidMinor} + ${t.creditedMinor} <= greatest(${t.grossMinor}, 0)`,
    ),
    check(
      'invoices_issued_check',
      sql`(${t.status} = 'draft') = (${t.number} is null) and (${t.invoiceNo} is null) = (${t.number} is null)`,
    ),
  ],
);

/**
 * A line of an invoice: a job (at most one line in the whole company: a job is billed once) or a line
 * typed by hand. Its breakdown says how the price was made (the fare's items, an override and why).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: idColumn(),
    companyId: companyColumn(),
    invoiceId: integer().notNull(),
    bookingId: integer(),
    /** A line billing a driver's expense the client pays (its booking is on the same invoice). */
    driverExpenseId: integer(),
    position: smallint().notNull(),
    serviceDate: date({ mode: 'string' }),
    description: text().notNull(),
    reference: text(),
    passengerName: text(),
    route: text(),
    quantity: integer().notNull().default(1),
    unitPriceMinor: bigint({ mode: 'number' }).notNull(),
    netMinor: bigint({ mode: 'number' }).notNull(),
    /** VAT rate in basis points (2000 = 20 %). */
    vatRateBp: integer().notNull(),
    vatMinor: bigint({ mode: 'number' }).notNull(),
    grossMinor: bigint({ mode: 'number' }).notNull(),
    /** The price the job was priced and earned at, when the line's price differs from it. */
    pricedGrossMinor: bigint({ mode: 'number' }),
    overrideReason: text(),
    breakdown: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('invoice_lines_company_id_key', t),
    index('invoice_lines_invoice_idx').on(t.companyId, t.invoiceId, t.position),
    uniqueIndex('invoice_lines_booking_key')
      .on(t.companyId, t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    sameCompany(t, t.invoiceId, invoices).onDelete('cascade'),
    sameCompany(t, t.bookingId, bookings),
    uniqueIndex('invoice_lines_driver_expense_key')
      .on(t.companyId, t.driverExpenseId)
      .where(sql`${t.driverExpenseId} is not null`),
    sameCompany(t, t.driverExpenseId, driverExpenses),
    check('invoice_lines_sums_check', sql`${t.grossMinor} = ${t.netMinor} + ${t.vatMinor}`),
    check('invoice_lines_quantity_check', sql`${t.quantity} > 0`),
    check('invoice_lines_vat_rate_check', sql`${t.vatRateBp} between 0 and 10000`),
  ],
);

/**
 * A credit note: always against one issued invoice, for all of it, some lines or an amount, with a
 * reason. Its own gap-free series; a draft may change, an issued note never does.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: idColumn(),
    companyId: companyColumn(),
    invoiceId: integer().notNull(),
    clientId: integer().notNull(),
    status: text({ enum: creditNoteStatuses }).notNull().default('draft'),
    number: integer(),
    numberYear: smallint(),
    creditNo: text(),
    reason: text().notNull(),
    settlement: text({ enum: creditSettlements }).notNull().default('reduceInvoice'),
    currency: char({ length: 3 }).notNull(),
    netMinor: bigint({ mode: 'number' }).notNull().default(0),
    vatMinor: bigint({ mode: 'number' }).notNull().default(0),
    grossMinor: bigint({ mode: 'number' }).notNull().default(0),
    issueDate: date({ mode: 'string' }),
    journalEntryId: integer(),
    issuedAt: timestamp({ withTimezone: true }),
    issuedBy: integer(),
    ...timestamps(),
  },
  (t) => [
    tenantKey('credit_notes_company_id_key', t),
    uniqueIndex('credit_notes_number_key').on(t.companyId, t.numberYear, t.number),
    index('credit_notes_invoice_idx').on(t.companyId, t.invoiceId),
    index('credit_notes_client_idx').on(t.companyId, t.clientId, t.createdAt),
    sameCompany(t, t.invoiceId, invoices),
    sameCompany(t, t.clientId, clients),
    check('credit_notes_status_check', inList(t.status, creditNoteStatuses)),
    check('credit_notes_settlement_check', inList(t.settlement, creditSettlements)),
    check('credit_notes_sums_check', sql`${t.grossMinor} = ${t.netMinor} + ${t.vatMinor} and ${t.grossMinor} >= 0`),
    check('credit_notes_issued_check', sql`(${t.status} = 'draft') = (${t.number} is null)`),
  ],
);

/** A line of a credit note: a line of the invoice (all or part of it) or an amount at a VAT rate. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: idColumn(),
    companyId: companyColumn(),
    creditNoteId: integer().notNull(),
    invoiceLineId: integer(),
    description: text().notNull(),
    netMinor: bigint({ mode: 'number' }).notNull(),
    vatRateBp: integer().notNull(),
    vatMinor: bigint({ mode: 'number' }).notNull(),
    grossMinor: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    tenantKey('credit_note_lines_company_id_key', t),
    index('credit_note_lines_note_idx').on(t.companyId, t.creditNoteId),
    sameCompany(t, t.creditNoteId, creditNotes).onDelete('cascade'),
    sameCompany(t, t.invoiceLineId, invoiceLines),
    check('credit_note_lines_sums_check', sql`${t.grossMinor} = ${t.netMinor} + ${t.vatMinor} and ${t.grossMinor} > 0`),
  ],
);

/**
 * Money applied to an invoice: from a client's payment (a `payment_transactions` row: card, bank
 * transfer, cheque…) or from client credit a credit note made. What a payment leaves unapplied is the
 * client's credit.
 */
export const invoiceAllocations = pgTable(
  'invoice_allocations',
  {
    id: idColumn(),
    companyId: companyColumn(),
    invoiceId: integer().notNull(),
    paymentTransactionId: integer(),
    creditNoteId: integer(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: integer(),
  },
  (t) => [
    tenantKey('invoice_allocations_company_id_key', t),
    index('invoice_allocations_invoice_idx').on(t.companyId, t.invoiceId),
    index('invoice_allocations_payment_idx').on(t.companyId, t.paymentTransactionId),
    index('invoice_allocations_credit_idx').on(t.companyId, t.creditNoteId),
    sameCompany(t, t.invoiceId, invoices),
    sameCompany(t, t.paymentTransactionId, paymentTransactions),
    sameCompany(t, t.creditNoteId, creditNotes),
    check('invoice_allocations_amount_check', sql`${t.amountMinor} > 0`),
    check('invoice_allocations_source_check', sql`num_nonnulls(${t.paymentTransactionId}, ${t.creditNoteId}) = 1`),
  ],
);

/**
 * A document as it was given to the client (the invoice's or credit note's PDF and XLSX, a receipt),
 * stored once with its SHA-256: the same bytes can always be shown again.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: idColumn(),
    companyId: companyColumn(),
    invoiceId: integer(),
    creditNoteId: integer(),
    bookingId: integer(),
    /** A driver's self-billing statement (driver pay), stored once when it is first asked for after approval. */
    driverStatementId: integer(),
    /** invoicePdf, invoiceXlsx, creditNotePdf, receiptPdf, driverStatementPdf. */
    kind: text().notNull(),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    byteSize: integer().notNull(),
    sha256: char({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('issued_documents_company_id_key', t),
    uniqueIndex('issued_documents_invoice_key')
      .on(t.companyId, t.invoiceId, t.kind)
      .where(sql`${t.invoiceId} is not null`),
    uniqueIndex('issued_documents_credit_note_key')
      .on(t.companyId, t.creditNoteId, t.kind)
      .where(sql`${t.creditNoteId} is not null`),
    uniqueIndex('issued_documents_driver_statement_key')
      .on(t.companyId, t.driverStatementId, t.kind)
      .where(sql`${t.driverStatementId} is not null`),
    index('issued_documents_booking_idx').on(t.companyId, t.bookingId),
    sameCompany(t, t.invoiceId, invoices),
    sameCompany(t, t.creditNoteId, creditNotes),
    sameCompany(t, t.bookingId, bookings),
    sameCompany(t, t.driverStatementId, driverStatements),
    check('issued_documents_sha_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
