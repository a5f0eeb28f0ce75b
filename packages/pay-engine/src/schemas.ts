import {
  kilometres,
  mileageStepsSchema,
  minorAmount,
  peakPeriodSchema,
  peakTimeSchema,
  percent,
  ruleId,
} from '@cabdesk/fare-engine';
import { z } from 'zod';

/**
 * A driver payment model's rules, one version of them, as zod schemas. The contract reuses the parts
 * for the DriverPayment/* calls, so a refusal names the field as the caller sent it. Amounts are whole
 * minor units; percentages and multipliers exact decimal strings; distances in km to the metre. The
 * bands and peak windows are the fare engine's (one definition of a mileage band and of a peak).
 */

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const name = () =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters');

/** How a job's pay is made when no client rule or vehicle override says otherwise. */
export const payBases = ['commission', 'mileage', 'fixed', 'hourly'] as const;
export type PayBasis = (typeof payBases)[number];

/** The payment methods a job's pay and its cash netting depend on. */
export const payMethods = ['cash', 'card', 'account'] as const;
export type PayMethod = (typeof payMethods)[number];

/**
 * The office's commission: the share of the fare (the job's price, VAT included, extras included,
 * expenses excluded) the office keeps; the driver earns the rest. Separate for cash, card and account.
 */
export const commissionSchema = z.object({
  cashPercent: percent(),
  cardPercent: percent(),
  accountPercent: percent(),
});

/** Tiered per-km pay on the job's distance, with an amount per job on top (0: none). */
export const mileagePaySchema = z.object({
  perJob: minorAmount().default(0),
  steps: mileageStepsSchema.refine((s) => s.length > 0, 'must have at least one band'),
});

/** Mileage pay for the driver's own car and for a company car (the vehicle's owner decides which). */
export const mileageBasisSchema = z.object({
  ownCar: mileagePaySchema,
  companyCar: mileagePaySchema,
});

/** A vehicle type that pays its own mileage (both cars). */
export const vehicleTypeMileageSchema = z.object({
  vehicleTypeId: ruleId(),
  ownCar: mileagePaySchema,
  companyCar: mileagePaySchema,
});

export const hourlyPaySchema = z.object({
  ratePerHour: minorAmount(),
  /** A job shorter than this is paid as this long. */
  minimumMinutes: wholeNumber(0, 1440).default(0),
});

/** Which jobs an override or a client rule takes: all, or those paid in cash / by card only. */
export const appliesTo = ['all', 'cash', 'card'] as const;

/**
 * What an override or a client rule pays instead of the basis: a commission percentage (the office's
 * share of the fare) or a fixed amount per job, one of the two.
 */
const payInstead = {
  commissionPercent: percent().nullable().optional(),
  fixedPerJob: minorAmount().nullable().optional(),
};

function oneInstead(rule: { commissionPercent?: string | null; fixedPerJob?: number | null }, ctx: z.RefinementCtx) {
  const has = (rule.commissionPercent != null ? 1 : 0) + (rule.fixedPerJob != null ? 1 : 0);
  if (has !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [rule.commissionPercent != null ? 'fixedPerJob' : 'commissionPercent'],
      message: has ? 'give a commission or a fixed amount, not both' : 'give a commission or a fixed amount',
    });
  }
}

/** A vehicle, or every vehicle of a type, that pays differently (one of the two). */
export const vehicleOverrideSchema = z
  .object({
    id: ruleId(),
    vehicleId: ruleId().nullable().optional(),
    vehicleTypeId: ruleId().nullable().optional(),
    appliesTo: z.enum(appliesTo, { error: `must be one of ${appliesTo.join(', ')}` }).default('all'),
    ...payInstead,
  })
  .superRefine((o, ctx) => {
    if ((o.vehicleId != null) === (o.vehicleTypeId != null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['vehicleId'],
        message: 'give a vehicle or a vehicle type, one of the two',
      });
    }
    oneInstead(o, ctx);
  });

/** A client whose jobs pay a different commission or amount. */
export const clientPayRuleSchema = z
  .object({
    id: ruleId(),
    clientId: ruleId(),
    appliesTo: z.enum(appliesTo, { error: `must be one of ${appliesTo.join(', ')}` }).default('all'),
    ...payInstead,
  })
  .superRefine(oneInstead);

