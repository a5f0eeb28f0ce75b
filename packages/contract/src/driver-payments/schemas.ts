import { z } from 'zod';
import { id, isoDate, isoDateTime, listInput, optionalRef, requiredText, text, wholeNumber } from '../fields';

/*
 * Driver statements: generating, approving and settling (docs/driver-pay.md#statements-and-calls).
 * Amounts are integer minor units of the company currency (names end in `Minor`).
 */

export const driverStatementStatuses = ['generated', 'attention', 'approved', 'settled'] as const;
export const driverSettlementMethods = ['bank', 'cash'] as const;

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

/** How many statements one approval or settlement may name at once. */
export const STATEMENT_BATCH_LIMIT = 200;
/** The longest period one generation covers. */
export const MAX_STATEMENT_DAYS = 62;

const statementIds = z
  .array(id(), { error: 'must be a list of statement ids' })
  .min(1, 'must name at least one statement')
  .max(STATEMENT_BATCH_LIMIT, `must name at most ${STATEMENT_BATCH_LIMIT} statements`);

const days = (v: { fromDate: string; toDate: string }) =>
  (Date.parse(`${v.toDate}T00:00:00Z`) - Date.parse(`${v.fromDate}T00:00:00Z`)) / 86_400_000;

export const eligibleDriversInput = listInput({ fromDate: isoDate(), toDate: isoDate() }).refine((v) => days(v) >= 0, {
  path: ['toDate'],
  message: 'must not be before fromDate',
});

/** A driver with validated jobs of the period on no statement. */
export const eligibleDriverRow = z.object({
  driverId: z.number(),
  driverName: z.string(),
  callsign: z.string().nullable(),
  jobCount: z.number(),
  estimatedNetMinor: z.number().describe('What the statement would net now: > 0 pay to the driver, < 0 collect'),
  Dates: z.string().describe('The period checked, "fromDate to toDate" (the spec’s store reads it)'),
  CHECKED: z.boolean().describe('The driver was checked for eligibility for the period (always true here)'),
});

export const generateInput = z
  .object({
    fromDate: isoDate(),
    toDate: isoDate(),
    driverIDs: z
      .array(id(), { error: 'must be a list of driver ids' })
      .max(5000, 'must name at most 5000 drivers')
      .optional(),
  })
  .refine((v) => days(v) >= 0, { path: ['toDate'], message: 'must not be before fromDate' })
  .refine((v) => days(v) < MAX_STATEMENT_DAYS, {
    path: ['toDate'],
    message: `must be less than ${MAX_STATEMENT_DAYS} days after fromDate`,
  });

export const statementListInput = listInput({
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  driverID: optionalRef(),
  statusID: oneOf(driverStatementStatuses).optional(),
});

/** A statement as the lists show it. */
export const statementRow = z.object({
  id: z.number(),
  statementNo: z.string().nullable().describe('DS-2026-00001 once approved; null before'),
  status: oneOf(driverStatementStatuses),
  attentionReasons: z.array(z.string()),
  driverId: z.number(),
  driverName: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  jobCount: z.number(),
  earnedMinor: z.number(),
  cashCollectedMinor: z.number(),
  expensesMinor: z.number(),
  adjustmentsMinor: z.number(),
  bonusesMinor: z.number(),
  deductionsMinor: z.number(),
  netMinor: z.number(),
  payToDriverMinor: z.number(),
  collectFromDriverMinor: z.number(),
  settledMinor: z.number(),
  dueMinor: z.number().describe('What is left to pay to or collect from the driver'),
  approvedAt: z.string().nullable(),
  version: z.number(),
});

export const statementJobRow = z.object({
  id: z.number(),
  bookingId: z.number(),
  pickupAt: z.string(),
  fareMinor: z.number(),
  paymentMethod: z.string(),
  payMinor: z.number(),
  modelId: z.number().nullable(),
  modelVersion: z.number().nullable(),
  correctionReason: z.string().nullable(),
  breakdown: z.record(z.string(), z.unknown()).nullable(),
});

