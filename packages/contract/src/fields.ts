import { z } from 'zod';

/**
 * Field building blocks shared by every call. Existing clients send numbers as text now and then
 * ("10"), so whole-number fields accept digits in a string too; anything else is refused by name.
 */

/** A union's own message, except for a missing value, which is "is required" like everywhere else. */
const requiredOr =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? 'is required' : message;

export const wholeNumber = (opts: { min?: number; max?: number } = {}) => {
  let num = z.number().int('must be a whole number');
  if (opts.min !== undefined) num = num.min(opts.min, `must be at least ${opts.min}`);
  if (opts.max !== undefined) num = num.max(opts.max, `must be at most ${opts.max}`);
  const fromText = z
    .string()
    .trim()
    .regex(/^-?\d{1,15}$/, 'must be a whole number')
    .transform(Number)
    .pipe(num);
  return z.union([num, fromText], { error: requiredOr('must be a whole number') });
};

/** A row id: a positive whole number. */
export const id = () => wholeNumber({ min: 1, max: 2_147_483_647 });

/** An optional reference where the existing clients send 0 for "none". */
export const optionalRef = () =>
  wholeNumber({ min: 0, max: 2_147_483_647 })
    .optional()
    .transform((v) => (v ? v : null));

export const text = (max = 200) => z.string().trim().max(max, `must be at most ${max} characters`);
export const requiredText = (max = 200) => text(max).min(1, 'is required');

export const email = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('must be a valid e-mail address'));

export const phone = () =>
  z
    .string()
    .trim()
    .max(30, 'must be at most 30 characters')
    .regex(/^\+?[0-9 ()-]{6,}$/, 'must be a phone number (digits, spaces, +, -, brackets)');

/** Money in integer minor units (pence, cents): never a float. */
export const money = () => wholeNumber({ min: -1_000_000_000_00, max: 1_000_000_000_00 });

/**
 * A money figure of an answer, in minor units, under a key that does not say so (the spec's short keys
 * such as `amount`): marked, so that an export shows it in currency units, as the keys ending in
 * `Minor` are. The mark shows in the OpenAPI document as `x-minor-units`.
 */
export const minorUnitsFigure = () => z.number().int().meta({ 'x-minor-units': true });

/** Whether an answer's field holds minor units: its key ends in `Minor`, or its schema is marked. */
export function holdsMinorUnits(key: string, schema: unknown): boolean {
  if (key.endsWith('Minor')) return true;
  return schema instanceof z.ZodType && z.globalRegistry.get(schema)?.['x-minor-units'] === true;
}

/** A calendar date as year-month-day. */
export const isoDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real date');

/** An instant, sent as ISO 8601 with a zone (stored in UTC). */
export const isoDateTime = () => z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with a zone' });

/** The spec's "True"/"False" text flags (isDriverinWebView); real booleans are accepted too. */
export const trueFalse = () =>
  z
    .union([z.boolean(), z.enum(['True', 'False', 'true', 'false'])], {
      error: requiredOr('must be "True" or "False"'),
    })
    .transform((v) => v === true || v === 'True' || v === 'true');

/** Booleans sent as true/false, 1/0 or "true"/"false". */
export const flag = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', 'True', 'False', '0', '1'])], {
      error: requiredOr('must be true or false'),
    })
    .transform((v) => v === true || v === 1 || v === 'true' || v === 'True' || v === '1');

/** Sort direction as the report filters name it. */
export const sortType = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['asc', 'desc'], { error: 'must be asc or desc' }));

export const MAX_PER_PAGE = 100;

/**
 * Paging and search params every list takes (spec: companyID, userID, id, page, perPage).
 * page counts from 0; perPage 0 means "no paging" (bounded, see docs/api-conventions.md).
 * companyID is accepted for old clients and ignored: the company comes from the token.
 */
export const listParams = z.object({
  companyID: wholeNumber().optional(),
  userID: wholeNumber({ min: 0 }).optional().default(0),
  id: wholeNumber({ min: 0 }).optional().default(0),
  page: wholeNumber({ min: 0, max: 1_000_000 }).optional().default(0),
  perPage: wholeNumber({ min: 0, max: MAX_PER_PAGE }).optional().default(10),
  q: text(200).optional().default(''),
  sortColumn: text(60).optional(),
  sortType: sortType().optional(),
});

export type ListParams = z.output<typeof listParams>;

/** The list input of a call: paging params plus its own filters. */
export const listInput = <S extends z.ZodRawShape>(filters: S) => listParams.extend(filters);

/** A call with nothing to send; unknown keys are dropped, so old clients' extras are harmless. */
export const noInput = () => z.object({ companyID: wholeNumber().optional() });

/** A call that names one row. */
export const byId = () => z.object({ id: id() });

/**
 * A file in a JSON body: name, declared type and the bytes as base64. Multipart uploads arrive in
 * the same shape (the router converts them), so one schema checks both.
 */
export const fileUpload = (opts: { maxBytes: number; mimeTypes: readonly string[] }) =>
  z
    .object({
      fileName: requiredText(200),
      mimeType: z.string().trim().toLowerCase(),
      content: z
        .string()
        .min(1, 'is required')
        .regex(/^[A-Za-z0-9+/=\s]+$/, 'must be base64'),
    })
    .refine((f) => opts.mimeTypes.includes(f.mimeType), {
      path: ['mimeType'],
      message: `must be one of: ${opts.mimeTypes.join(', ')}`,
    })
    .refine((f) => base64Bytes(f.content) <= opts.maxBytes, {
      path: ['content'],
      message: `must be at most ${Math.round(opts.maxBytes / 1024 / 1024)} MB`,
    });

export type FileUpload = z.output<ReturnType<typeof fileUpload>>;

export function base64Bytes(content: string): number {
  const clean = content.replace(/\s/g, '');
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
}

// No SVG: a file served from our own origin must not be able to carry script.
export const imageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const documentFileTypes = [...imageTypes, 'application/pdf'] as const;
export const imageUpload = () => fileUpload({ maxBytes: 5 * 1024 * 1024, mimeTypes: imageTypes });
export const documentUpload = () => fileUpload({ maxBytes: 10 * 1024 * 1024, mimeTypes: documentFileTypes });

/** A union that fails in every branch speaks with its last branch: the field's own rule. */
const ruleSays = (issue: { input?: unknown; errors?: { message: string }[][] }) =>
  issue.input === undefined || issue.input === null ? 'is required' : issue.errors?.at(-1)?.[0]?.message;

/** Empty text (spaces count as empty); its failure leaves the message to the field's own rule. */
const blank = () => z.string().trim().max(0, { abort: true });

/** Update, optional field: left out it stays as it is; '' or null clears it (null). */
export const clearable = <T extends z.ZodType>(rule: T) =>
  z
    .union([blank(), z.null(), rule], { error: ruleSays })
    .optional()
    .transform((v) => (v === '' ? null : v) as Exclude<z.output<T>, ''> | null | undefined);

/** Update, required field: left out it stays as it is; '' and null answer "is required". */
export const kept = <T extends z.ZodType>(rule: T) =>
  z
    .union([blank(), rule], { error: ruleSays })
    .refine((v) => v !== '', 'is required')
    .optional()
    .transform((v) => v as Exclude<z.output<T>, ''> | undefined);
