import { compareRatios, decimalPattern, roundingModes } from '@cabdesk/money';
import { z } from 'zod';

/**
 * The rules a company prices with and the journey to price, as zod schemas. The contract reuses the
 * model schemas for the Pricing/* calls, so a refusal names the field as the caller sent it
 * (`mileageSteps.2.fromKm`). Amounts are whole minor units of the company currency; multipliers, VAT
 * rates and percentages are exact decimal strings ("1.5", "20"); distances in km allow metres
 * (three decimals).
 */

const MAX_MINOR = 100_000_000_00;

/** A price or a rate in whole minor units, ≥ 0. */
export const minorAmount = () =>
  z
    .number({ error: 'must be a whole number of minor units' })
    .int('must be a whole number of minor units')
    .min(0, 'must be at least 0')
    .max(MAX_MINOR, `must be at most ${MAX_MINOR}`);

const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

export const ruleId = () => wholeNumber(1, 2_147_483_647);

/** A distance in kilometres, to the metre. */
export const kilometres = () =>
  z
    .number({ error: 'must be a number of kilometres' })
    .min(0, 'must be at least 0')
    .max(100_000, 'must be at most 100000')
    .refine(
      (km) => Math.abs(km * 1000 - Math.round(km * 1000)) < 1e-6,
      'must be in whole metres (three decimals at most)',
    );

/**
 * An exact decimal string within [min, max] (the bounds are decimal strings too). The format check
 * stops the rest: the range checks read the text as a number and cannot read anything else.
 */
export const decimal = (opts: { min: string; max: string; above?: boolean }) =>
  z
    .string({ error: 'must be a decimal number such as 1.25' })
    .trim()
    .regex(decimalPattern, { error: 'must be a decimal number such as 1.25', abort: true })
    .refine((v) => v.replace(/[-.]/g, '').replace(/^0+/, '').length <= 12, {
      error: 'must have at most 12 digits',
      abort: true,
    })
    .refine(
      (v) => (opts.above ? compareRatios(v, opts.min) > 0 : compareRatios(v, opts.min) >= 0),
      opts.above ? `must be more than ${opts.min}` : `must be at least ${opts.min}`,
    )
    .refine((v) => compareRatios(v, opts.max) <= 0, `must be at most ${opts.max}`);

/** A multiplier of a price: more than 0, at most 100. */
export const multiplier = () => decimal({ min: '0', max: '100', above: true });
/** A percentage from 0 to 100 ("20", "17.5"). */
export const percent = () => decimal({ min: '0', max: '100' });

const name = () =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters');

/** One band of the mileage steps: from `fromKm` to `toKm` at `ratePerKm`; the last band has no end. */
export const mileageStepSchema = z.object({
  fromKm: kilometres(),
  /** Where the band ends; the last band keeps applying past it (or has none): never capped. */
  toKm: kilometres().nullable().optional(),
  ratePerKm: minorAmount(),
});

/**
 * The bands must be in order of distance, each starting where the one before ends (no overlap and no
 * gap), and every band but the last must end after it starts.
 */
export const mileageStepsSchema = z
  .array(mileageStepSchema)
  .max(50, 'must have at most 50 bands')
  .superRefine((bands, ctx) => {
    bands.forEach((band, i) => {
      const last = i === bands.length - 1;
      if (band.toKm != null && band.toKm <= band.fromKm) {
        ctx.addIssue({ code: 'custom', path: [i, 'toKm'], message: `must be more than fromKm (${band.fromKm})` });
      }
      if (!last && band.toKm == null) {
        ctx.addIssue({ code: 'custom', path: [i, 'toKm'], message: 'is required on every band but the last' });
      }
      const before = bands[i - 1];
      if (!before) return;
      if (band.fromKm < before.fromKm) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'fromKm'],
          message: `bands must be in order of distance: this one starts before the band above (${before.fromKm} km)`,
        });
      } else if (before.toKm != null && band.fromKm < before.toKm) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'fromKm'],
          message: `overlaps the band above, which ends at ${before.toKm} km`,
        });
      } else if (before.toKm != null && band.fromKm > before.toKm) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'fromKm'],
          message: `leaves a gap after the band above, which ends at ${before.toKm} km`,
        });
      }
    });
  });

export const deadMileageModes = ['none', 'fromBase', 'fromLastDropOff'] as const;
export type DeadMileageMode = (typeof deadMileageModes)[number];

