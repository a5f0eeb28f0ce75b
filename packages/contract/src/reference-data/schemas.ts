import { z } from 'zod';
import { flag, isoDate, money, optionalRef, requiredText, text, wholeNumber } from '../fields';
import { codesOf } from './fixed-lists';

const active = () => flag().optional().default(true);
const colour = () => z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1c7ed6');
const latitude = () =>
  z.number({ error: 'must be a number' }).min(-90, 'must be a latitude').max(90, 'must be a latitude');
const longitude = () =>
  z.number({ error: 'must be a number' }).min(-180, 'must be a longitude').max(180, 'must be a longitude');

export const driverTypeFields = z.object({
  name: requiredText(80),
  defaultPaymentModelId: optionalRef(),
  isActive: active(),
});
export const driverTypeRow = z.object({
  id: z.number(),
  name: z.string(),
  defaultPaymentModelId: z.number().nullable(),
  defaultPaymentModelName: z.string().nullable(),
  isActive: z.boolean(),
  driverCount: z.number(),
});

export const clientTypeFields = z.object({ name: requiredText(80), isActive: active() });
export const clientTypeRow = z.object({
  id: z.number(),
  name: z.string(),
  isActive: z.boolean(),
  clientCount: z.number(),
});

export const clientReferenceFields = z.object({
  clientId: wholeNumber({ min: 1 }),
  referenceTypeId: wholeNumber({ min: 1 }),
  label: requiredText(80),
  isMandatory: flag().optional().default(false),
  isActive: active(),
});
export const clientReferenceRow = z.object({
  id: z.number(),
  clientId: z.number(),
  clientName: z.string(),
  referenceTypeId: z.number(),
  referenceTypeName: z.string(),
  label: z.string(),
  isMandatory: z.boolean(),
  isActive: z.boolean(),
});

export const knownLocationFields = z.object({
  name: requiredText(120),
  locationType: z.enum(codesOf('locationType')).optional().default('other'),
  address: requiredText(300),
  postcode: text(12).optional(),
  lat: latitude().optional(),
  lng: longitude().optional(),
  notes: text(1000).optional(),
  isActive: active(),
});
export const knownLocationRow = z.object({
  id: z.number(),
  name: z.string(),
  locationType: z.string(),
  address: z.string(),
  postcode: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});

export const documentTypeFields = z.object({
  name: requiredText(80),
  ownerType: z.enum(codesOf('ownerType')),
  isMandatory: flag().optional().default(false),
  hasExpiry: flag().optional().default(true),
  isActive: active(),
});
export const documentTypeRow = z.object({
  id: z.number(),
  name: z.string(),
  ownerType: z.string(),
  isMandatory: z.boolean(),
  hasExpiry: z.boolean(),
  isActive: z.boolean(),
  documentCount: z.number(),
});

export const tagFields = z.object({
  name: requiredText(60),
  tagType: z.enum(codesOf('tagType')),
  colour: colour().optional().default('#228be6'),
  isActive: active(),
});
export const tagRow = z.object({
  id: z.number(),
  name: z.string(),
  tagType: z.string(),
  colour: z.string(),
  isActive: z.boolean(),
  usageCount: z.number(),
});

export const exclusionFields = z
  .object({
    name: requiredText(80),
    startDate: isoDate(),
    endDate: isoDate(),
    notes: text(500).optional(),
    isActive: active(),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: 'must be on or after the start date' });
export const exclusionRow = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
});

export const vehicleTypeFields = z.object({
  name: requiredText(60),
  description: text(300).optional(),
  maxPassengers: wholeNumber({ min: 1, max: 60 }),
  maxLuggage: wholeNumber({ min: 0, max: 60 }),
  sortOrder: wholeNumber({ min: 0, max: 999 }).optional().default(0),
  taxId: optionalRef(),
  pricingModelID: optionalRef().describe('The pricing model this vehicle type is priced by; 0 or left out: none'),
  isActive: active(),
});
export const vehicleTypeRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  maxPassengers: z.number(),
  maxLuggage: z.number(),
  sortOrder: z.number(),
  taxId: z.number().nullable(),
  taxName: z.string().nullable(),
  pricingModelID: z.number().describe('0: none (priced by the client model or the company default)'),
  pricingModelName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  vehicleCount: z.number(),
});

export const zonePoint = z.tuple([latitude(), longitude()]);
export const zoneFields = z.object({
  name: requiredText(80),
  description: text(300).optional(),
  colour: colour().optional().default('#1c7ed6'),
  polygon: z
    .array(zonePoint, { error: 'must be a list of [latitude, longitude] points' })
    .min(3, 'needs at least three points')
    .max(500, 'may have at most 500 points'),
  priority: wholeNumber({ min: 0, max: 100 }).optional().default(0),
  isActive: active(),
});
export const zoneRow = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  colour: z.string(),
  polygon: z.array(z.tuple([z.number(), z.number()])),
  priority: z.number(),
  isActive: z.boolean(),
});

export const bookingExpenseTypeFields = z.object({
  name: requiredText(80),
  taxId: optionalRef(),
  defaultAmountMinor: money()
    .optional()
    .refine((v) => v === undefined || v >= 0, 'must not be negative'),
  isAvailableInDriverApp: flag().optional().default(true),
  requiresReceipt: flag().optional().default(false),
  isActive: active(),
});
export const bookingExpenseTypeRow = z.object({
  id: z.number(),
  name: z.string(),
  taxId: z.number().nullable(),
  taxName: z.string().nullable(),
  taxRateBp: z.number().nullable(),
  defaultAmountMinor: z.number().nullable(),
  isAvailableInDriverApp: z.boolean(),
  requiresReceipt: z.boolean(),
  isActive: z.boolean(),
});

export const discountCodeFields = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,20}$/, 'must be 3 to 20 letters, digits, - or _'),
    description: text(200).optional(),
    discountType: z.enum(['percent', 'amount']),
    percentBp: wholeNumber({ min: 1, max: 10_000 }).optional(),
    amountMinor: wholeNumber({ min: 1 }).optional(),
    validFrom: isoDate().optional(),
    validTo: isoDate().optional(),
    maxUses: wholeNumber({ min: 1 }).optional(),
    isActive: active(),
  })
  .refine((v) => v.discountType !== 'percent' || v.percentBp !== undefined, {
    path: ['percentBp'],
    message: 'is required for a percentage discount',
  })
  .refine((v) => v.discountType !== 'amount' || v.amountMinor !== undefined, {
    path: ['amountMinor'],
    message: 'is required for a fixed-amount discount',
  })
  .refine((v) => !v.validFrom || !v.validTo || v.validTo >= v.validFrom, {
    path: ['validTo'],
    message: 'must be on or after validFrom',
  });
export const discountCodeRow = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string().nullable(),
  discountType: z.enum(['percent', 'amount']),
  percentBp: z.number().nullable(),
  amountMinor: z.number().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().nullable(),
  usedCount: z.number(),
  isActive: z.boolean(),
});

export const taxRow = z.object({ id: z.number(), name: z.string(), rateBp: z.number(), isDefault: z.boolean() });
