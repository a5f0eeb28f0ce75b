import { z } from 'zod';
import { lookupInput } from '../crud';
import { documentExpiryState, ownerDocumentStates } from '../documents/schemas';
import { driverProfile, driverUpdateInput } from '../drivers/schemas';
import { statementRow } from '../driver-payments/schemas';
import { documentUpload, id, isoDate, listInput, text, wholeNumber } from '../fields';

/** The driver's own profile: the office's notes about the driver stay in the office. */
export const driverAppProfile = driverProfile.omit({ notes: true });

export const driverAppProfileListInput = listInput({});

/** Driver/UpdateDriverPersonalProfile: the fields a driver may change about themself; a field left out stays. */
export const driverPersonalProfileInput = driverUpdateInput
  .pick({
    firstName: true,
    lastName: true,
    email: true,
    phone: true,
    mobile: true,
    address: true,
    postcode: true,
    dateOfBirth: true,
    nationality: true,
  })
  .strip();

const digits = (count: number, what: string) =>
  z
    .string({ error: 'is required' })
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^[0-9]{${count}}$`), `must be ${count} digits (${what})`));

/** Driver/UpdateDriverAccountProfile: a UK bank account, all three parts together. */
export const driverAccountProfileInput = z.object({
  bankAccountName: text(100).min(1, 'is required'),
  bankSortCode: digits(6, 'a sort code such as 12-34-56'),
  bankAccountNumber: digits(8, 'a UK account number'),
});

/** 12 to 19 digits, spaces or dashes between them allowed: the shape of a card number. */
const cardNumberLike = /(?:\d[ -]?){11,18}\d/;
const offlineFormToken = /^tok_offline_\d{16}_\d{2}_\d{4}$/;

function holdsCardNumber(value: unknown, depth = 0): boolean {
  if (depth > 4) return false;
  if (typeof value === 'string') return cardNumberLike.test(value);
  if (typeof value === 'number') return /^\d{12,19}$/.test(String(value));
  if (Array.isArray(value)) return value.some((v) => holdsCardNumber(v, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).some((v) => holdsCardNumber(v, depth + 1));
  return false;
}

/**
 * Card calls take the provider's token and what may be shown, never the card number: a body that
 * carries one (a cardNumber/number field, or 12–19 digits anywhere) is refused. The object keeps
 * unknown keys so this check sees them; handlers read only the declared fields.
 */
function refuseCardNumber(raw: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const key of ['cardNumber', 'number', 'pan']) {
    if (key in raw) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'card numbers are not accepted; send the provider token' });
      return;
    }
  }
  for (const [key, value] of Object.entries(raw)) {
    // The offline provider's form token names its test card by design (docs/payments.md).
    if (key === 'providerToken' && typeof value === 'string' && offlineFormToken.test(value)) continue;
    if (holdsCardNumber(value)) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'must not hold a card number' });
      return;
    }
  }
}

const thisYear = () => new Date().getUTCFullYear();
const expMonth = () => wholeNumber({ min: 1, max: 12 });
const expYear = () => wholeNumber({ min: 2000, max: 2100 });

const notExpired = (v: { expMonth?: number; expYear?: number }) =>
  v.expMonth === undefined ||
  v.expYear === undefined ||
  v.expYear > thisYear() ||
  (v.expYear === thisYear() && v.expMonth >= new Date().getUTCMonth() + 1);

export const driverCardCreateInput = z
  .looseObject({
    providerToken: text(200)
      .min(1, 'is required')
      .regex(/^[A-Za-z0-9_:.-]+$/, 'must be the token the card provider answered'),
    brand: text(30).min(1, 'is required'),
    last4: z
      .string({ error: 'is required' })
      .trim()
      .regex(/^[0-9]{4}$/, 'must be the last four digits'),
    expMonth: expMonth(),
    expYear: expYear(),
    holderName: text(100).optional(),
    isDefault: z.boolean().optional(),
  })
  .superRefine(refuseCardNumber)
  .refine(notExpired, { path: ['expYear'], message: 'the card has expired' });

export const driverCardUpdateInput = z
  .looseObject({
    id: id(),
    holderName: text(100).nullable().optional(),
    expMonth: expMonth().optional(),
    expYear: expYear().optional(),
    isDefault: z.literal(true, { error: 'may only be true (choose another card to move the default)' }).optional(),
  })
  .refine((v) => (v.expMonth === undefined) === (v.expYear === undefined), {
    path: ['expYear'],
    message: 'expMonth and expYear change together',
  })
  .superRefine(refuseCardNumber)
  .refine(notExpired, { path: ['expYear'], message: 'the card has expired' });

export const driverCardRow = z.object({
  id: z.number(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  holderName: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});

export const driverCardListInput = listInput({});

export const adjustmentKindValues = ['credit', 'debit'] as const;

const adjustmentFields = {
  kind: z.enum(adjustmentKindValues, { error: 'must be credit or debit' }),
  amountMinor: wholeNumber({ min: 1, max: 100_000_000 }),
  reason: text(300).min(1, 'is required'),
  effectiveDate: isoDate(),
};

export const driverAdjustmentCreateInput = z.object(adjustmentFields);

export const driverAdjustmentUpdateInput = z.object({
  id: id(),
  kind: adjustmentFields.kind.optional(),
  amountMinor: adjustmentFields.amountMinor.optional(),
  reason: adjustmentFields.reason.optional(),
  effectiveDate: adjustmentFields.effectiveDate.optional(),
});

export const driverAdjustmentListInput = listInput({
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
});

export const driverAdjustmentRow = z.object({
  id: z.number(),
  kind: z.enum(adjustmentKindValues),
  amountMinor: z.number(),
  currency: z.string(),
  reason: z.string(),
  effectiveDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Driver/AddDriverExpenseFromDriverApp: a receipt is a photo or a PDF up to 10 MB. */
export const driverExpenseAddInput = z.object({
  expenseTypeId: id(),
  amountMinor: wholeNumber({ min: 1, max: 100_000_000 }),
  bookingId: id().optional(),
  note: text(500).optional(),
  receipt: documentUpload().optional(),
});

export const driverExpenseRow = z.object({
  id: z.number(),
  expenseTypeId: z.number(),
  expenseTypeName: z.string(),
  bookingId: z.number().nullable(),
  amountMinor: z.number(),
  currency: z.string(),
  note: z.string().nullable(),
  hasReceipt: z.boolean(),
  status: z.string(),
  createdAt: z.string(),
});

export const driverExpenseStatusValues = ['pending', 'approved', 'declined'] as const;

/** Driver/GetTableSummaryDriverExpenseDrvApp: the driver's own expenses, optionally of one status. */
export const driverOwnExpenseListInput = listInput({
  status: z.enum(driverExpenseStatusValues, { error: 'must be pending, approved or declined' }).optional(),
});

/** An expense as its driver sees it: the receipt by a signed address, and the office's decision. */
export const driverOwnExpenseRow = driverExpenseRow.extend({
  status: z.enum(driverExpenseStatusValues),
  receiptUrl: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});

export const driverAppDocument = z.object({
  id: z.number(),
  documentTypeId: z.number(),
  documentTypeName: z.string(),
  isMandatory: z.boolean(),
  reference: z.string().nullable(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  expiryState: documentExpiryState,
  daysToExpiry: z.number().nullable(),
  hasFile: z.boolean(),
  fileUrl: z.string().nullable(),
});

/** One owner's papers: the worst state over its mandatory types, its documents, the types it lacks. */
const driverAppPapers = {
  documentState: z.enum(ownerDocumentStates),
  documents: z.array(driverAppDocument),
  missingTypes: z.array(z.object({ id: z.number(), name: z.string() })),
};

/** Driver/GetDriverDocumentsDrvApp: the driver's papers, and those of the vehicle of the open shift. */
export const driverAppDocumentsAnswer = z.object({
  driver: z.object({ id: z.number(), name: z.string(), ...driverAppPapers }),
  vehicle: z.object({ id: z.number(), registration: z.string(), ...driverAppPapers }).nullable(),
});

/** Driver/GetDriverVehicleListDrvApp: a lookup (unpaged unless asked; q searches registration, make, model). */
export const driverAppVehicleListInput = lookupInput();

export const driverAppVehicleRow = z.object({
  id: z.number(),
  name: z.string().describe('Registration, then make and model when known'),
  registration: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  vehicleTypeId: z.number(),
  vehicleTypeName: z.string(),
  isAssigned: z.boolean().describe("The driver's own vehicle (vehicles.ownerDriverId)"),
  takenBy: z.string().nullable().describe('The driver on an open shift with it, when another driver'),
  documentState: z.enum(ownerDocumentStates),
});

/** Driver/GetDriverStatementsDrvApp: the signed-in driver's statements, newest period first. */
export const driverOwnStatementListInput = listInput({});

/**
 * A statement as its driver sees it: the office's statement row without the office's parts (attention
 * reasons, row version), and only once approved: a draft may still change.
 */
export const driverOwnStatementRow = statementRow
  .pick({
    id: true,
    statementNo: true,
    periodFrom: true,
    periodTo: true,
    earnedMinor: true,
    bonusesMinor: true,
    expensesMinor: true,
    adjustmentsMinor: true,
    deductionsMinor: true,
    cashCollectedMinor: true,
    netMinor: true,
    settledMinor: true,
    dueMinor: true,
    approvedAt: true,
  })
  .extend({ status: z.enum(['approved', 'settled']) });