/** The components of a distance tariff; each is optional (zero or absent charges nothing). */
export const tariffShape = {
  /** Charged once; it includes the first `includedKm`. */
  baseFare: minorAmount().default(0),
  includedKm: kilometres().default(0),
  mileageSteps: mileageStepsSchema.default([]),
  /** Per minute of driving (the journey's duration). */
  ratePerMinute: minorAmount().default(0),
  waiting: z
    .object({
      graceMinutes: wholeNumber(0, 1440).default(0),
      /** The grace for an airport pick-up (passengers wait for luggage). */
      airportGraceMinutes: wholeNumber(0, 1440).default(0),
      ratePerMinute: minorAmount(),
    })
    .nullable()
    .optional(),
  minimumFare: minorAmount().default(0),
  deadMileage: z
    .object({
      /** none; fromBase: from the company base to the pick-up; fromLastDropOff: from the vehicle's last drop-off. */
      mode: z.enum(deadMileageModes, { error: `must be one of ${deadMileageModes.join(', ')}` }),
      ratePerKm: minorAmount().default(0),
      /** Dead mileage up to this is not charged. */
      freeKm: kilometres().default(0),
    })
    .nullable()
    .optional(),
};

export const tariffSchema = z.object(tariffShape);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

/** A peak's charge: a multiplier of the fare ("1.5") or a fixed surcharge in minor units — one of the two. */
const peakCharge = {
  multiplier: multiplier().nullable().optional(),
  surcharge: minorAmount().nullable().optional(),
};

function oneCharge(peak: { multiplier?: string | null; surcharge?: number | null }, ctx: z.RefinementCtx): void {
  const has = (peak.multiplier != null ? 1 : 0) + (peak.surcharge != null ? 1 : 0);
  if (has !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [peak.multiplier != null ? 'surcharge' : 'multiplier'],
      message: has ? 'give a multiplier or a surcharge, not both' : 'give a multiplier or a surcharge',
    });
  }
}

/**
 * Week days (1 Monday … 7 Sunday) and a window of local time; a window whose `to` is before its
 * `from` crosses midnight and belongs to the day it starts on (Friday 22:00–05:00 covers Saturday
 * 00:30). `to` may be 24:00.
 */
export const peakTimeSchema = z
  .object({
    id: ruleId(),
    name: name(),
    weekdays: z
      .array(wholeNumber(1, 7), { error: 'must be a list of week days 1 (Monday) to 7 (Sunday)' })
      .min(1, 'must name at least one week day')
      .max(7, 'must name each week day once')
      .refine((days) => new Set(days).size === days.length, 'must name each week day once'),
    from: z.string({ error: 'must be a time as HH:MM' }).regex(HHMM, 'must be a time as HH:MM'),
    to: z
      .string({ error: 'must be a time as HH:MM' })
      .refine((v) => v === '24:00' || HHMM.test(v), 'must be a time as HH:MM (24:00 for midnight)'),
    ...peakCharge,
  })
  .superRefine((peak, ctx) => {
    if (peak.from === peak.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must differ from from: the window has no length' });
    }
    oneCharge(peak, ctx);
  });

