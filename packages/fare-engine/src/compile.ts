import { minorDigits, ratio, type Ratio } from '@cabdesk/money';
import { PricingInputError } from './errors';
import {
  type FixedModel,
  type FixedPriceRow,
  type HourlyModel,
  type PeakPeriod,
  type PeakTime,
  type PricingModel,
  type PricingRules,
  type PricingRulesInput,
  pricingRulesSchema,
  type Tariff,
  type VehicleModel,
  type ZoneModel,
} from './schemas';

/**
 * Rules made ready to price with: validated once, distances in metres, rates as exact ratios and
 * every look-up (fixed-price rows, zone routes, vehicle rates, assignments) an index, so a quote
 * costs the same over a 5-row or a 50,000-row table.
 */

export interface CompiledTariff {
  baseFare: number;
  includedMetres: number;
  /** Bands in metres; the last one's `to` is Infinity (never capped). */
  bands: { from: number; to: number; ratePerKm: number; label: string }[];
  ratePerMinute: number;
  waiting: { graceSeconds: number; airportGraceSeconds: number; ratePerMinute: number } | null;
  minimumFare: number;
  deadMileage: { mode: 'fromBase' | 'fromLastDropOff'; ratePerKm: number; freeMetres: number } | null;
}

export interface CompiledPeak {
  kind: 'peakTime' | 'peakPeriod';
  id: number;
  name: string;
  multiplier: Ratio | null;
  multiplierText: string | null;
  surcharge: number | null;
  /** peakTime: a bit per week day (1 << weekday) and the window in minutes; `to` < `from` crosses midnight. */
  days: number;
  from: number;
  to: number;
  /** peakPeriod: local date-times (from inclusive, to exclusive). */
  fromText: string;
  toText: string;
  window: string;
}

interface ModelBase {
  id: number;
  version: number;
  name: string;
  peaks: CompiledPeak[];
}

export type CompiledModel =
  | (ModelBase & { kind: 'standard'; tariff: CompiledTariff })
  | (ModelBase & {
      kind: 'zone';
      routes: Map<string, CompiledZoneRoute>;
      reverse: Map<string, CompiledZoneRoute>;
    })
  | (ModelBase & {
      kind: 'vehicle';
      standard: CompiledTariff;
      vehicles: Map<number, { tariff: CompiledTariff | null; multiplier: Ratio | null; multiplierText: string | null }>;
    })
  | (ModelBase & {
      kind: 'hourly';
      ratePerHour: number;
      minimumMinutes: number;
      vehicles: Map<number, { ratePerHour: number; minimumMinutes: number }>;
    })
  | (ModelBase & { kind: 'fixed'; index: FixedIndex });

export interface CompiledZoneRoute {
  fromZoneId: number;
  toZoneId: number;
  price: number | null;
  tariff: CompiledTariff | null;
}

export type IndexedRow = FixedPriceRow & { index: number };

/** The rows for one pair of places: by vehicle type, and the row for every vehicle type. */
export interface FixedPair {
  byVehicleType: Map<number, IndexedRow>;
  any: IndexedRow | undefined;
}

export interface FixedIndex {
  /** from → to → the rows, as written. */
  forward: Map<string, Map<string, FixedPair>>;
  /** The rows that also match the other way round, under their places reversed. */
  reverse: Map<string, Map<string, FixedPair>>;
  size: number;
}

export interface CompiledRules {
  readonly compiled: true;
  rules: PricingRules;
  currency: string;
  /** Minor units as a decimal for the words of the breakdown ("12.50"), without float arithmetic. */
  money: (minor: number) => string;
  timeZone: string;
  vat: { mode: 'inclusive' | 'exclusive'; rate: Ratio; rateText: string };
  rounding: PricingRules['rounding'];
  models: Map<number, CompiledModel>;
  defaultModel: CompiledModel;
  defaultHourlyModel: CompiledModel | null;
  fixedPrices: CompiledModel | null;
  clientModels: Map<number, CompiledModel>;
  vehicleTypeModels: Map<number, CompiledModel>;
  expenseTypes: Map<number, { id: number; name: string; price: number; rate: Ratio; rateText: string }>;
}

/** Writes minor units as a decimal with the currency's digits ("12.50"). */
function moneyText(digits: number): (minor: number) => string {
  if (digits === 0) return (minor) => String(minor);
  return (minor) => {
    const text = String(Math.abs(minor)).padStart(digits + 1, '0');
    return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
  };
}

const metres = (km: number) => Math.round(km * 1000);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const kmText = (m: number) => String(m / 1000);

