import { z } from 'zod';
import { dateFormats } from '../auth/schemas';
import { imageUpload, listInput, requiredText, text, wholeNumber } from '../fields';
import { userRow } from '../staff/schemas';

/** IANA zone names (Europe/London, America/Argentina/Buenos_Aires, UTC); offsets such as +01:00 are not zones. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export function isTimeZone(zone: string): boolean {
  if (!ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const knownCurrencies = (): Set<string> | null => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? new Set(supported('currency')) : null;
};

export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return knownCurrencies()?.has(code) ?? true;
}

export const timeZone = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    .refine(isTimeZone, 'must be a time zone of the IANA list, e.g. Europe/London');

export const currencyCode = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .refine(isCurrency, 'must be an ISO 4217 currency code, e.g. GBP');

/** A coordinate as a number (or its text); outside the world is refused by name. */
const coordinate = (limit: number, noun: string) => {
  const num = z
    .number({ error: 'must be a number' })
    .refine(Number.isFinite, 'must be a number')
    .refine((v) => v >= -limit && v <= limit, `must be a ${noun} between -${limit} and ${limit}`);
  const fromText = z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, 'must be a number')
    .transform(Number)
    .pipe(num);
  return z.union([num, fromText], { error: (i) => (i.input == null ? 'is required' : 'must be a number') });
};
export const latitude = () => coordinate(90, 'latitude');
export const longitude = () => coordinate(180, 'longitude');

const VAT_PERCENT = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;

/**
 * The VAT rate as a percent with at most two decimals ("20", "17.5", 5), answered in basis points
 * so it is kept exactly: 17.5 % is 1750, never 0.175 in a float.
 */
export const vatPercentage = () =>
  z
    .union([z.string().trim(), z.number()], { error: 'must be a percentage between 0 and 100' })
    .transform((v) => String(v))
    .refine((v) => VAT_PERCENT.test(v), 'must be a percentage between 0 and 100 with at most two decimals')
    .transform((v) => {
      const [whole = '0', cents = ''] = v.split('.');
      return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
    });

const yesNo = () =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: 'must be true or false',
  });

/** Every field the office can set; Create needs the required ones, Update takes any of them. */
const settingsFields = {
  companyName: requiredText(120),
  address: text(300),
  postcode: text(20),
  baseLatitude: latitude().nullable(),
  baseLongitude: longitude().nullable(),
  timeZone: timeZone(),
  currency: currencyCode(),
  isCompanyVatRegistered: yesNo(),
  vatRegistrationNumber: text(30),
  vatPercentage: vatPercentage(),
  dateFormat: z.enum(dateFormats, { error: `must be one of: ${dateFormats.join(', ')}` }),
  companyImage: imageUpload(),
};

const baseTogether = (v: { baseLatitude?: number | null; baseLongitude?: number | null }) =>
  (v.baseLatitude === undefined) === (v.baseLongitude === undefined) &&
  (v.baseLatitude === null) === (v.baseLongitude === null);

const baseRule = {
  path: ['baseLongitude'],
  message: 'must be sent together with baseLatitude (both numbers, or both null)',
};

/** BasicSettings/Create: the whole form, saved at once. */
export const basicSettingsCreateInput = z
  .object({
    ...settingsFields,
    companyID: wholeNumber().optional(),
    address: settingsFields.address.optional().default(''),
    postcode: settingsFields.postcode.optional().default(''),
    baseLatitude: settingsFields.baseLatitude.optional().default(null),
    baseLongitude: settingsFields.baseLongitude.optional().default(null),
    isCompanyVatRegistered: settingsFields.isCompanyVatRegistered.optional().default(false),
    vatRegistrationNumber: settingsFields.vatRegistrationNumber.optional().default(''),
    vatPercentage: settingsFields.vatPercentage.optional().default(0),
    dateFormat: settingsFields.dateFormat.optional().default('d-m-Y'),
    companyImage: settingsFields.companyImage.optional(),
  })
  .refine(baseTogether, baseRule);

/** BasicSettings/Update: the fields sent change, the rest stay. */
export const basicSettingsUpdateInput = z
  .object({
    companyID: wholeNumber().optional(),
    companyName: settingsFields.companyName.optional(),
    address: settingsFields.address.optional(),
    postcode: settingsFields.postcode.optional(),
    baseLatitude: settingsFields.baseLatitude.optional(),
    baseLongitude: settingsFields.baseLongitude.optional(),
    timeZone: settingsFields.timeZone.optional(),
    currency: settingsFields.currency.optional(),
    isCompanyVatRegistered: settingsFields.isCompanyVatRegistered.optional(),
    vatRegistrationNumber: settingsFields.vatRegistrationNumber.optional(),
    vatPercentage: settingsFields.vatPercentage.optional(),
    dateFormat: settingsFields.dateFormat.optional(),
    companyImage: settingsFields.companyImage.optional(),
  })
  .refine(baseTogether, baseRule);

export const basicSettings = z.object({
  companyID: z.number(),
  companyShortName: z.string(),
  companyName: z.string(),
  address: z.string(),
  postcode: z.string(),
  baseLatitude: z.number().nullable(),
  baseLongitude: z.number().nullable(),
  timeZone: z.string(),
  currency: z.string(),
  isCompanyVatRegistered: z.boolean(),
  vatRegistrationNumber: z.string(),
  vatRateBp: z.number().describe('VAT rate in basis points: 2000 is 20 %'),
  vatPercentage: z.string().describe('the same rate as a percent with two decimals, e.g. "17.50"'),
  dateFormat: z.enum(dateFormats),
  imageUrl: z.string().nullable().describe('the company image: the logo of the sign-in page and the loader'),
  mainLogo: z.string().describe('what Common/GetSystemLogo answers for office users'),
  updatedAt: z.string(),
});

export const basicSettingsListInput = listInput({});

/** BasicSettings/GetUsers: the company's office accounts (admins and staff). */
export const companyUsersInput = listInput({
  sortColumn: z
    .enum(['fullName', 'email', 'userType', 'lastSignInAt', 'createdAt'], {
      error: 'must be one of: fullName, email, userType, lastSignInAt, createdAt',
    })
    .optional(),
  isActive: yesNo().optional(),
});
export const companyUserRow = userRow;

export type BasicSettings = z.output<typeof basicSettings>;
