import { z } from 'zod';
import { ownerDocumentStates } from '../documents/schemas';
import { clearable, flag, id, kept, listInput, optionalRef, requiredText, text, wholeNumber } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';

/** The oldest model year a vehicle may have. */
export const FIRST_VEHICLE_YEAR = 1980;

const nextYear = () => new Date().getUTCFullYear() + 1;

/** Registrations are stored upper-case with single spaces; uniqueness ignores case and spaces. */
const registration = () =>
  requiredText(20)
    .transform((v) => v.toUpperCase().replace(/\s+/g, ' '))
    .pipe(z.string().regex(/^[\p{L}\p{N} -]+$/u, 'must be letters, digits, spaces or -'));

/** The document state of a vehicle: the worst state of its mandatory documents. */
export const vehicleDocumentStates = ownerDocumentStates;
export type VehicleDocumentState = (typeof vehicleDocumentStates)[number];

const modelYear = () =>
  wholeNumber({ min: FIRST_VEHICLE_YEAR }).refine((v) => v <= nextYear(), {
    error: () => `must be at most ${nextYear()}`,
  });

const seats = () => wholeNumber({ min: 1, max: 60 });

const vehicleClass = () => z.enum(codesOf('vehicleClass'));

const tagIds = () =>
  z
    .array(id(), { error: 'must be a list of tag ids' })
    .max(30, 'may hold at most 30 tags')
    .optional()
    .describe('Vehicle tags; absent on an update keeps the tags as they are');

export const vehicleFields = z.object({
  registration: registration(),
  vehicleTypeId: id(),
  make: text(60).optional(),
  model: text(60).optional(),
  colour: text(40).optional(),
  year: modelYear().optional(),
  seats: seats().optional(),
  vehicleClass: vehicleClass().optional(),
  ownerDriverId: optionalRef().describe("The driver who owns the car (owner drivers); 0 or absent for the company's"),
  notes: text(1000).optional(),
  isActive: flag().optional().default(true),
  tagIds: tagIds(),
});

/**
 * Vehicle/Update changes only the fields it is sent: a field left out stays as it is, '' or null
 * clears an optional one (ownerDriverId also takes 0), registration and vehicleTypeId cannot be cleared.
 */
export const vehicleUpdateInput = z.object({
  id: id(),
  registration: registration().optional(),
  vehicleTypeId: kept(id()),
  make: clearable(text(60)),
  model: clearable(text(60)),
  colour: clearable(text(40)),
  year: clearable(modelYear()),
  seats: clearable(seats()),
  vehicleClass: clearable(vehicleClass()),
  ownerDriverId: clearable(wholeNumber({ min: 0, max: 2_147_483_647 }))
    .transform((v) => (v === 0 ? null : v))
    .describe("The driver who owns the car; 0, '' or null: the company's"),
  notes: clearable(text(1000)),
  isActive: flag().optional(),
  tagIds: tagIds(),
});

const tagRef = z.object({ id: z.number(), name: z.string(), colour: z.string() });

export const vehicleRow = z.object({
  id: z.number(),
  registration: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  year: z.number().nullable(),
  seats: z.number().nullable(),
  vehicleClass: z.string().nullable(),
  vehicleTypeId: z.number(),
  vehicleTypeName: z.string(),
  ownerDriverId: z.number().nullable(),
  ownerDriverName: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  tags: z.array(tagRef),
  documentState: z.enum(vehicleDocumentStates),
  createdAt: z.string(),
});

export const vehicleSortColumns = ['registration', 'make', 'vehicleTypeName', 'year', 'createdAt'] as const;

export const vehicleListInput = listInput({
  vehicleTypeId: wholeNumber({ min: 1 }).optional(),
  vehicleClass: z.enum(codesOf('vehicleClass')).optional(),
  ownerDriverId: wholeNumber({ min: 1 }).optional(),
  isActive: flag().optional(),
  tagId: wholeNumber({ min: 1 }).optional(),
  documentState: z.enum(vehicleDocumentStates).optional(),
  sortColumn: z.enum(vehicleSortColumns, { error: `must be one of: ${vehicleSortColumns.join(', ')}` }).optional(),
});

export const vehicleLookupRow = z.object({
  id: z.number(),
  registration: z.string(),
  name: z.string().describe('"REG — Make Model"'),
  vehicleTypeId: z.number(),
});

export const vehicleTypeOptionRow = z.object({
  id: z.number(),
  name: z.string(),
  maxPassengers: z.number(),
  maxLuggage: z.number(),
});

export const vehicleTagRow = z.object({ id: z.number(), name: z.string(), colour: z.string() });