export function compileTariff(t: Tariff): CompiledTariff {
  const bands = t.mileageSteps.map((band, i, all) => {
    const last = i === all.length - 1;
    const from = metres(band.fromKm);
    const to = last ? Infinity : metres(band.toKm as number);
    return {
      from,
      to,
      ratePerKm: band.ratePerKm,
      label: last ? `${kmText(from)} km on` : `${kmText(from)}–${kmText(to)} km`,
    };
  });
  return {
    baseFare: t.baseFare,
    includedMetres: metres(t.includedKm),
    bands,
    ratePerMinute: t.ratePerMinute,
    waiting: t.waiting
      ? {
          graceSeconds: t.waiting.graceMinutes * 60,
          airportGraceSeconds: t.waiting.airportGraceMinutes * 60,
          ratePerMinute: t.waiting.ratePerMinute,
        }
      : null,
    minimumFare: t.minimumFare,
    deadMileage:
      t.deadMileage && t.deadMileage.mode !== 'none'
        ? { mode: t.deadMileage.mode, ratePerKm: t.deadMileage.ratePerKm, freeMetres: metres(t.deadMileage.freeKm) }
        : null,
  };
}

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "every day", "Mon–Fri", "Sat, Sun", "Mon, Wed, Fri". */
function daysText(weekdays: readonly number[]): string {
  const days = [...weekdays].sort((a, b) => a - b);
  if (days.length === 7) return 'every day';
  const consecutive = days.every((d, i) => i === 0 || d === (days[i - 1] as number) + 1);
  if (consecutive && days.length > 2) return `${DAY_NAMES[days[0] as number]}–${DAY_NAMES[days.at(-1) as number]}`;
  return days.map((d) => DAY_NAMES[d]).join(', ');
}

/** Peak times and periods ready to match (the pay engine reads the same peaks with `peakMatches`). */
export function compilePeaks(times: readonly PeakTime[], periods: readonly PeakPeriod[]): CompiledPeak[] {
  const charge = (p: { multiplier?: string | null; surcharge?: number | null }) => ({
    multiplier: p.multiplier != null ? ratio(p.multiplier) : null,
    multiplierText: p.multiplier ?? null,
    surcharge: p.surcharge ?? null,
  });
  return [
    ...times.map((p) => ({
      kind: 'peakTime' as const,
      id: p.id,
      name: p.name,
      ...charge(p),
      days: p.weekdays.reduce((bits, d) => bits | (1 << d), 0),
      from: minutesOf(p.from),
      to: p.to === '24:00' ? 1440 : minutesOf(p.to),
      fromText: '',
      toText: '',
      window: `${daysText(p.weekdays)} ${p.from}–${p.to}`,
    })),
    ...periods.map((p) => ({
      kind: 'peakPeriod' as const,
      id: p.id,
      name: p.name,
      ...charge(p),
      days: 0,
      from: 0,
      to: 0,
      fromText: p.from,
      toText: p.to,
      window: `${p.from.replace('T', ' ')} – ${p.to.replace('T', ' ')}`,
    })),
  ];
}

function put(index: Map<string, Map<string, FixedPair>>, from: string, to: string, row: IndexedRow): void {
  let tos = index.get(from);
  if (!tos) {
    tos = new Map();
    index.set(from, tos);
  }
  let pair = tos.get(to);
  if (!pair) {
    pair = { byVehicleType: new Map(), any: undefined };
    tos.set(to, pair);
  }
  if (row.vehicleTypeId == null) pair.any = row;
  else pair.byVehicleType.set(row.vehicleTypeId, row);
}

/** The fixed-price rows indexed by place, place and vehicle type: a match is a few map look-ups. */
export function indexFixedRows(rows: readonly FixedPriceRow[]): FixedIndex {
  const forward = new Map<string, Map<string, FixedPair>>();
  const reverse = new Map<string, Map<string, FixedPair>>();
  rows.forEach((row, index) => {
    const entry = { ...row, index };
    put(forward, row.from, row.to, entry);
    if (row.reverseAlsoMatches) put(reverse, row.to, row.from, entry);
  });
  return { forward, reverse, size: rows.length };
}

function compileModel(m: PricingModel): CompiledModel {
  const base = { id: m.id, version: m.version, name: m.name };
  switch (m.kind) {
    case 'standard':
      return { ...base, kind: 'standard', tariff: compileTariff(m), peaks: compilePeaks(m.peakTimes, m.peakPeriods) };
    case 'zone':
      return compileZone(m, base);
    case 'vehicle':
      return compileVehicle(m, base);
    case 'hourly':
      return compileHourly(m, base);
    case 'fixed':
      return compileFixed(m, base);
  }
}

