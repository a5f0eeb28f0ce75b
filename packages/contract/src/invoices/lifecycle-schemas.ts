import { z } from 'zod';
import {
  flag,
  id,
  isoDate,
  listInput,
  money,
  optionalRef,
  requiredText,
  text,
  wholeNumber,
  clearable,
} from '../fields';
import { invoiceRunStatuses, invoiceStatuses } from './status';

/*
 * The schemas of an invoice's life from the jobs to bill to its approval (docs/invoicing.md#lifecycle).
 * Amounts are integer minor units (names end in `Minor`) with the invoice's `currency`.
 */

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(', ')}` });

const sortBy = <T extends readonly [string, ...string[]]>(columns: T) => oneOf(columns).optional();

/** How many ids one approval, unapproval or draft may name at once. */
export const INVOICE_BATCH_LIMIT = 200;

const ids = (what: string) =>
  z
    .array(id(), { error: `must be a list of ${what} ids` })
    .min(1, `must name at least one ${what}`)
    .max(INVOICE_BATCH_LIMIT, `must name at most ${INVOICE_BATCH_LIMIT} ${what}s`);

const period = {
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
};

export const invoiceSortColumns = [
  'createdAt',
  'issueDate',
  'dueDate',
  'invoiceNo',
  'clientName',
  'grossMinor',
  'status',
] as const;

/** The filters of the invoice lists: company days of the issue date (a draft: of its creation). */
export const invoiceListInput = listInput({
  ...period,
  clientID: optionalRef(),
  statusID: oneOf(invoiceStatuses).optional(),
  sortColumn: sortBy(invoiceSortColumns),
});

export const generatedInvoiceListInput = listInput({
  runId: optionalRef(),
  clientID: optionalRef(),
  sortColumn: sortBy(invoiceSortColumns),
});

/** An invoice as the lists show it. */
export const invoiceRow = z.object({
  id: z.number(),
  invoiceNo: z.string().nullable().describe('The number as it reads (INV-2026-00042); null for a draft'),
  status: oneOf(invoiceStatuses),
  clientId: z.number(),
  clientName: z.string(),
  passengerId: z.number().nullable().describe('An invoice split per passenger: whose it is'),
  passengerName: z.string().nullable(),
  splitReference: z.string().nullable().describe('An invoice split per reference: which one'),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  lineCount: z.number(),
  netMinor: z.number(),
  vatMinor: z.number(),
  grossMinor: z.number(),
  paidMinor: z.number(),
  creditedMinor: z.number(),
  leftToPayMinor: z.number().describe('Gross − paid − credited; 0 for a draft'),
  currency: z.string(),
  attentionRequired: z.boolean(),
  attentionReason: z.string().nullable(),
  runId: z.number().nullable().describe('The auto-generation run that made it'),
  createdAt: z.string(),
});

/** A line of an invoice: a job or a line typed by hand. */
export const invoiceLineRow = z.object({
  id: z.number(),
  bookingId: z.number().nullable(),
  position: z.number(),
  serviceDate: z.string().nullable(),
  description: z.string(),
  reference: z.string().nullable(),
  passengerName: z.string().nullable(),
  route: z.string().nullable(),
  quantity: z.number(),
  unitPriceMinor: z.number(),
  netMinor: z.number(),
  vatRateBp: z.number().describe('Basis points: 2000 is 20 %'),
  vatMinor: z.number(),
  grossMinor: z.number(),
  pricedGrossMinor: z.number().nullable().describe('The price the job was priced at, when the line differs'),
  overrideReason: z.string().nullable(),
});

export const invoiceLineListInput = listInput({ invoiceID: id() });

export const invoiceVatRow = z.object({
  vatRateBp: z.number(),
  netMinor: z.number(),
  vatMinor: z.number(),
  grossMinor: z.number(),
});

const party = z.object({
  name: z.string(),
  address: z.string().nullable(),
  vatNumber: z.string().nullable(),
  email: z.string().nullable().optional(),
});

/** An invoice with everything its page shows, and what may be done with it now. */
export const invoiceDetails = invoiceRow.extend({
  number: z.number().nullable(),
  paymentTermsDays: z.number(),
  clientReference: z.string().nullable(),
  notes: z.string().nullable(),
  issuedTo: party.nullable().describe('The client as it was when issued; null for a draft'),
  issuedBy: party.nullable().describe('The company as it was when issued; null for a draft'),
  approvedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  lines: z.array(invoiceLineRow),
  vatTable: z.array(invoiceVatRow),
  documents: z.array(
    z.object({ id: z.number(), kind: z.string(), fileName: z.string(), sha256: z.string(), createdAt: z.string() }),
  ),
  can: z.object({
    edit: z.boolean(),
    approve: z.boolean(),
    unapprove: z.boolean(),
    delete: z.boolean(),
  }),
});

/** A job that can be billed: done, on account, validated and on no invoice yet. */
export const billableJobRow = z.object({
  bookingId: z.number(),
  status: z.string(),
  pickupAt: z.string(),
  serviceDate: z.string().describe('The company day of the pick-up'),
  passengerId: z.number().nullable(),
  passengerName: z.string().nullable(),
  route: z.string().nullable(),
  reference: z.string().nullable().describe("The booking's client references, as text"),
  priceMinor: z.number(),
  currency: z.string(),
});

export const invoiceEditData = z.object({
  invoice: invoiceDetails,
  billableJobs: z.array(billableJobRow).describe("The client's jobs that may be added (at most 500, oldest first)"),
});

export const billableSortColumns = ['clientName', 'jobs', 'grossMinor', 'firstPickupAt'] as const;

export const billableClientListInput = listInput({
  ...period,
  clientID: optionalRef(),
  sortColumn: sortBy(billableSortColumns),
});

/** A client with jobs to bill: the "invoices to make" tab. */
export const billableClientRow = z.object({
  clientId: z.number(),
  clientName: z.string(),
  accountNo: z.string().nullable(),
  invoicePeriod: z.string(),
  invoiceSplit: z.string(),
  jobs: z.number(),
  grossMinor: z.number().describe('Sum of the jobs’ prices'),
  firstPickupAt: z.string(),
  lastPickupAt: z.string(),
  currency: z.string(),
});

export const clientBillableSortColumns = ['pickupAt', 'bookingId', 'priceMinor'] as const;

export const clientBillableListInput = listInput({
  ...period,
  clientID: id(),
  sortColumn: sortBy(clientBillableSortColumns),
});

const checkPeriod = (v: { fromDate?: string | undefined; toDate?: string | undefined }) =>
  !v.fromDate || !v.toDate || v.toDate >= v.fromDate;

/**
 * A new draft for a client (its chosen jobs, or its jobs of a period), or — with `id` — a draft's
 * header changed (the spec's "also edit").
 */
export const invoiceCreateInput = z
  .object({
    id: id().optional(),
    clientID: id().optional(),
    bookingIds: z
      .array(id(), { error: 'must be a list of booking ids' })
      .max(500, 'must name at most 500 bookings')
      .optional(),
    ...period,
    clientReference: clearable(text(100)),
    notes: clearable(text(2000)),
    dueDate: clearable(isoDate()),
    paymentTermsDays: wholeNumber({ min: 0, max: 365 }).optional(),
  })
  .refine((v) => v.id !== undefined || v.clientID !== undefined, {
    path: ['clientID'],
    message: 'is required',
  })
  .refine((v) => v.id !== undefined || (v.bookingIds?.length ?? 0) > 0 || (v.fromDate && v.toDate), {
    path: ['bookingIds'],
    message: 'must name bookings, or give fromDate and toDate',
  })
  .refine(checkPeriod, { path: ['toDate'], message: 'must not be before fromDate' });

/** A draft changed: lines added, removed or repriced (with why), references, notes, due date. */
export const invoiceUpdateInput = z.object({
  id: id(),
  addBookingIds: z.array(id(), { error: 'must be a list of booking ids' }).max(500).optional(),
  removeLineIds: z.array(id(), { error: 'must be a list of line ids' }).max(500).optional(),
  prices: z
    .array(
      z.object({
        lineId: id(),
        priceMinor: money().pipe(z.number().min(0, 'must not be negative')),
        reason: requiredText(500),
      }),
      { error: 'must be a list of {lineId, priceMinor, reason}' },
    )
    .max(500)
    .optional(),
  clientReference: clearable(text(100)),
  notes: clearable(text(2000)),
  dueDate: clearable(isoDate()),
  paymentTermsDays: wholeNumber({ min: 0, max: 365 }).optional(),
});

export const invoiceLineDeleteInput = z.object({ id: id().describe('The line') });

export const attentionInput = z
  .object({
    id: id(),
    attentionRequired: flag(),
    reason: clearable(text(500)),
  })
  .refine((v) => !v.attentionRequired || Boolean(v.reason), {
    path: ['reason'],
    message: 'is required when attention is required',
  });

export const MAX_GENERATION_DAYS = 366;

export const autoGenerateInput = z
  .object({
    fromDate: isoDate(),
    toDate: isoDate(),
    clientID: optionalRef(),
  })
  .refine(checkPeriod, { path: ['toDate'], message: 'must not be before fromDate' })
  .refine(
    (v) =>
      (Date.parse(`${v.toDate}T00:00:00Z`) - Date.parse(`${v.fromDate}T00:00:00Z`)) / 86_400_000 < MAX_GENERATION_DAYS,
    { path: ['toDate'], message: `must be less than ${MAX_GENERATION_DAYS} days after fromDate` },
  );

/** An auto-generation run and its progress. */
export const invoiceRun = z.object({
  id: z.number(),
  status: oneOf(invoiceRunStatuses),
  periodFrom: z.string(),
  periodTo: z.string(),
  clientId: z.number().nullable(),
  clientsTotal: z.number(),
  clientsDone: z.number(),
  invoicesMade: z.number(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const invoiceIdsInput = z.object({ ids: ids('invoice') });

export const invoiceBatchAnswer = z.object({
  invoices: z.array(z.object({ id: z.number(), invoiceNo: z.string().nullable(), status: oneOf(invoiceStatuses) })),
});

export const invoiceBookingTypeRow = z.object({ id: z.number(), code: z.string(), name: z.string() });
