import { compilePeaks, type CompiledPeak } from '@cabdesk/fare-engine';
import { ratio, ratioPlus, ratioTimes, type Ratio } from '@cabdesk/money';
import { PayInputError } from './errors';
import {
  type ClientPayRule,
  type DriverPayModel,
  type DriverPayModelInput,
  driverPayModelSchema,
  type MileagePay,
  type PayMethod,
  type VehicleOverride,
} from './schemas';

/**
 * A pay model made ready to pay with: validated once, distances in metres, percentages as exact
 * ratios and every rule an index, so a job costs a few look-ups whatever the model's size.
 */

export type AppliesTo = 'all' | 'cash' | 'card';

export interface CompiledMileage {
  perJob: number;
  /** Bands in metres; the last one's `to` is Infinity (never capped). */
  bands: { from: number; to: number; ratePerKm: number }[];
}

export interface CompiledCommission {
  /** The office's percentage as written ("22.5"). */
  percent: string;
  /** The driver's share of the fare: (100 − percent) / 100. */
  share: Ratio;
}

export interface CompiledPayModel {
  readonly compiledPay: true;
  model: DriverPayModel;
  commission: Record<PayMethod, CompiledCommission> | null;
  mileage: { ownCar: CompiledMileage; companyCar: CompiledMileage } | null;
  vehicleTypeMileage: Map<number, { ownCar: CompiledMileage; companyCar: CompiledMileage }>;
  /** By vehicle id, then by the jobs it takes. */
  vehicleOverrides: Map<number, Map<AppliesTo, VehicleOverride>>;
  vehicleTypeOverrides: Map<number, Map<AppliesTo, VehicleOverride>>;
  clientRules: Map<number, Map<AppliesTo, ClientPayRule>>;
  peakPeriods: CompiledPeak[];
  peakTimes: CompiledPeak[];
}

/** The driver's share of a fare when the office keeps `percent` of it. */
export function commissionOf(percent: string): CompiledCommission {
  return { percent, share: ratioPlus(1, ratioTimes(ratio(percent), [-1, 100])) };
}

function compileMileage(m: MileagePay): CompiledMileage {
  return {
    perJob: m.perJob,
    bands: m.steps.map((band, i, all) => ({
      from: Math.round(band.fromKm * 1000),
      to: i === all.length - 1 ? Infinity : Math.round((band.toKm as number) * 1000),
      ratePerKm: band.ratePerKm,
    })),
  };
}

function index<T extends { appliesTo: AppliesTo }>(rows: readonly T[], key: (row: T) => number | null | undefined) {
  const byKey = new Map<number, Map<AppliesTo, T>>();
  for (const row of rows) {
    const k = key(row);
    if (k == null) continue;
    let rules = byKey.get(k);
    if (!rules) {
      rules = new Map();
      byKey.set(k, rules);
    }
    rules.set(row.appliesTo, row);
  }
  return byKey;
}

/** Validates a model (a PayInputError naming every wrong field) and builds its indexes. */
export function compilePayModel(input: DriverPayModelInput): CompiledPayModel {
  const parsed = driverPayModelSchema.safeParse(input);
  if (!parsed.success) throw PayInputError.fromZod(parsed.error, 'the pay model is not valid');
  const model = parsed.data;
  const c = model.commission;
  const peaks = compilePeaks(model.peakTimes, model.peakPeriods);
  return {
    compiledPay: true,
    model,
    commission: c
      ? {
          cash: commissionOf(c.cashPercent),
          card: commissionOf(c.cardPercent),
          account: commissionOf(c.accountPercent),
        }
      : null,
    mileage: model.mileage
      ? { ownCar: compileMileage(model.mileage.ownCar), companyCar: compileMileage(model.mileage.companyCar) }
      : null,
    vehicleTypeMileage: new Map(
      model.vehicleTypeMileage.map((row) => [
        row.vehicleTypeId,
        { ownCar: compileMileage(row.ownCar), companyCar: compileMileage(row.companyCar) },
      ]),
    ),
    vehicleOverrides: index(model.vehicleOverrides, (o) => o.vehicleId),
    vehicleTypeOverrides: index(
      model.vehicleOverrides.filter((o) => o.vehicleId == null),
      (o) => o.vehicleTypeId,
    ),
    clientRules: index(model.clientRules, (r) => r.clientId),
    peakPeriods: peaks.filter((p) => p.kind === 'peakPeriod'),
    peakTimes: peaks.filter((p) => p.kind === 'peakTime'),
  };
}

const cache = new WeakMap<object, CompiledPayModel>();

/**
 * The compiled form of `model`, built once per model object: paying many jobs with the same object
 * validates and indexes it once. A model must not be changed after paying with it (a changed model is
 * a new version, hence a new object).
 */
export function compiledPayModel(model: DriverPayModelInput | CompiledPayModel): CompiledPayModel {
  if ((model as CompiledPayModel).compiledPay === true) return model as CompiledPayModel;
  let compiled = cache.get(model);
  if (!compiled) {
    compiled = compilePayModel(model as DriverPayModelInput);
    cache.set(model, compiled);
  }
  return compiled;
}
