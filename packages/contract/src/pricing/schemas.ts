import {
  fixedModelSchema,
  hourlyModelSchema,
  locationKeySchema,
  mileageStepSchema,
  minorAmount,
  peakPeriodSchema,
  peakTimeSchema,
  pricingModelKinds,
  pricingModelSchema,
  standardModelSchema,
  tariffSchema,
  vehicleModelSchema,
  zoneModelSchema,
  zoneRouteSchema,
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

/* ------------------------------------------------------------------------------------------------
 * Vehicle models (Pricing/CreateVehicle, UpdateVehicle, GetVehiclePricingModel…): a standard tariff
 * and per vehicle type its own tariff or a multiplier of the standard.
 * --------------------------------------------------------------------------------------------- */

const vehicleRules = vehicleModelSchema.omit({ id: true, version: true, kind: true }).extend({
  kind: z.literal('vehicle', { error: 'must be vehicle (or left out)' }).optional().default('vehicle'),
});

/** Pricing/CreateVehicle: a vehicle model (kind may be left out). */
export const vehicleModelInput = vehicleRules.extend(settings);

/** Pricing/UpdateVehicle: the whole vehicle model again; it becomes a new version. */
export const vehicleModelUpdateInput = vehicleRules.extend(numbered);

export const vehicleModelListInput = listInput({
  sortColumn: z
    .enum(pricingModelSortColumns, { error: `must be one of: ${pricingModelSortColumns.join(', ')}` })
    .optional(),
  isActive: flag().optional(),
});

/** The mileage steps one vehicle type pays inside a vehicle model (0 or left out: the standard tariff). */
export const vehicleStepsListInput = listInput({
  pricingModelID: id(),
  vehicleTypeID: optionalRef().describe('The vehicle type; 0 or left out: the standard tariff'),
});

export const vehicleStepsByIdInput = z.object({
  id: id().describe('The vehicle model'),
  vehicleTypeID: optionalRef().describe('The vehicle type; 0 or left out: the standard tariff'),
});

export const vehicleStepsOfModel = mileageStepsOfModel.extend({
  vehicleTypeID: z.number().describe('0: the standard tariff'),
  source: z
    .enum(['standard', 'own', 'multiplier'])
    .describe(
      'standard: the type has no row and pays the standard tariff; own: its own tariff; multiplier: the standard bands, the fare multiplied',
    ),
  multiplier: z.string().nullable().describe('The multiplier of the standard fare, when the type has one'),
});

/* ------------------------------------------------------------------------------------------------
 * Zone models (Pricing/CreateZone, DeleteZone, GetZonePricingModelForEdit, getZonePricingModelMileageSteps)
 * --------------------------------------------------------------------------------------------- */

/** Pricing/CreateZone: adds the route from one zone to another to a zone model, or replaces it. */
export const zoneRouteInput = z
  .object({
    pricingModelID: optionalRef().describe(
      'The zone model; 0 or left out makes a new zone model named name with this route',
    ),
    name: z.string().trim().max(200, 'must be at most 200 characters').optional().describe('Only for a new model'),
    fromZoneID: id(),
    toZoneID: id(),
    reverseAlsoMatches: flag().optional().default(false),
    price: zoneRouteSchema.shape.price,
    tariff: zoneRouteSchema.shape.tariff,
  })
  .superRefine((route, ctx) => {
    if ((route.price != null) === (route.tariff != null)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'give a price or a tariff, one of the two' });
    }
  });

/** Pricing/DeleteZone: removes the route from one zone to another. */
export const zoneRouteKeyInput = z.object({
  pricingModelID: id(),
  fromZoneID: id(),
  toZoneID: id(),
});

export const zoneStepsListInput = listInput({
  pricingModelID: id(),
  fromZoneID: id(),
  toZoneID: id(),
});

const zoneRouteRow = z.object({
  index: z.number().describe('The route’s place in the model, from 0'),
  fromZoneID: z.number(),
  fromZoneName: z.string().nullable().describe('null: the zone was deleted since'),
  toZoneID: z.number(),
  toZoneName: z.string().nullable(),
  reverseAlsoMatches: z.boolean(),
  price: z.number().nullable(),
  tariff: tariffSchema.nullable(),
});

/** Pricing/GetZonePricingModelForEdit: the model, its routes with the zone names, and the zones to choose from. */
export const zoneModelForEdit = pricingModelRow.extend({
  versions: pricingModelDetail.shape.versions,
  routes: z.array(zoneRouteRow),
  peakTimes: z.array(peakTimeSchema),
  peakPeriods: z.array(peakPeriodSchema),
  zones: z.array(z.object({ id: z.number(), name: z.string(), colour: z.string(), isActive: z.boolean() })),
});

