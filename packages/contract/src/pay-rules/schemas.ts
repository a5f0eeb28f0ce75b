import { mileageStepSchema, peakPeriodSchema, peakTimeSchema } from '@cabdesk/fare-engine';
import {
  appliesTo,
  bonusMeasures,
  bonusSchema,
  commissionSchema,
  driverPayModelSchema,
  hourlyPaySchema,
  mileageBasisSchema,
  mileagePaySchema,
  payBases,
  payJobSchema,
  vehicleOverrideSchema,
} from '@cabdesk/pay-engine';
import { z } from 'zod';
import { flag, id, listInput, optionalRef, requiredText, text, wholeNumber } from '../fields';

/**
 * Driver payment models (docs/driver-pay-rules.md). The pay engine's schemas are the payload, so a
 * refusal names the field as sent (`peakTimes.1.from`). A model's rules live in versions: every change
 * to any part writes a new version; the server checks the whole model before writing it.
 */

const parts = driverPayModelSchema.shape;

/** The model, by the name the spec's store gives it. */
const model = () => id().describe('The driver payment model');

/** The parts of a model's rules a call may send; each is the engine's own schema of that part. */
export const rulePartFields = {
  basis: z.enum(payBases, { error: `must be one of ${payBases.join(', ')}` }),
  commission: parts.commission,
  mileage: parts.mileage,
  vehicleTypeMileage: parts.vehicleTypeMileage.unwrap(),
  fixedPerJob: parts.fixedPerJob,
  hourly: parts.hourly,
  vehicleOverrides: parts.vehicleOverrides.unwrap(),
  clientRules: parts.clientRules.unwrap(),
  peakTimes: parts.peakTimes.unwrap(),
  peakPeriods: parts.peakPeriods.unwrap(),
  bonuses: parts.bonuses.unwrap(),
  deductions: parts.deductions.unwrap(),
};
export type RulePart = keyof typeof rulePartFields;
export const ruleParts = Object.keys(rulePartFields) as RulePart[];

const optionalParts = Object.fromEntries(ruleParts.map((p) => [p, rulePartFields[p].optional()])) as {
  [P in RulePart]: z.ZodOptional<(typeof rulePartFields)[P]>;
};

const description = () => text(500).nullable().optional();

/** DriverPayment/Create: a name and the rules of version 1 (parts left out are empty). */
export const driverPayModelInput = z.object({
  name: requiredText(200),
  description: description(),
  isActive: flag().optional().default(true),
  ...optionalParts,
  basis: rulePartFields.basis,
});

/**
 * DriverPayment/Update: any of the name, settings and parts; a part left out stays as it is. A change
 * of any part writes a new version.
 */
export const driverPayModelUpdateInput = z.object({
  DriverPaymentID: model(),
  name: requiredText(200).optional(),
  description: description(),
  isActive: flag().optional(),
  ...optionalParts,
});

export const driverPayModelRow = z.object({
  id: z.number(),
  DriverPaymentID: z.number().describe('The same as id, under the spec’s name'),
  name: z.string(),
  description: z.string().nullable(),
  basis: z.enum(payBases).nullable().describe('null before any rules are written'),
  isActive: z.boolean(),
  version: z.number().nullable().describe('The version in force; null before any rules are written'),
  driverCount: z.number().describe('Drivers paid by it: assigned, or by their driver type’s default'),
  driverTypeCount: z.number().describe('Driver types whose default it is'),
  updatedAt: z.string(),
});

export const driverPayModelSortColumns = ['name', 'basis', 'version', 'updatedAt'] as const;

export const driverPayModelListInput = listInput({
  sortColumn: z
    .enum(driverPayModelSortColumns, { error: `must be one of: ${driverPayModelSortColumns.join(', ')}` })
    .optional(),
  basis: z.enum(payBases, { error: `must be one of ${payBases.join(', ')}` }).optional(),
  isActive: flag().optional(),
});

const versionRow = z.object({ version: z.number(), createdAt: z.string(), createdBy: z.number().nullable() });

/** A model with its rules: the version in force, or the one asked for. */
export const driverPayModelDetail = driverPayModelRow.extend({
  versionCreatedAt: z.string().nullable(),
  /** The engine's model (id, version, name and every part); null before any rules are written. */
  rules: driverPayModelSchema.nullable(),
  /** Every version, newest first. */
  versions: z.array(versionRow),
});

