import {
  fixedModelSchema,
  hourlyModelSchema,
  mileageStepSchema,
  pricingModelKinds,
  pricingModelSchema,
  standardModelSchema,
  vehicleModelSchema,
  zoneModelSchema,
} from '@cabdesk/fare-engine';
import { z } from 'zod';
import { flag, id, listInput, optionalRef, wholeNumber } from '../fields';

/**
 * Pricing models: the fare engine's model schemas are the payload, so a refusal names the field as
 * sent (`mileageSteps.2.fromKm`). The server gives the id and the version; a change makes a new
 * version (docs/pricing.md).
 */

/** The spec's pricing modes; `mileage` is the engine's `standard` model. */
export const pricingModeOfKind = {
  standard: 'mileage',
  zone: 'zone',
  vehicle: 'vehicle',
  fixed: 'fixed',
  hourly: 'hourly',
} as const;

const settings = {
  /** The company default prices every journey no other rule prices: a standard or vehicle model. */
  isDefault: flag().optional().default(false),
  isActive: flag().optional().default(true),
};

const kindError = { error: `kind must be one of ${pricingModelKinds.join(', ')}` };

/** Pricing/Create: a model of one kind with its rules. */
export const pricingModelInput = z.discriminatedUnion(
  'kind',
  [
    standardModelSchema.omit({ id: true, version: true }).extend(settings),
    zoneModelSchema.omit({ id: true, version: true }).extend(settings),
    vehicleModelSchema.omit({ id: true, version: true }).extend(settings),
    fixedModelSchema.omit({ id: true, version: true }).extend(settings),
    hourlyModelSchema.omit({ id: true, version: true }).extend(settings),
  ],
  kindError,
);

/** In an update, a setting left out stays as it is. */
const numbered = { id: id(), isDefault: flag().optional(), isActive: flag().optional() };

/** Pricing/Update: the whole model again (every field is sent); it becomes a new version. */
export const pricingModelUpdateInput = z.discriminatedUnion(
  'kind',
  [
    standardModelSchema.omit({ id: true, version: true }).extend(numbered),
    zoneModelSchema.omit({ id: true, version: true }).extend(numbered),
    vehicleModelSchema.omit({ id: true, version: true }).extend(numbered),
    fixedModelSchema.omit({ id: true, version: true }).extend(numbered),
    hourlyModelSchema.omit({ id: true, version: true }).extend(numbered),
  ],
  kindError,
);

const kind = () => z.enum(pricingModelKinds);
const mode = () => z.enum(['mileage', 'zone', 'vehicle', 'fixed', 'hourly']);

export const pricingModelRow = z.object({
  id: z.number(),
  name: z.string(),
  mode: mode().describe('The spec’s mode: mileage (the engine’s standard), zone, vehicle, fixed or hourly'),
  kind: kind().nullable().describe('The engine’s kind of the version in force; null before any rules are written'),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  version: z.number().nullable().describe('The version in force; null before any rules are written'),
  clientCount: z.number().describe('Clients assigned this model'),
  updatedAt: z.string(),
});

export const pricingModelSortColumns = ['name', 'mode', 'isDefault', 'version', 'updatedAt'] as const;

export const pricingModelListInput = listInput({
  sortColumn: z
    .enum(pricingModelSortColumns, { error: `must be one of: ${pricingModelSortColumns.join(', ')}` })
    .optional(),
  mode: mode().optional(),
  isActive: flag().optional(),
});

/** A model with its rules: the version in force, or the one asked for. */
export const pricingModelDetail = pricingModelRow.extend({
  versionCreatedAt: z.string().nullable(),
  /** The engine's model (id, version, name, kind and the rules of its kind); null before any rules are written. */
  model: pricingModelSchema.nullable(),
  /** Every version, newest first. */
  versions: z.array(z.object({ version: z.number(), createdAt: z.string(), createdBy: z.number().nullable() })),
});

export const pricingModelByIdInput = z.object({
  id: id(),
  version: wholeNumber({ min: 1, max: 2_147_483_647 })
    .optional()
    .describe('An older version; the one in force when left out'),
});

export const pricingModelLookupRow = z.object({
  id: z.number(),
  name: z.string(),
  mode: mode(),
  isDefault: z.boolean(),
});

export const mileageStepRow = mileageStepSchema.extend({
  index: z.number().describe('The band’s place, from 0'),
});

/** Pricing/GetPricingModelMileageSteps: the bands of a model (the company default when pricingModelID is 0 or left out). */
export const mileageStepsListInput = listInput({ pricingModelID: optionalRef() });

export const mileageStepsOfModel = z.object({
  id: z.number(),
  name: z.string(),
  kind: kind().nullable(),
  version: z.number().nullable(),
  /** A standard model's bands, a vehicle model's standard tariff's bands; none for other kinds. */
  mileageSteps: z.array(mileageStepRow),
});

export const clientPricingRow = z.object({
  id: z.number().describe('The client'),
  clientID: z.number(),
  clientName: z.string(),
  pricingModelID: z.number().describe('0: none (the client is priced by the vehicle type or company default)'),
  pricingModelName: z.string().nullable(),
});

export const clientPricingSortColumns = ['clientName', 'pricingModelName'] as const;

export const clientPricingListInput = listInput({
  sortColumn: z
    .enum(clientPricingSortColumns, { error: `must be one of: ${clientPricingSortColumns.join(', ')}` })
    .optional(),
  pricingModelID: optionalRef().describe('Only the clients of this model'),
});

/** ClientPricingModelAssignment/Update: set the client's model, or 0 to reset it to none. */
export const clientPricingUpdateInput = z.object({
  clientID: id(),
  pricingModelID: wholeNumber({ min: 0, max: 2_147_483_647 }),
});

/** The price's breakdown, as the fare engine answers it (docs/pricing.md). */
export const quoteItem = z.object({
  code: z.string(),
  label: z.string(),
  amount: z.number(),
  detail: z.string(),
});
export const pricedBy = z.object({
  kind: kind(),
  id: z.number().describe('The pricing model; 0 for the built-in default of a company without one'),
  version: z.number(),
  name: z.string(),
  via: z.enum(['fixedPrice', 'clientModel', 'vehicleTypeModel', 'companyDefault', 'chosenModel']),
  fixedRow: z.number().optional(),
});
export const consideredRule = z.object({
  kind: z.string(),
  id: z.number().nullable(),
  name: z.string().nullable(),
  matched: z.boolean(),
  why: z.string(),
});
export const priceBreakdownShape = {
  net: z.number(),
  vat: z.number(),
  vatMode: z.enum(['inclusive', 'exclusive']),
  pricedBy,
  items: z.array(quoteItem),
  considered: z.array(consideredRule),
};
/** A price with its breakdown, as bookings store it and quotes answer it (docs/pricing.md). */
export const priceBreakdown = z.object({
  price: z.number(),
  currency: z.string(),
  ...priceBreakdownShape,
  pickupLocal: z.string().describe('The pick-up on the company clock, as peaks were read'),
});