/** What a bonus counts over the statement's period. */
export const bonusMeasures = ['jobs', 'earnings', 'rating', 'acceptanceRate'] as const;
export type BonusMeasure = (typeof bonusMeasures)[number];

/**
 * A band of a bonus: from `from` (inclusive) to `to` (exclusive; none: no end) of the measure, the
 * amount. Jobs and earnings (minor units) are whole numbers; rating (0–5) and acceptance rate (0–100)
 * decimals.
 */
export const bonusBandSchema = z.object({
  from: z.number({ error: 'must be a number' }).min(0, 'must be at least 0'),
  to: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').nullable().optional(),
  amount: minorAmount(),
});

/** The bonus master (its condition) and its details (the bands, in order, without overlap). */
export const bonusSchema = z.object({
  id: ruleId(),
  name: name(),
  measure: z.enum(bonusMeasures, { error: `must be one of ${bonusMeasures.join(', ')}` }),
  /** Only one band pays: the one the measure falls in. */
  bands: z
    .array(bonusBandSchema)
    .min(1, 'must have at least one band')
    .max(50, 'must have at most 50 bands')
    .superRefine((bands, ctx) => {
      bands.forEach((band, i) => {
        if (band.to != null && band.to <= band.from) {
          ctx.addIssue({ code: 'custom', path: [i, 'to'], message: `must be more than from (${band.from})` });
        }
        if (i < bands.length - 1 && band.to == null) {
          ctx.addIssue({ code: 'custom', path: [i, 'to'], message: 'is required on every band but the last' });
        }
        const before = bands[i - 1];
        if (before && before.to != null && band.from < before.to) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'from'],
            message: `bands must be in order without overlap: the band above ends at ${before.to}`,
          });
        }
      });
    }),
});

export const deductionKinds = ['rent', 'subscription', 'equipment'] as const;

/** A weekly amount taken from the driver's statement (a company car's rent, the app subscription). */
export const deductionSchema = z.object({
  id: ruleId(),
  name: name(),
  kind: z.enum(deductionKinds, { error: `must be one of ${deductionKinds.join(', ')}` }),
  weeklyAmount: minorAmount(),
  /** Rent of a company car: taken only from a driver who drove a company car in the period. */
  companyCarOnly: z.boolean({ error: 'must be true or false' }).default(false),
});

function noDuplicates<T>(
  rows: readonly T[],
  key: (row: T) => string,
  what: string,
  field: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const k = key(row);
    const first = seen.get(k);
    if (first === undefined) seen.set(k, i);
    else ctx.addIssue({ code: 'custom', path: [i, field], message: `repeats the ${what} at index ${first}` });
  });
}

/** Minutes of the week (Monday 00:00 = 0) a peak time covers; a window past midnight runs into the next day. */
function weekMinutes(peak: { weekdays: number[]; from: string; to: string }): Array<[number, number]> {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const from = minutes(peak.from);
  const to = minutes(peak.to);
  const length = to > from ? to - from : 1440 - from + to;
  return peak.weekdays.map((d) => [(d - 1) * 1440 + from, (d - 1) * 1440 + from + length]);
}

function overlaps(a: Array<[number, number]>, b: Array<[number, number]>): boolean {
  const week = 7 * 1440;
  return a.some(([af, at]) =>
    b.some(([bf, bt]) => [-week, 0, week].some((shift) => af < bt + shift && bf + shift < at)),
  );
}