export const driverPayModelByIdInput = z.object({
  DriverPaymentID: model(),
  version: wholeNumber({ min: 1, max: 2_147_483_647 })
    .optional()
    .describe('An older version; the one in force when left out'),
});

export const driverPayModelRef = z.object({ DriverPaymentID: model() });

/** DriverPayment/GetDriverPayment: the basis and what it pays. */
export const driverPayBasis = z.object({
  DriverPaymentID: z.number(),
  name: z.string(),
  version: z.number().nullable(),
  basis: z.enum(payBases).nullable(),
  commission: commissionSchema.nullable(),
  mileage: mileageBasisSchema.nullable(),
  fixedPerJob: z.number().nullable(),
  hourly: hourlyPaySchema.nullable(),
});

/** A change of one part: the model's new version and the part as it now is. */
export const partChange = <S extends z.ZodType>(part: S) =>
  z.object({ DriverPaymentID: z.number(), version: z.number(), rows: part });

export const mileageBandRow = mileageStepSchema.extend({ index: z.number().describe('The band’s place, from 0') });

export const modelListInput = listInput({ DriverPaymentID: model() });

export const vehicleTypeMileageListInput = listInput({
  DriverPaymentID: model(),
  vehicleTypeID: id().describe('The vehicle type'),
});

export const vehicleTypeMileageRow = z.object({
  id: z.number().describe('The vehicle type'),
  vehicleTypeID: z.number(),
  vehicleTypeName: z.string(),
  hasOwnMileage: z.boolean().describe('false: the type pays the model’s own-car and company-car mileage'),
  ownCar: mileagePaySchema.nullable().describe('What the type pays: its own bands, else the model’s; null: none'),
  companyCar: mileagePaySchema.nullable(),
});

export const vehicleOverrideListInput = listInput({
  DriverPaymentID: model(),
  appliesTo: z.enum(appliesTo, { error: `must be one of ${appliesTo.join(', ')}` }).optional(),
});

export const vehicleOverrideRow = z.object({
  id: z.number(),
  vehicleId: z.number().nullable(),
  vehicleName: z.string().nullable().describe('Registration and make; null for a vehicle type'),
  vehicleTypeId: z.number().nullable(),
  vehicleTypeName: z.string().nullable(),
  appliesTo: z.enum(appliesTo),
  commissionPercent: z.string().nullable(),
  fixedPerJob: z.number().nullable(),
});

/** DriverPayment/CreateVehicleOverride: the whole list of overrides (one left out is removed). */
export const vehicleOverridesInput = z.object({
  DriverPaymentID: model(),
  vehicleOverrides: rulePartFields.vehicleOverrides,
});

/** DriverPayment/UpdateVehicleOverride: one override, by its id, replaced. */
export const vehicleOverrideUpdateInput = vehicleOverrideSchema.safeExtend({ DriverPaymentID: model() });

export const clientRuleRow = z.object({
  id: z.number(),
  ClientDriverPaymentID: z.number().describe('The client rule'),
  ClientId: z.number(),
  clientName: z.string().nullable(),
  appliesTo: z.enum(appliesTo),
  commissionPercent: z.string().nullable(),
  fixedPerJob: z.number().nullable(),
});

/** DriverPayment/AddDrvrPaymentClient: a client rule added, or replaced by its id. */
export const clientRuleInput = z.object({
  DriverPaymentID: model(),
  ClientDriverPaymentID: optionalRef().describe('A rule to replace; 0 or left out adds one'),
  ClientId: id().describe('The client'),
  appliesTo: z
    .enum(appliesTo, { error: `must be one of ${appliesTo.join(', ')}` })
    .optional()
    .default('all'),
  commissionPercent: vehicleOverrideSchema.shape.commissionPercent,
  fixedPerJob: vehicleOverrideSchema.shape.fixedPerJob,
});

export const clientRuleKeyInput = z.object({ DriverPaymentID: model(), ClientDriverPaymentID: id() });

export const peakTimesInput = z.object({ DriverPaymentID: model(), peakTimes: rulePartFields.peakTimes });
export const peakPeriodsInput = z.object({ DriverPaymentID: model(), peakPeriods: rulePartFields.peakPeriods });
export const peakTimeRow = peakTimeSchema;
export const peakPeriodRow = peakPeriodSchema;

/** DriverPayment/CreateBonus: the whole list of bonuses, each a master with its bands. */
export const bonusesInput = z.object({ DriverPaymentID: model(), bonuses: rulePartFields.bonuses });

