import { z } from 'zod';
import { passwordRule } from '../auth/schemas';
import { expiryStates, ownerDocumentStates } from '../documents/schemas';
import { email, flag, id, isoDate, listInput, phone, text, wholeNumber } from '../fields';

/** 1 available, 2 busy, 3 offline (a new driver's state), 4 on break: fixedLists.driverStatus. */
export const driverAvailability = () => wholeNumber({ min: 1, max: 4 });

/**
 * The worst state of a driver's mandatory documents: missing when a mandatory type has no document,
 * else the state of the best document of each type, the worst type winning.
 */
export const driverDocumentStates = ownerDocumentStates;
export type DriverDocumentState = (typeof driverDocumentStates)[number];

export const MIN_DRIVER_AGE = 18;

/** '' and null clear a field; a field left out stays as it is (Update) or empty (Create). */
const clearable = <T extends z.ZodType>(schema: T) => {
  const field = schema.nullable().optional();
  // The step only maps values the field already takes ('' → null), so the field's own input and
  // output types stay true; preprocess alone would type the input as unknown.
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), field) as unknown as typeof field;
};

/** A reference where 0, '' and null mean "none". */
const ref = () => {
  const field = id().nullable().optional();
  return z.preprocess((v) => (v === 0 || v === '0' || v === '' ? null : v), field) as unknown as typeof field;
};

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
const isCountry = (code: string) => {
  try {
    const name = regionNames?.of(code);
    return !regionNames || (!!name && name !== code);
  } catch {
    return false;
  }
};

/** An ISO 3166 alpha-2 country code, as Common/GetNationalityList answers it. */
export const nationality = () =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code (ISO 3166)')
    .refine(isCountry, 'must be a known country code');

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

export const dateOfBirth = () =>
  isoDate()
    .refine((v) => v < new Date().toISOString().slice(0, 10), 'must be in the past')
    .refine((v) => v <= yearsAgo(MIN_DRIVER_AGE), `must make the driver at least ${MIN_DRIVER_AGE} years old`)
    .refine((v) => v >= '1900-01-01', 'must be after 1900');

const driverFieldShape = {
  firstName: text(80).min(1, 'is required'),
  lastName: text(80).min(1, 'is required'),
  callsign: clearable(
    text(20).regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*$/, 'must be letters and digits (spaces, - and _ inside)'),
  ),
  email: clearable(email()),
  phone: clearable(phone()),
  mobile: clearable(phone()),
  dateOfBirth: clearable(dateOfBirth()),
  dateJoined: clearable(isoDate()),
  nationality: clearable(nationality()),
  address: clearable(text(300)),
  postcode: clearable(text(12)),
  licenceNumber: clearable(text(40)),
  driverTypeId: ref(),
  vendorId: ref().describe('A subcontractor (Vendor/GetVendorList) whose driver this is'),
  defaultPaymentModelId: ref(),
  bankAccountName: clearable(text(100)),
  bankSortCode: clearable(
    text(20).regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,19}$/, 'must be digits or letters (a sort code or BIC)'),
  ),
  bankAccountNumber: clearable(
    z
      .string()
      .trim()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{4,34}$/, 'must be 4 to 34 digits or letters (an account number or IBAN)')),
  ).describe('Write-only: answers show bankAccountNumberLast4'),
  notes: clearable(text(2000)),
  isActive: flag().optional(),
  tagIds: z.array(id(), { error: 'must be a list of tag ids' }).max(50, 'must hold at most 50 tags').optional(),
};

/** Driver/Create: the names are required; an app account is made when appEmail and appPassword come. */
export const driverCreateInput = z
  .object({
    ...driverFieldShape,
    appEmail: clearable(email()).describe('Sign-in e-mail of the driver app account (unique in the company)'),
    appPassword: clearable(passwordRule),
  })
  .refine((v) => !v.appEmail || !!v.appPassword, {
    path: ['appPassword'],
    message: 'is required when an app e-mail is given',
  })
  .refine((v) => !v.appPassword || !!v.appEmail, {
    path: ['appEmail'],
    message: 'is required when an app password is given',
  });