/** One version of a model's rules: what `DriverPayment/*` edits and the pay engine reads. */
export const driverPayModelSchema = z
  .object({
    id: ruleId(),
    version: wholeNumber(1, 2_147_483_647),
    name: name(),
    basis: z.enum(payBases, { error: `must be one of ${payBases.join(', ')}` }),
    commission: commissionSchema.nullable().optional(),
    mileage: mileageBasisSchema.nullable().optional(),
    vehicleTypeMileage: z
      .array(vehicleTypeMileageSchema)
      .max(200, 'must have at most 200 vehicle types')
      .default([])
      .superRefine((rows, ctx) =>
        noDuplicates(rows, (r) => String(r.vehicleTypeId), 'vehicle type', 'vehicleTypeId', ctx),
      ),
    fixedPerJob: minorAmount().nullable().optional(),
    hourly: hourlyPaySchema.nullable().optional(),
    vehicleOverrides: z
      .array(vehicleOverrideSchema)
      .max(500, 'must have at most 500 overrides')
      .default([])
      .superRefine((rows, ctx) =>
        noDuplicates(
          rows,
          (r) => `${r.vehicleId != null ? `v${r.vehicleId}` : `t${r.vehicleTypeId}`}:${r.appliesTo}`,
          'override of this vehicle for these jobs',
          'appliesTo',
          ctx,
        ),
      ),
    clientRules: z
      .array(clientPayRuleSchema)
      .max(2000, 'must have at most 2000 client rules')
      .default([])
      .superRefine((rows, ctx) =>
        noDuplicates(
          rows,
          (r) => `${r.clientId}:${r.appliesTo}`,
          'rule of this client for these jobs',
          'clientId',
          ctx,
        ),
      ),
    peakTimes: z
      .array(peakTimeSchema)
      .max(100, 'must have at most 100 peak times')
      .default([])
      .superRefine((peaks, ctx) => {
        peaks.forEach((peak, i) => {
          const first = peaks.slice(0, i).findIndex((other) => overlaps(weekMinutes(other), weekMinutes(peak)));
          if (first >= 0) {
            ctx.addIssue({ code: 'custom', path: [i, 'from'], message: `overlaps the peak time at index ${first}` });
          }
        });
      }),
    peakPeriods: z
      .array(peakPeriodSchema)
      .max(100, 'must have at most 100 peak periods')
      .default([])
      .superRefine((periods, ctx) => {
        periods.forEach((period, i) => {
          const first = periods.slice(0, i).findIndex((other) => other.from < period.to && period.from < other.to);
          if (first >= 0) {
            ctx.addIssue({ code: 'custom', path: [i, 'from'], message: `overlaps the peak period at index ${first}` });
          }
        });
      }),
    bonuses: z
      .array(bonusSchema)
      .max(50, 'must have at most 50 bonuses')
      .default([])
      .superRefine((rows, ctx) => noDuplicates(rows, (r) => String(r.id), 'bonus', 'id', ctx)),
    deductions: z
      .array(deductionSchema)
      .max(50, 'must have at most 50 deductions')
      .default([])
      .superRefine((rows, ctx) => noDuplicates(rows, (r) => String(r.id), 'deduction', 'id', ctx)),
  })
  .superRefine((model, ctx) => {
    const needs: Record<PayBasis, keyof typeof model> = {
      commission: 'commission',
      mileage: 'mileage',
      fixed: 'fixedPerJob',
      hourly: 'hourly',
    };
    const field = needs[model.basis];
    if (model[field] == null) {
      ctx.addIssue({ code: 'custom', path: [field], message: `is required when basis is ${model.basis}` });
    }
  });

/** A job as the pay engine sees it: what the caller read from the booking, its vehicle and its track. */
export const payJobSchema = z.object({
  bookingId: ruleId(),
  /** The job's price (VAT and extras included; the driver's expenses are not part of it). */
  fare: minorAmount(),
  paymentMethod: z.enum(payMethods, { error: `must be one of ${payMethods.join(', ')}` }),
  /** UTC instant of the pick-up; peaks read it on the company's clock. */
  pickupAt: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }),
  /** The distance the job is paid on: driven with the passenger (GPS), else the priced one. */
  distanceKm: kilometres(),
  /** Minutes from on board to done (hourly pay). */
  durationMinutes: wholeNumber(0, 100_000),
  hourlyHire: z.boolean().default(false),
  vehicleId: ruleId().nullable().optional(),
  vehicleTypeId: ruleId().nullable().optional(),
  /** The vehicle is the driver's own car (vehicles.owner_driver_id is the driver). */
  ownCar: z.boolean().default(false),
  clientId: ruleId().nullable().optional(),
});

export type Commission = z.infer<typeof commissionSchema>;
export type MileagePay = z.infer<typeof mileagePaySchema>;
export type VehicleOverride = z.infer<typeof vehicleOverrideSchema>;
export type ClientPayRule = z.infer<typeof clientPayRuleSchema>;
export type Bonus = z.infer<typeof bonusSchema>;
export type BonusBand = z.infer<typeof bonusBandSchema>;
export type Deduction = z.infer<typeof deductionSchema>;
export type DriverPayModelInput = z.input<typeof driverPayModelSchema>;
export type DriverPayModel = z.infer<typeof driverPayModelSchema>;
export type PayJobInput = z.input<typeof payJobSchema>;
export type PayJob = z.infer<typeof payJobSchema>;