/** A range of local date-times (from inclusive, to exclusive) such as Christmas: 2026-12-24T18:00 → 2026-12-27T06:00. */
export const peakPeriodSchema = z
  .object({
    id: ruleId(),
    name: name(),
    from: z
      .string({ error: 'must be a local date-time as YYYY-MM-DDTHH:MM' })
      .regex(LOCAL_DATE_TIME, 'must be a local date-time as YYYY-MM-DDTHH:MM'),
    to: z
      .string({ error: 'must be a local date-time as YYYY-MM-DDTHH:MM' })
      .regex(LOCAL_DATE_TIME, 'must be a local date-time as YYYY-MM-DDTHH:MM'),
    ...peakCharge,
  })
  .superRefine((period, ctx) => {
    if (period.to <= period.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be after from (${period.from})` });
    oneCharge(period, ctx);
  });

const peaksShape = {
  peakTimes: z.array(peakTimeSchema).max(100, 'must have at most 100 peak times').default([]),
  peakPeriods: z.array(peakPeriodSchema).max(100, 'must have at most 100 peak periods').default([]),
};

const modelShape = {
  id: ruleId(),
  /** A new version each time the model changes; a booking keeps the version it was priced with. */
  version: wholeNumber(1, 2_147_483_647),
  name: name(),
};

/** Whether two rows are the same by `key`: the issue names the later row and the row it repeats. */
function noDuplicates<T>(
  rows: readonly T[],
  key: (row: T) => string,
  what: string,
  field: string,
  ctx: z.RefinementCtx,
): void {
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const k = key(row);
    const first = seen.get(k);
    if (first === undefined) seen.set(k, i);
    else ctx.addIssue({ code: 'custom', path: [i, field], message: `repeats the ${what} at index ${first}` });
  });
}

export const standardModelSchema = z.object({
  kind: z.literal('standard'),
  ...modelShape,
  ...tariffShape,
  ...peaksShape,
});

/** A route of a zone model: from a pick-up zone to a drop-off zone, a price or a tariff (one of the two). */
export const zoneRouteSchema = z
  .object({
    fromZoneId: ruleId(),
    toZoneId: ruleId(),
    reverseAlsoMatches: z.boolean({ error: 'must be true or false' }).default(false),
    price: minorAmount().nullable().optional(),
    tariff: tariffSchema.nullable().optional(),
  })
  .superRefine((route, ctx) => {
    if ((route.price != null) === (route.tariff != null)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'give a price or a tariff, one of the two' });
    }
  });

export const zoneModelSchema = z.object({
  kind: z.literal('zone'),
  ...modelShape,
  routes: z
    .array(zoneRouteSchema)
    .min(1, 'must have at least one route')
    .max(20_000, 'must have at most 20000 routes')
    .superRefine((routes, ctx) =>
      noDuplicates(routes, (r) => `${r.fromZoneId}>${r.toZoneId}`, 'route', 'toZoneId', ctx),
    ),
  ...peaksShape,
});

/** A vehicle type's rates in a vehicle model: its own tariff, or a multiplier of the model's standard tariff. */
export const vehicleRateSchema = z
  .object({
    vehicleTypeId: ruleId(),
    multiplier: multiplier().nullable().optional(),
    tariff: tariffSchema.nullable().optional(),
  })
  .superRefine((rate, ctx) => {
    if ((rate.multiplier != null) === (rate.tariff != null)) {
      ctx.addIssue({ code: 'custom', path: ['multiplier'], message: 'give a multiplier or a tariff, one of the two' });
    }
  });

export const vehicleModelSchema = z.object({
  kind: z.literal('vehicle'),
  ...modelShape,
  /** The standard tariff: what a vehicle type without its own rates pays, and what multipliers multiply. */
  standard: tariffSchema,
  vehicles: z
    .array(vehicleRateSchema)
    .max(200, 'must have at most 200 vehicle types')
    .default([])
    .superRefine((rows, ctx) =>
      noDuplicates(rows, (r) => String(r.vehicleTypeId), 'vehicle type row', 'vehicleTypeId', ctx),
    ),
  ...peaksShape,
});

const hours = () =>
  z
    .number({ error: 'must be a number of hours' })
    .min(0, 'must be at least 0')
    .max(720, 'must be at most 720')
    .refine((h) => Math.abs(h * 60 - Math.round(h * 60)) < 1e-6, 'must be in whole minutes');

export const hourlyModelSchema = z.object({
  kind: z.literal('hourly'),
  ...modelShape,
  ratePerHour: minorAmount(),
  minimumHours: hours().default(0),
  /** Vehicle types with their own rate (and minimum); the others pay `ratePerHour`. */
  vehicles: z
    .array(
      z.object({ vehicleTypeId: ruleId(), ratePerHour: minorAmount(), minimumHours: hours().nullable().optional() }),
    )
    .max(200, 'must have at most 200 vehicle types')
    .default([])
    .superRefine((rows, ctx) =>
      noDuplicates(rows, (r) => String(r.vehicleTypeId), 'vehicle type row', 'vehicleTypeId', ctx),
    ),
  ...peaksShape,
});

/**
 * A place a fixed price starts or ends at, as the caller resolved it: a known location
 * (`location:12`), a postcode district (`postcode:SW1A`) or a zone (`zone:3`).
 */
export const locationKeySchema = z
  .string({ error: 'must be a place such as location:12, postcode:SW1A or zone:3' })
  .regex(
    /^(location:[1-9]\d{0,9}|postcode:[A-Z0-9]{1,8}|zone:[1-9]\d{0,9})$/,
    'must be a place such as location:12, postcode:SW1A or zone:3',
  );

export const fixedPriceRowSchema = z.object({
  id: ruleId().nullable().optional(),
  from: locationKeySchema,
  to: locationKeySchema,
  /** The vehicle type this price is for; none for every vehicle type. */
  vehicleTypeId: ruleId().nullable().optional(),
  price: minorAmount(),
  /** The same price from `to` back to `from`. */
  reverseAlsoMatches: z.boolean({ error: 'must be true or false' }).default(false),
});

export const fixedModelSchema = z.object({
  kind: z.literal('fixed'),
  ...modelShape,
  rows: z
    .array(fixedPriceRowSchema)
    .max(100_000, 'must have at most 100000 rows')
    .superRefine((rows, ctx) =>
      noDuplicates(rows, (r) => `${r.from}>${r.to}>${r.vehicleTypeId ?? '*'}`, 'row', 'to', ctx),
    ),
});

export const pricingModelKinds = ['standard', 'zone', 'vehicle', 'fixed', 'hourly'] as const;
export type PricingModelKind = (typeof pricingModelKinds)[number];

export const pricingModelSchema = z.discriminatedUnion(
  'kind',
  [standardModelSchema, zoneModelSchema, vehicleModelSchema, fixedModelSchema, hourlyModelSchema],
  { error: `kind must be one of ${pricingModelKinds.join(', ')}` },
);

const currency = () =>
  z.string({ error: 'must be a currency code such as GBP' }).regex(/^[A-Z]{3}$/, 'must be a currency code such as GBP');

const timeZone = () =>
  z.string({ error: 'must be a time zone such as Europe/London' }).refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be a time zone such as Europe/London');

export const expenseTypeSchema = z.object({
  id: ruleId(),
  name: name(),
  /** Price of one, in the company's VAT mode (gross when prices include VAT). */
  price: minorAmount(),
  vatRatePercent: percent(),
});

/** Everything a company prices with: the models, who uses which, and the company's money settings. */
export const pricingRulesSchema = z
  .object({
    currency: currency(),
    timeZone: timeZone(),
    vat: z.object({
      /** inclusive: prices and rates include VAT; exclusive: VAT is added on top. */
      mode: z.enum(['inclusive', 'exclusive'], { error: 'must be inclusive or exclusive' }),
      ratePercent: percent(),
    }),
    rounding: z
      .object({
        /** How fractions of a minor unit round (VAT, per-km and per-minute amounts). */
        mode: z.enum(['half-up', 'half-even'], { error: 'must be half-up or half-even' }).default('half-up'),
        /** The fare is rounded to a multiple of this many minor units (1: not at all). */
        step: wholeNumber(1, 100_000).default(1),
        stepMode: z
          .enum(roundingModes as ['half-up', 'half-even', 'up', 'down'], {
            error: `must be one of ${roundingModes.join(', ')}`,
          })
          .default('half-up'),
      })
      .default({ mode: 'half-up', step: 1, stepMode: 'half-up' }),
    models: z
      .array(pricingModelSchema)
      .min(1, 'must have at least one model')
      .max(1000, 'must have at most 1000 models')
      .superRefine((models, ctx) => noDuplicates(models, (m) => String(m.id), 'model', 'id', ctx)),
    /** Prices every journey no other rule prices: a standard or vehicle model. */
    defaultModelId: ruleId(),
    /** Prices hourly hires no other rule prices: an hourly model. */
    defaultHourlyModelId: ruleId().nullable().optional(),
    /** The company's fixed-price table, checked before every other rule. */
    fixedPriceModelId: ruleId().nullable().optional(),
    clientModels: z
      .array(z.object({ clientId: ruleId(), modelId: ruleId() }))
      .default([])
      .superRefine((rows, ctx) => noDuplicates(rows, (r) => String(r.clientId), 'client row', 'clientId', ctx)),
    vehicleTypeModels: z
      .array(z.object({ vehicleTypeId: ruleId(), modelId: ruleId() }))
      .default([])
      .superRefine((rows, ctx) =>
        noDuplicates(rows, (r) => String(r.vehicleTypeId), 'vehicle type row', 'vehicleTypeId', ctx),
      ),
    expenseTypes: z
      .array(expenseTypeSchema)
      .max(500, 'must have at most 500 expense types')
      .default([])
      .superRefine((rows, ctx) => noDuplicates(rows, (r) => String(r.id), 'expense type', 'id', ctx)),
  })
  .superRefine((rules, ctx) => {
    const kinds = new Map(rules.models.map((m) => [m.id, m.kind]));
    const refer = (
      path: (string | number)[],
      id: number | null | undefined,
      allowed: readonly PricingModelKind[],
      role: string,
    ) => {
      if (id == null) return;
      const kind = kinds.get(id);
      if (!kind) ctx.addIssue({ code: 'custom', path, message: `names no model among the models (${id})` });
      else if (!allowed.includes(kind)) {
        ctx.addIssue({ code: 'custom', path, message: `${role} must be a ${allowed.join(' or ')} model, not ${kind}` });
      }
    };
    refer(
      ['defaultModelId'],
      rules.defaultModelId,
      ['standard', 'vehicle'],
      'the company default (it prices every journey)',
    );
    refer(['defaultHourlyModelId'], rules.defaultHourlyModelId, ['hourly'], 'the hourly default');
    refer(['fixedPriceModelId'], rules.fixedPriceModelId, ['fixed'], 'the fixed-price table');
    rules.clientModels.forEach((row, i) =>
      refer(['clientModels', i, 'modelId'], row.modelId, pricingModelKinds, 'a client model'),
    );
    rules.vehicleTypeModels.forEach((row, i) =>
      refer(['vehicleTypeModels', i, 'modelId'], row.modelId, pricingModelKinds, 'a vehicle type model'),
    );
  });

/** A discount the caller resolved (a discount code, a client's agreement): a percentage or a fixed amount. */
export const discountSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('percentage'), code: z.string().max(50).nullable().optional(), percent: percent() }),
    z.object({ kind: z.literal('fixed'), code: z.string().max(50).nullable().optional(), amount: minorAmount() }),
  ],
  { error: 'kind must be percentage or fixed' },
);

const ids = () => z.array(ruleId()).max(50, 'must have at most 50 ids').default([]);
const keys = () => z.array(locationKeySchema).max(20, 'must have at most 20 places').default([]);
const count = (max: number) => wholeNumber(0, max);

/** The journey to price: measured, resolved to zones and places, with its extras. */
export const journeySchema = z.object({
  distanceMetres: count(10_000_000).default(0),
  durationSeconds: count(10 * 24 * 3600).default(0),
  waitingSeconds: count(24 * 3600).default(0),
  isAirportPickup: z.boolean({ error: 'must be true or false' }).default(false),
  vehicleTypeId: ruleId().nullable().optional(),
  clientId: ruleId().nullable().optional(),
  /** The zones the pick-up is in, the most specific (smallest) first. */
  pickupZoneIds: ids(),
  dropoffZoneIds: ids(),
  /** The places the pick-up is known as (location:…, postcode:…, zone:…). */
  pickupLocationKeys: keys(),
  dropoffLocationKeys: keys(),
  /** From the company base or the vehicle's last drop-off to the pick-up, by the model's dead-mileage mode. */
  deadMileageMetres: count(10_000_000).default(0),
  extras: z
    .array(z.object({ expenseTypeId: ruleId(), quantity: wholeNumber(1, 100) }))
    .max(50, 'must have at most 50 extras')
    .default([]),
  /** Hours of an hourly hire; absent for a journey between places. */
  hours: hours()
    .refine((h) => h > 0, 'must be more than 0')
    .nullable()
    .optional(),
  passengers: wholeNumber(1, 100).default(1),
  discount: discountSchema.nullable().optional(),
});

export type MileageStep = z.infer<typeof mileageStepSchema>;
export type Tariff = z.infer<typeof tariffSchema>;
export type PeakTime = z.infer<typeof peakTimeSchema>;
export type PeakPeriod = z.infer<typeof peakPeriodSchema>;
export type StandardModel = z.infer<typeof standardModelSchema>;
export type ZoneModel = z.infer<typeof zoneModelSchema>;
export type VehicleModel = z.infer<typeof vehicleModelSchema>;
export type HourlyModel = z.infer<typeof hourlyModelSchema>;
export type FixedModel = z.infer<typeof fixedModelSchema>;
export type FixedPriceRow = z.infer<typeof fixedPriceRowSchema>;
export type PricingModel = z.infer<typeof pricingModelSchema>;
/** Rules as a caller writes them (defaults may be left out). */
export type PricingRulesInput = z.input<typeof pricingRulesSchema>;
export type PricingRules = z.infer<typeof pricingRulesSchema>;
export type Discount = z.infer<typeof discountSchema>;
/** A journey as a caller writes it (defaults may be left out). */
export type JourneyInput = z.input<typeof journeySchema>;
export type Journey = z.infer<typeof journeySchema>;