export const statementLineRow = z.object({
  id: z.number(),
  statementId: z.number(),
  kind: z.string(),
  amountMinor: z.number(),
  reason: z.string(),
  bookingId: z.number().nullable(),
  createdAt: z.string(),
});

export const statementDetails = statementRow.extend({
  jobs: z.array(statementJobRow),
  lines: z.array(statementLineRow),
  bonusItems: z.array(z.record(z.string(), z.unknown())),
  deductionItems: z.array(z.record(z.string(), z.unknown())),
});

/** A generation of many drivers run after the call, and its progress. */
export const payRun = z.object({
  id: z.number(),
  status: oneOf(['running', 'done', 'failed'] as const),
  periodFrom: z.string(),
  periodTo: z.string(),
  driversTotal: z.number(),
  driversDone: z.number(),
  statementsMade: z.number(),
  replaced: z.number(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** A statement e-mailed to its driver. */
export const sentStatementEmail = z.object({
  statementId: z.number(),
  statementNo: z.string(),
  sentTo: z.string().describe('The driver’s e-mail address the statement went to'),
});

export const generatedAnswer = z.object({
  run: payRun.nullable().describe('Set when the drivers are many: the statements are made after the call'),
  made: z.number().describe('Statements made'),
  replaced: z.number().describe('Not-yet-approved statements of the period made again'),
  statements: z.array(statementRow),
});

export const adjustmentInput = z.object({
  statementId: id(),
  amountMinor: wholeNumber({ min: -1_000_000_00, max: 1_000_000_00 }).refine((v) => v !== 0, 'must not be 0'),
  reason: requiredText(500),
});

export const adjustmentListInput = listInput({ statementId: id() });

export const jobPayInput = z.object({
  statementId: id(),
  bookingId: id(),
  payMinor: wholeNumber({ min: 0, max: 1_000_000_00 }),
  reason: requiredText(500),
});

export const statementIdsInput = z.object({ ids: statementIds });

export const approvedAnswer = z.object({ statements: z.array(statementRow) });

const paymentFields = {
  method: oneOf(driverSettlementMethods),
  reference: text(200).optional(),
  paidAt: isoDateTime().optional(),
};

export const settleInput = z.object({ ids: statementIds, ...paymentFields });

export const paymentInput = z.object({
  statementId: id(),
  amountMinor: wholeNumber({ min: 1, max: 1_000_000_000_00 }),
  ...paymentFields,
});

export const settlementRow = z.object({
  id: z.number(),
  statementId: z.number(),
  statementNo: z.string().nullable(),
  driverId: z.number(),
  driverName: z.string(),
  kind: z.enum(['bill', 'invoice']),
  amountMinor: z.number(),
  method: z.string(),
  reference: z.string().nullable(),
  paidAt: z.string(),
  journalEntryId: z.number(),
});

export const settledAnswer = z.object({
  statements: z.array(statementRow),
  payments: z.array(settlementRow),
});

export const paymentListInput = listInput({ statementId: optionalRef(), driverID: optionalRef() });

export const paymentTotalsInput = listInput({
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  driverID: optionalRef(),
});

/** Per driver: what approved statements owe one way, what is paid of it and what is left. */
export const paymentTotalRow = z.object({
  driverId: z.number(),
  driverName: z.string(),
  statements: z.number(),
  totalMinor: z.number(),
  paidMinor: z.number(),
  dueMinor: z.number(),
});

export const paymentAnswer = z.object({ statement: statementRow, payment: settlementRow });

export const deductionListInput = paymentTotalsInput;

/** A deduction taken on an approved statement. */
export const deductionRow = z.object({
  statementId: z.number(),
  statementNo: z.string().nullable(),
  driverId: z.number(),
  driverName: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  deductionId: z.number().nullable(),
  name: z.string(),
  amountMinor: z.number(),
});