/** UpdateBonus: one bonus, by its id, replaced. */
export const bonusUpdateInput = bonusSchema.safeExtend({ DriverPaymentID: model() });

/** DriverPayment/GetDriverPaymentBonus: the masters (the condition) and their details (the bands). */
export const bonusesOfModel = z.object({
  DriverPaymentID: z.number(),
  version: z.number().nullable(),
  bonusMaster: z.array(
    z.object({ id: z.number(), name: z.string(), measure: z.enum(bonusMeasures), bandCount: z.number() }),
  ),
  bonusDetail: z.array(
    z.object({
      bonusId: z.number(),
      index: z.number().describe('The band’s place in its bonus, from 0'),
      from: z.number(),
      to: z.number().nullable(),
      amount: z.number(),
    }),
  ),
});

/* ------------------------------------------------------------------------------------------------
 * DriverPaymentModelAssignment: which model pays each driver (their own, else their type's default).
 * --------------------------------------------------------------------------------------------- */

export const payAssignmentSources = ['driver', 'driverType', 'none'] as const;

export const payAssignmentRow = z.object({
  id: z.number().describe('The driver'),
  driverID: z.number(),
  driverName: z.string(),
  callsign: z.string().nullable(),
  driverTypeID: z.number().nullable(),
  driverTypeName: z.string().nullable(),
  ownModelID: z.number().nullable().describe('The driver’s own model; null: the driver type’s default'),
  modelID: z.number().nullable().describe('The model that pays the driver'),
  modelName: z.string().nullable(),
  source: z.enum(payAssignmentSources).describe('driver: assigned; driverType: the type’s default; none'),
});

export const payAssignmentSortColumns = ['driverName', 'callsign', 'driverTypeName', 'modelName'] as const;

export const payAssignmentListInput = listInput({
  sortColumn: z
    .enum(payAssignmentSortColumns, { error: `must be one of: ${payAssignmentSortColumns.join(', ')}` })
    .optional(),
  driverTypeID: optionalRef().describe('Only drivers of this type'),
  modelID: optionalRef().describe('Only drivers this model pays'),
});

/** Assigns a model to drivers and/or makes it driver types' default; 0 takes the assignment away. */
export const payAssignmentUpdateInput = z
  .object({
    DriverPaymentID: wholeNumber({ min: 0, max: 2_147_483_647 }).describe(
      'The model; 0: drivers go back to their type’s default, types lose their default',
    ),
    driverIDs: z.array(id()).max(500, 'must have at most 500 drivers').optional().default([]),
    driverTypeIDs: z.array(id()).max(100, 'must have at most 100 driver types').optional().default([]),
  })
  .refine((v) => v.driverIDs.length + v.driverTypeIDs.length > 0, {
    path: ['driverIDs'],
    message: 'name at least one driver or driver type',
  });

export const payAssignmentResult = z.object({
  DriverPaymentID: z.number(),
  modelName: z.string().nullable(),
  drivers: z.number().describe('Drivers changed'),
  driverTypes: z.number().describe('Driver types changed'),
});

/** DriverPayment/TryJob: a sample job under a model's rules (the version in force, or an older one). */
export const tryJobInput = payJobSchema.omit({ bookingId: true }).extend({
  DriverPaymentID: model(),
  version: wholeNumber({ min: 1, max: 2_147_483_647 })
    .optional()
    .describe('An older version; the one in force when left out'),
});

/** A job's pay as the pay engine gives it: the amount, how it was made, and every rule it looked at. */
export const jobPayResult = z.object({
  amount: z.number().describe('The driver’s pay, minor units; the items add up to it'),
  modelId: z.number(),
  version: z.number(),
  basis: z.enum([...payBases, 'none']),
  via: z.enum(['clientRule', 'vehicleOverride', 'model']),
  ruleId: z.number().nullable(),
  pickupLocal: z.string().describe('The pick-up on the company clock, as the peaks saw it'),
  items: z.array(z.object({ code: z.string(), label: z.string(), amount: z.number(), detail: z.string() })),
  considered: z.array(
    z.object({
      kind: z.enum(['clientRule', 'vehicleOverride', 'basis', 'peakPeriod', 'peakTime']),
      id: z.number().nullable(),
      matched: z.boolean(),
      why: z.string(),
    }),
  ),
});