/* ------------------------------------------------------------------------------------------------
 * Fixed prices (FixedPricing/*): the editable rows of a fixed model; every change writes a new
 * version whose rules hold all the rows (docs/pricing.md).
 * --------------------------------------------------------------------------------------------- */

export const placeKey = () => locationKeySchema;

export const fixedPriceFields = {
  pricingModelID: optionalRef().describe("The fixed model; 0 or left out: the company's fixed-price table"),
  fromKey: placeKey().describe('location:12, postcode:SW1A or zone:3'),
  toKey: placeKey(),
  vehicleTypeID: optionalRef().describe('0 or left out: every vehicle type'),
  priceMinor: minorAmount(),
  reverseAlsoMatches: flag().optional().default(false),
};

export const fixedPriceInput = z.object(fixedPriceFields);
export const fixedPriceUpdateInput = z.object({ ...fixedPriceFields, id: id() }).omit({ pricingModelID: true });

export const fixedPriceRow = z.object({
  id: z.number(),
  pricingModelID: z.number(),
  fromKey: z.string(),
  fromName: z.string(),
  toKey: z.string(),
  toName: z.string(),
  vehicleTypeID: z.number().describe('0: every vehicle type'),
  vehicleTypeName: z.string().nullable(),
  priceMinor: z.number(),
  reverseAlsoMatches: z.boolean(),
  updatedAt: z.string(),
});

/** A fixed-price change: the row and the version of the model it wrote. */
export const fixedPriceChange = fixedPriceRow.extend({ version: z.number() });

export const fixedPriceSortColumns = ['fromName', 'toName', 'vehicleTypeName', 'priceMinor', 'updatedAt'] as const;

export const fixedPriceListInput = listInput({
  sortColumn: z
    .enum(fixedPriceSortColumns, { error: `must be one of: ${fixedPriceSortColumns.join(', ')}` })
    .optional(),
  pricingModelID: optionalRef().describe("0 or left out: the company's fixed-price table"),
  vehicleTypeID: wholeNumber({ min: -1, max: 2_147_483_647 })
    .optional()
    .describe('Only rows of this vehicle type; -1: only the rows for every type'),
});

export const placeChoice = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['location', 'postcode', 'zone']),
});

export const placeListInput = listInput({
  kind: z.enum(['location', 'postcode', 'zone'], { error: 'must be location, postcode or zone' }).optional(),
});

export const fixedPriceEditInput = z.object({
  id: wholeNumber({ min: 0, max: 2_147_483_647 }).optional().default(0).describe('0: a new row'),
  pricingModelID: optionalRef(),
});

/** FixedPricing/GetEditData: one row (or null for a new one) with the choices of its fields. */
export const fixedPriceEditData = z.object({
  row: fixedPriceRow.nullable(),
  pricingModelID: z.number().describe('0: no fixed table yet (the first row makes it)'),
  pricingModelName: z.string().nullable(),
  places: z.array(placeChoice),
  vehicleTypes: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const fixedImportOutcomes = ['new', 'changed', 'unchanged', 'error'] as const;

export const fixedImportRow = z.object({
  rowNumber: z.number().describe('The row in the sheet (the header is row 1)'),
  outcome: z.enum(fixedImportOutcomes),
  from: z.string(),
  to: z.string(),
  vehicleType: z.string(),
  fromKey: z.string().nullable(),
  toKey: z.string().nullable(),
  vehicleTypeID: z.number().nullable(),
  priceMinor: z.number().nullable().describe('The new price'),
  oldPriceMinor: z.number().nullable().describe('The price now, for a changed or unchanged row'),
  reverseAlsoMatches: z.boolean().nullable(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

/** FixedPricing/SaveExcelImportFile: every row's outcome; a commit writes them all or nothing. */
export const fixedImportResult = z.object({
  committed: z.boolean(),
  pricingModelID: z.number(),
  version: z.number().nullable().describe('The version the commit wrote; null for a preview'),
  counts: z.object({ new: z.number(), changed: z.number(), unchanged: z.number(), error: z.number() }),
  rows: z.array(fixedImportRow),
});

export const fixedExportInput = z.object({
  pricingModelID: optionalRef(),
  vehicleTypeID: fixedPriceListInput.shape.vehicleTypeID,
});

export const fileAnswer = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  content: z.string(),
  rows: z.number(),
});
