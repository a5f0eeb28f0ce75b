import { z } from 'zod';
import { documentUpload, flag, id, isoDate, listInput, text, wholeNumber } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';

/**
 * A document's expiry state: expired (before today), expiring (within EXPIRING_DAYS), valid, or
 * no_expiry (its type has none, or no date was given). Dates are read in the company's time zone.
 */
export const expiryStates = ['valid', 'expiring', 'expired', 'no_expiry'] as const;
export type ExpiryState = (typeof expiryStates)[number];
export const EXPIRING_DAYS = 30;

/** An owner's papers at a glance: the worst state over its mandatory document types. */
export const ownerDocumentStates = ['valid', 'expiring', 'expired', 'missing'] as const;
export type OwnerDocumentState = (typeof ownerDocumentStates)[number];

export const documentOwnerType = z.enum(codesOf('ownerType'));
export const documentExpiryState = z.enum(expiryStates);

/** An optional date that old clients and multipart forms send as "" when empty. */
const optionalDate = () =>
  z
    .union([z.literal(''), isoDate()])
    .nullable()
    .optional()
    .transform((v) => v || null);

/** Text a form may send empty: "" and null both mean none. */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

export const documentTypeLookupRow = z.object({
  id: z.number(),
  name: z.string(),
  ownerType: z.string(),
  isMandatory: z.boolean(),
  hasExpiry: z.boolean(),
});

const documentFieldsShape = {
  ownerType: documentOwnerType,
  ownerId: id(),
  documentTypeId: id(),
  reference: optionalText(80),
  issueDate: optionalDate(),
  expiryDate: optionalDate(),
  notes: optionalText(1000),
  file: documentUpload().optional(),
};

const issuedBeforeExpiry = (v: { issueDate: string | null; expiryDate: string | null }) =>
  !v.issueDate || !v.expiryDate || v.expiryDate >= v.issueDate;
const expiryRule = { path: ['expiryDate'], message: 'must not be before the issue date' };

/** What a person fills in; the file is a JSON base64 object or the file part of a multipart form. */
export const documentFields = z.object(documentFieldsShape).refine(issuedBeforeExpiry, expiryRule);

export const documentUpdateFields = z
  .object({
    ...documentFieldsShape,
    id: id(),
    /** Drops the stored file without sending a new one. */
    removeFile: flag().optional().default(false),
  })
  .refine(issuedBeforeExpiry, expiryRule);

export const documentSortColumns = ['expiryDate', 'documentTypeName', 'ownerName', 'createdAt'] as const;

export const documentListInput = listInput({
  ownerType: documentOwnerType.optional(),
  ownerId: wholeNumber({ min: 1 }).optional(),
  documentTypeId: wholeNumber({ min: 1 }).optional(),
  expiryState: documentExpiryState.optional(),
  sortColumn: z.enum(documentSortColumns, { error: `must be one of: ${documentSortColumns.join(', ')}` }).optional(),
});

export const documentRow = z.object({
  id: z.number(),
  ownerType: z.string(),
  ownerId: z.number(),
  ownerName: z.string().describe("The driver's, staff member's, passenger's or client's name, or the registration"),
  documentTypeId: z.number(),
  documentTypeName: z.string(),
  isMandatory: z.boolean(),
  hasExpiry: z.boolean(),
  reference: z.string().nullable(),
  issueDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  expiryState: documentExpiryState,
  daysToExpiry: z.number().nullable().describe('Days from today to the expiry date (negative once expired)'),
  notes: z.string().nullable(),
  hasFile: z.boolean(),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  fileUrl: z.string().nullable().describe('A signed address that works for an hour'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const expiryCounts = z.object({
  total: z.number(),
  valid: z.number(),
  expiring: z.number(),
  expired: z.number(),
  noExpiry: z.number(),
});

export const documentSummaryInput = z.object({ ownerType: documentOwnerType });

export const documentSummary = expiryCounts.extend({
  ownerType: z.string(),
  owners: z.number().describe('Active owners of this type'),
  ownersMissingMandatory: z.number().describe('Active owners lacking at least one mandatory document type'),
  missing: z.number().describe('Mandatory documents lacking, counted per owner and type'),
  types: z.array(
    expiryCounts.extend({
      documentTypeId: z.number(),
      documentTypeName: z.string(),
      isMandatory: z.boolean(),
      hasExpiry: z.boolean(),
      isActive: z.boolean(),
      missing: z.number().describe('Active owners without this type (mandatory types only)'),
    }),
  ),
});