function compileZone(m: ZoneModel, base: { id: number; version: number; name: string }): CompiledModel {
  const routes = new Map<string, CompiledZoneRoute>();
  const reverse = new Map<string, CompiledZoneRoute>();
  for (const r of m.routes) {
    const route = {
      fromZoneId: r.fromZoneId,
      toZoneId: r.toZoneId,
      price: r.price ?? null,
      tariff: r.tariff ? compileTariff(r.tariff) : null,
    };
    routes.set(`${r.fromZoneId}|${r.toZoneId}`, route);
    if (r.reverseAlsoMatches) reverse.set(`${r.toZoneId}|${r.fromZoneId}`, route);
  }
  return { ...base, kind: 'zone', routes, reverse, peaks: compilePeaks(m.peakTimes, m.peakPeriods) };
}

function compileVehicle(m: VehicleModel, base: { id: number; version: number; name: string }): CompiledModel {
  return {
    ...base,
    kind: 'vehicle',
    standard: compileTariff(m.standard),
    vehicles: new Map(
      m.vehicles.map((v) => [
        v.vehicleTypeId,
        {
          tariff: v.tariff ? compileTariff(v.tariff) : null,
          multiplier: v.multiplier != null ? ratio(v.multiplier) : null,
          multiplierText: v.multiplier ?? null,
        },
      ]),
    ),
    peaks: compilePeaks(m.peakTimes, m.peakPeriods),
  };
}

function compileHourly(m: HourlyModel, base: { id: number; version: number; name: string }): CompiledModel {
  const minutes = (h: number) => Math.round(h * 60);
  return {
    ...base,
    kind: 'hourly',
    ratePerHour: m.ratePerHour,
    minimumMinutes: minutes(m.minimumHours),
    vehicles: new Map(
      m.vehicles.map((v) => [
        v.vehicleTypeId,
        { ratePerHour: v.ratePerHour, minimumMinutes: minutes(v.minimumHours ?? m.minimumHours) },
      ]),
    ),
    peaks: compilePeaks(m.peakTimes, m.peakPeriods),
  };
}

function compileFixed(m: FixedModel, base: { id: number; version: number; name: string }): CompiledModel {
  return { ...base, kind: 'fixed', index: indexFixedRows(m.rows), peaks: [] };
}

/** Validates the rules (a PricingInputError naming every wrong field) and builds their indexes. */
export function compileRules(input: PricingRulesInput): CompiledRules {
  const parsed = pricingRulesSchema.safeParse(input);
  if (!parsed.success) throw PricingInputError.fromZod(parsed.error, 'the pricing rules are not valid');
  const rules = parsed.data;
  const models = new Map(rules.models.map((m) => [m.id, compileModel(m)]));
  const model = (id: number) => models.get(id) as CompiledModel;
  return {
    compiled: true,
    rules,
    currency: rules.currency,
    money: moneyText(minorDigits(rules.currency)),
    timeZone: rules.timeZone,
    vat: { mode: rules.vat.mode, rate: ratio(rules.vat.ratePercent), rateText: rules.vat.ratePercent },
    rounding: rules.rounding,
    models,
    defaultModel: model(rules.defaultModelId),
    defaultHourlyModel: rules.defaultHourlyModelId != null ? model(rules.defaultHourlyModelId) : null,
    fixedPrices: rules.fixedPriceModelId != null ? model(rules.fixedPriceModelId) : null,
    clientModels: new Map(rules.clientModels.map((r) => [r.clientId, model(r.modelId)])),
    vehicleTypeModels: new Map(rules.vehicleTypeModels.map((r) => [r.vehicleTypeId, model(r.modelId)])),
    expenseTypes: new Map(
      rules.expenseTypes.map((e) => [
        e.id,
        { id: e.id, name: e.name, price: e.price, rate: ratio(e.vatRatePercent), rateText: e.vatRatePercent },
      ]),
    ),
  };
}

const cache = new WeakMap<object, CompiledRules>();

/**
 * The compiled form of `rules`, built once per rules object: quoting twice with the same object
 * validates and indexes it once. Rules must not be changed after they were quoted with (a changed
 * tariff is a new version, hence a new object).
 */
export function compiledRules(rules: PricingRulesInput | CompiledRules): CompiledRules {
  if ((rules as CompiledRules).compiled === true) return rules as CompiledRules;
  let compiled = cache.get(rules);
  if (!compiled) {
    compiled = compileRules(rules as PricingRulesInput);
    cache.set(rules, compiled);
  }
  return compiled;
}