/** Driver/Update: changes the fields it is sent; '' or null clears one, a field left out stays. */
export const driverUpdateInput = z.object({
  id: id(),
  ...driverFieldShape,
  firstName: driverFieldShape.firstName.optional(),
  lastName: driverFieldShape.lastName.optional(),
});

export const driverTagRef = z.object({ id: z.number(), name: z.string(), colour: z.string() });

export const driverRow = z.object({
  id: z.number(),
  callsign: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  driverTypeId: z.number().nullable(),
  driverTypeName: z.string().nullable(),
  vendorId: z.number().nullable(),
  vendorName: z.string().nullable(),
  availability: z.number().describe('1 available, 2 busy, 3 offline, 4 on break'),
  availabilityName: z.string(),
  isActive: z.boolean(),
  dateJoined: z.string().nullable(),
  hasAppAccount: z.boolean(),
  tags: z.array(driverTagRef),
  photoUrl: z.string().nullable().describe('Signed address, valid for an hour'),
  documentState: z.enum(driverDocumentStates),
});

export const driverSortColumns = [
  'name',
  'callsign',
  'driverTypeName',
  'availability',
  'dateJoined',
  'createdAt',
] as const;

export const driverListInput = listInput({
  driverTypeId: ref(),
  vendorId: ref(),
  availability: wholeNumber({ min: 0, max: 4 })
    .optional()
    .transform((v) => v || undefined),
  isActive: flag().optional(),
  tagId: ref(),
  documentState: z.enum(driverDocumentStates).optional(),
  sortColumn: z.enum(driverSortColumns, { error: `must be one of: ${driverSortColumns.join(', ')}` }).optional(),
});

export const driverVehicle = z.object({
  id: z.number(),
  registration: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  vehicleTypeName: z.string(),
  isActive: z.boolean(),
});

export const driverProfile = driverRow.extend({
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  licenceNumber: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  bankSortCode: z.string().nullable(),
  bankAccountNumberLast4: z.string().nullable().describe('Only the last four characters are ever answered'),
  defaultPaymentModelId: z.number().nullable(),
  defaultPaymentModelName: z.string().nullable(),
  notes: z.string().nullable(),
  userId: z.number().nullable(),
  appEmail: z.string().nullable(),
  createdAt: z.string(),
  vehicles: z.array(driverVehicle).describe('Vehicles this driver owns (vehicles.ownerDriverId)'),
  missingDocumentTypes: z
    .array(z.object({ id: z.number(), name: z.string() }))
    .describe('Mandatory driver document types with no document'),
});

export const driverPasswordAnswer = z.object({
  driverID: z.number(),
  email: z.string(),
  temporaryPassword: z.string().describe('Shown once; only its hash is kept'),
});

export const driverDocumentRow = z.object({
  id: z.number(),
  documentTypeId: z.number(),
  documentTypeName: z.string(),
  isMandatory: z.boolean(),
  reference: z.string().nullable(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  expiryState: z.enum(expiryStates),
  hasFile: z.boolean(),
  fileName: z.string().nullable(),
  fileUrl: z.string().nullable().describe('Signed address, valid for an hour'),
  notes: z.string().nullable(),
});

export const driverDocumentSortColumns = ['documentTypeName', 'expiryDate', 'issueDate', 'createdAt'] as const;

export const driverDocumentListInput = listInput({
  id: id().describe('The driver'),
  expiryState: z.enum(expiryStates).optional(),
  sortColumn: z
    .enum(driverDocumentSortColumns, { error: `must be one of: ${driverDocumentSortColumns.join(', ')}` })
    .optional(),
});

export const driverLookupRow = z.object({ id: z.number(), name: z.string(), callsign: z.string().nullable() });

export const driverSearchRow = driverLookupRow.extend({ availability: z.number(), availabilityName: z.string() });

export const driverUserRow = z.object({ id: z.number(), name: z.string(), userId: z.number(), email: z.string() });

export const driverImage = z.object({ id: z.number(), imageUrl: z.string().nullable() });
