import {
  assertMinor,
  divideRounded,
  MoneyRangeError,
  multiply,
  multiplyDivide,
  percentage,
  ratioPlus,
  ratioText,
  roundToStep,
  vatFromGross,
  vatFromNet,
  type Ratio,
} from '@cabdesk/money';
import {
  compiledRules,
  type CompiledModel,
  type CompiledPeak,
  type CompiledRules,
  type CompiledTariff,
  type FixedIndex,
  type IndexedRow,
} from './compile';
import { PricingInputError } from './errors';
import { localTime, type LocalTime } from './local-time';
import { readJourney } from './read-journey';
import { type Journey, type JourneyInput, type PricingModelKind, type PricingRulesInput } from './schemas';

export type ItemCode =
  | 'base'
  | 'distance'
  | 'time'
  | 'waiting'
  | 'deadMileage'
  | 'hourly'
  | 'zonePrice'
  | 'fixedPrice'
  | 'vehicleType'
  | 'peak'
  | 'minimumFare'
  | 'discount'
  | 'rounding'
  | 'extra'
  | 'vat';

/** One line of the breakdown: what it is, its amount in minor units (a discount is negative) and how it was made. */
export interface QuoteItem {
  code: ItemCode;
  label: string;
  amount: number;
  detail: string;
}

/** The steps of precedence, in order, then the peaks of the model that priced the journey. */
export type ConsideredKind = PricedBy['via'] | 'peakTime' | 'peakPeriod';

export interface Considered {
  kind: ConsideredKind;
  id: number | null;
  name: string | null;
  matched: boolean;
  why: string;
}

export interface PricedBy {
  kind: PricingModelKind;
  id: number;
  version: number;
  name: string;
  /** Which step of precedence found the model. */
  via: 'fixedPrice' | 'clientModel' | 'vehicleTypeModel' | 'companyDefault' | 'chosenModel';
  /** The fixed-price row that priced it (its id, or its place in the table from 1 when it has none). */
  fixedRow?: number;
}

export interface Quote {
  /** What the customer pays (gross), minor units; the items add up to exactly this. */
  price: number;
  net: number;
  vat: number;
  currency: string;
  vatMode: 'inclusive' | 'exclusive';
  pricedBy: PricedBy;
  items: QuoteItem[];
  considered: Considered[];
  /** The pick-up in the company's time zone, as the peaks saw it (YYYY-MM-DDTHH:MM). */
  pickupLocal: string;
}

type Step = PricedBy['via'];

export interface QuoteOptions {
  /** Price under this model alone, whatever the precedence would pick. */
  modelId?: number | null;
}

interface Fare {
  model: CompiledModel;
  items: QuoteItem[];
  minimum: number;
  peaks: readonly CompiledPeak[];
  fixedRow?: number;
}

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const kmText = (m: number) => String(Math.round(m) / 1000);
const minutesText = (seconds: number) => String(Math.round((seconds / 60) * 100) / 100);
const hoursText = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

/**
 * The price of a journey under a company's rules at a pick-up time: a pure function (no clock, no
 * I/O). `rules` may be the plain rules (validated and indexed once per object) or `compileRules`'s
 * answer. Throws a PricingInputError naming the field for a journey or rules it cannot price.
 * `options.modelId` prices under that one model instead of the precedence ("try a fare" under every
 * model, the fare curve of a model being edited). docs/pricing.md says how the price is made.
 */
export function quote(
  journeyInput: JourneyInput,
  rulesInput: PricingRulesInput | CompiledRules,
  pickupAt: Date | string,
  options: QuoteOptions = {},
): Quote {
  try {
    return quoteOnce(journeyInput, rulesInput, pickupAt, options);
  } catch (error) {
    if (error instanceof MoneyRangeError) {
      throw new PricingInputError('the journey cannot be priced', [
        { field: 'distanceMetres', message: 'gives a price beyond the range of whole minor units' },
      ]);
    }
    throw error;
  }
}

function quoteOnce(
  journeyInput: JourneyInput,
  rulesInput: PricingRulesInput | CompiledRules,
  pickupAt: Date | string,
  options: QuoteOptions,
): Quote {
  const rules = compiledRules(rulesInput);
  const journey = readJourney(journeyInput);
  const at = typeof pickupAt === 'string' ? new Date(pickupAt) : pickupAt;
  if (!(at instanceof Date) || !Number.isFinite(at.getTime())) {
    throw PricingInputError.field('pickupAt', 'must be a date-time with a zone');
  }
  const local = localTime(at, rules.timeZone);
  const money = rules.money;

  // Extras first: an unknown expense type is the caller's mistake whatever prices the fare.
  const extras = journey.extras.map((extra, i) => {
    const type = rules.expenseTypes.get(extra.expenseTypeId);
    if (!type) throw PricingInputError.field(`extras.${i}.expenseTypeId`, 'names no expense type of the company');
    return { type, quantity: extra.quantity, amount: assertMinor(type.price * extra.quantity, 'an extra') };
  });

  // Precedence: a fixed-price row → the client's model → the vehicle type's model → the company default.
  const considered: Considered[] = [];
  let fare: Fare | null = null;
  let via: Step = 'companyDefault';
  const hourly = journey.hours != null;
  const chosen = options.modelId != null ? rules.models.get(options.modelId) : undefined;
  if (options.modelId != null && !chosen) {
    throw new PricingInputError('the journey cannot be priced', [
      { field: 'modelId', message: `names no model among the rules (${options.modelId})` },
    ]);
  }
  const precedence: [Step, CompiledModel | null, string][] = [
    [
      'fixedPrice',
      hourly ? null : rules.fixedPrices,
      hourly ? 'fixed prices are for journeys between two places, not hourly hires' : 'the company has no fixed prices',
    ],
    [
      'clientModel',
      journey.clientId != null ? (rules.clientModels.get(journey.clientId) ?? null) : null,
      journey.clientId != null
        ? `client ${journey.clientId} has no pricing model of its own`
        : 'the booking has no client',
    ],
    [
      'vehicleTypeModel',
      journey.vehicleTypeId != null ? (rules.vehicleTypeModels.get(journey.vehicleTypeId) ?? null) : null,
      journey.vehicleTypeId != null
        ? `vehicle type ${journey.vehicleTypeId} has no pricing model of its own`
        : 'the booking has no vehicle type',
    ],
    ['companyDefault', hourly ? rules.defaultHourlyModel : rules.defaultModel, 'the company has no hourly model'],
  ];
  const steps: [Step, CompiledModel | null, string][] = chosen ? [['chosenModel', chosen, '']] : precedence;
  for (const [step, model, absent] of steps) {
    if (!model) {
      considered.push({ kind: step, id: null, name: null, matched: false, why: absent });
      continue;
    }
    if (fare) {
      considered.push({
        kind: step,
        id: model.id,
        name: model.name,
        matched: false,
        why: `not needed: the ${stepWords[via]} priced the journey first`,
      });
      continue;
    }
    const attempt = priceWith(model, journey, rules, money);
    if (typeof attempt === 'string') {
      considered.push({ kind: step, id: model.id, name: model.name, matched: false, why: attempt });
      continue;
    }
    fare = attempt;
    via = step;
    considered.push({
      kind: step,
      id: model.id,
      name: model.name,
      matched: true,
      why: `priced the journey (${model.kind} model, version ${model.version})`,
    });
  }
  if (!fare && chosen) {
    throw new PricingInputError('the journey cannot be priced', [
      { field: 'modelId', message: `${chosen.name} does not price this journey: ${considered[0]?.why}` },
    ]);
  }
  if (!fare) {
    throw PricingInputError.field(
      hourly ? 'hours' : 'vehicleTypeId',
      hourly
        ? 'no pricing model prices an hourly hire: the company needs an hourly model'
        : 'no pricing model prices this journey',
    );
  }

  const mode = rules.rounding.mode;
  const items = fare.items;
  let subtotal = sum(items);

  // Peaks: of the peak times and periods that match the pick-up, the one that adds most applies.
  if (fare.peaks.length) {
    let best: { peak: CompiledPeak; extra: number } | null = null;
    const matches: { peak: CompiledPeak; extra: number }[] = [];
    for (const peak of fare.peaks) {
      if (!peakMatches(peak, local)) continue;
      const extra = peak.multiplier
        ? multiply(subtotal, ratioPlus(peak.multiplier, -1), mode)
        : (peak.surcharge as number);
      const match = { peak, extra };
      matches.push(match);
      if (!best || extra > best.extra) best = match;
    }
    const when = `${DAY_NAMES[local.weekday]} ${local.dateTime.replace('T', ' ')}`;
    for (const peak of fare.peaks) {
      const match = matches.find((m) => m.peak === peak);
      const why = !match
        ? `${when} is outside ${peak.window}`
        : match === best
          ? `applies: ${when} is within ${peak.window}`
          : `${when} is within ${peak.window}, but ${best?.peak.name} adds more`;
      considered.push({ kind: peak.kind, id: peak.id, name: peak.name, matched: !!match, why });
    }
    if (best) {
      const { peak, extra } = best;
      items.push({
        code: 'peak',
        label: peak.name,
        amount: extra,
        detail: peak.multiplier
          ? `×${peak.multiplierText} of ${money(subtotal)} (${peak.window})`
          : `${money(extra)} added (${peak.window})`,
      });
      subtotal += extra;
    }
  }

  // The minimum fare: the least the fare comes to.
  const minimum = fare.minimum;
  if (subtotal < minimum) {
    items.push({
      code: 'minimumFare',
      label: 'Minimum fare',
      amount: minimum - subtotal,
      detail: `the fare of ${money(subtotal)} is raised to the minimum of ${money(minimum)}`,
    });
    subtotal = minimum;
  }

  // The discount, last of the fare: never below the minimum fare.
  const discount = journey.discount;
  if (discount) {
    const wanted = discount.kind === 'percentage' ? percentage(subtotal, discount.percent, mode) : discount.amount;
    const room = Math.max(0, subtotal - minimum);
    const given = Math.min(wanted, room);
    const what =
      discount.kind === 'percentage' ? `${discount.percent}% off ${money(subtotal)}` : `${money(discount.amount)} off`;
    items.push({
      code: 'discount',
      label: discount.code ? `Discount ${discount.code}` : 'Discount',
      amount: given ? -given : 0,
      detail:
        given < wanted
          ? `${what}, limited to ${money(given)}: a fare never goes below its minimum of ${money(minimum)}`
          : what,
    });
    subtotal -= given;
  }

  // Rounding to the company's step, never below the minimum fare.
  const { step, stepMode } = rules.rounding;
  if (step > 1) {
    let rounded = roundToStep(subtotal, step, stepMode);
    if (rounded < minimum) rounded = roundToStep(minimum, step, 'up');
    if (rounded !== subtotal) {
      items.push({
        code: 'rounding',
        label: 'Rounding',
        amount: rounded - subtotal,
        detail: `${money(subtotal)} rounded ${stepMode} to a multiple of ${money(step)}`,
      });
      subtotal = rounded;
    }
  }

  // Extras, at their price, each with its own VAT rate.
  const groups: VatGroups = new Map();
  addToGroup(groups, rules.vat.rate, subtotal);
  for (const extra of extras) {
    items.push({
      code: 'extra',
      label: extra.type.name,
      amount: extra.amount,
      detail: `${extra.quantity} × ${money(extra.type.price)}, VAT ${ratioText(extra.type.rate)}%`,
    });
    addToGroup(groups, extra.type.rate, extra.amount);
  }

  // VAT per rate: out of the gross when prices include it, else on top as its own line.
  let net = 0;
  let vat = 0;
  const vatWords: string[] = [];
  for (const g of groups.values()) {
    if (g.total === 0) continue;
    const split =
      rules.vat.mode === 'inclusive' ? vatFromGross(g.total, g.rate, mode) : vatFromNet(g.total, g.rate, mode);
    net += split.net;
    vat += split.vat;
    vatWords.push(`${ratioText(g.rate)}% of ${money(split.net)}`);
  }
  if (rules.vat.mode === 'exclusive') {
    items.push({ code: 'vat', label: 'VAT', amount: vat, detail: vatWords.join(', ') || 'nothing to tax' });
  }
  const price = assertMinor(net + vat, 'the price');

  const model = fare.model;
  return {
    price,
    net,
    vat,
    currency: rules.currency,
    vatMode: rules.vat.mode,
    pricedBy: {
      kind: model.kind,
      id: model.id,
      version: model.version,
      name: model.name,
      via,
      ...(fare.fixedRow !== undefined ? { fixedRow: fare.fixedRow } : {}),
    },
    items,
    considered,
    pickupLocal: local.dateTime,
  };
}

const stepWords: Record<Step, string> = {
  fixedPrice: 'fixed price',
  clientModel: "client's model",
  vehicleTypeModel: "vehicle type's model",
  companyDefault: 'company default',
  chosenModel: 'chosen model',
};

type VatGroups = Map<string, { rate: Ratio; total: number }>;

/** Adds an amount to the total of its VAT rate. */
function addToGroup(groups: VatGroups, rate: Ratio, amount: number): void {
  const key = `${rate.num}/${rate.den}`;
  const g = groups.get(key);
  if (g) g.total += amount;
  else groups.set(key, { rate, total: amount });
}

function sum(items: readonly QuoteItem[]): number {
  let total = 0;
  for (const item of items) total += item.amount;
  return total;
}

/** Whether a peak covers the pick-up's local time; a window crossing midnight belongs to the day it starts on. */
export function peakMatches(peak: CompiledPeak, local: LocalTime): boolean {
  if (peak.kind === 'peakPeriod') return local.dateTime >= peak.fromText && local.dateTime < peak.toText;
  const today = (peak.days & (1 << local.weekday)) !== 0;
  if (peak.from < peak.to) return today && local.minutes >= peak.from && local.minutes < peak.to;
  const yesterday = (peak.days & (1 << (local.weekday === 1 ? 7 : local.weekday - 1))) !== 0;
  return (today && local.minutes >= peak.from) || (yesterday && local.minutes < peak.to);
}

/** The fare under one model, or why that model does not price this journey. */
function priceWith(
  model: CompiledModel,
  journey: Journey,
  rules: CompiledRules,
  money: (minor: number) => string,
): Fare | string {
  const hourly = journey.hours != null;
  if (hourly && model.kind !== 'hourly') return `a ${model.kind} model does not price hourly hires`;
  if (!hourly && model.kind === 'hourly') return 'an hourly model prices only hourly hires';
  switch (model.kind) {
    case 'standard':
      return {
        model,
        items: tariffItems(model.tariff, journey, rules, money),
        minimum: model.tariff.minimumFare,
        peaks: model.peaks,
      };
    case 'vehicle': {
      const own = journey.vehicleTypeId != null ? model.vehicles.get(journey.vehicleTypeId) : undefined;
      if (own?.tariff) {
        return {
          model,
          items: tariffItems(own.tariff, journey, rules, money),
          minimum: own.tariff.minimumFare,
          peaks: model.peaks,
        };
      }
      const items = tariffItems(model.standard, journey, rules, money);
      let minimum = model.standard.minimumFare;
      if (own?.multiplier) {
        const mode = rules.rounding.mode;
        const base = sum(items);
        items.push({
          code: 'vehicleType',
          label: 'Vehicle type',
          amount: multiply(base, ratioPlus(own.multiplier, -1), mode),
          detail: `vehicle type ${journey.vehicleTypeId}: ×${own.multiplierText} of the standard rates (${money(base)})`,
        });
        minimum = multiply(minimum, own.multiplier, mode);
      }
      return { model, items, minimum, peaks: model.peaks };
    }
    case 'zone': {
      const found = findZoneRoute(model, journey.pickupZoneIds, journey.dropoffZoneIds);
      if (!found) {
        return `no route from the pick-up's zones [${journey.pickupZoneIds.join(', ')}] to the drop-off's [${journey.dropoffZoneIds.join(', ')}]`;
      }
      const { route, reversed } = found;
      const where = `zone ${reversed ? route.toZoneId : route.fromZoneId} → zone ${reversed ? route.fromZoneId : route.toZoneId}${reversed ? ' (the route the other way round)' : ''}`;
      if (route.price !== null) {
        return {
          model,
          items: [{ code: 'zonePrice', label: 'Zone price', amount: route.price, detail: where }],
          minimum: 0,
          peaks: model.peaks,
        };
      }
      const tariff = route.tariff as CompiledTariff;
      const items = tariffItems(tariff, journey, rules, money);
      for (const item of items) item.detail = item.detail ? `${where}: ${item.detail}` : where;
      return { model, items, minimum: tariff.minimumFare, peaks: model.peaks };
    }
    case 'hourly': {
      const own = journey.vehicleTypeId != null ? model.vehicles.get(journey.vehicleTypeId) : undefined;
      const rate = own?.ratePerHour ?? model.ratePerHour;
      const minimumMinutes = own?.minimumMinutes ?? model.minimumMinutes;
      const booked = Math.round((journey.hours as number) * 60);
      const billed = Math.max(booked, minimumMinutes);
      return {
        model,
        items: [
          {
            code: 'hourly',
            label: 'Hire by the hour',
            amount: multiplyDivide(billed, rate, 60, rules.rounding.mode),
            detail: `${hoursText(billed)} h at ${money(rate)}/h${billed > booked ? ` (${hoursText(booked)} h booked, the minimum is ${hoursText(minimumMinutes)} h)` : ''}`,
          },
        ],
        minimum: 0,
        peaks: model.peaks,
      };
    }
    case 'fixed': {
      const found = findFixedRow(
        model.index,
        journey.pickupLocationKeys,
        journey.dropoffLocationKeys,
        journey.vehicleTypeId ?? null,
      );
      if (!found) {
        return `no row from [${journey.pickupLocationKeys.join(', ')}] to [${journey.dropoffLocationKeys.join(', ')}] for ${
          journey.vehicleTypeId != null ? `vehicle type ${journey.vehicleTypeId}` : 'every vehicle type'
        } among ${model.index.size} rows`;
      }
      const { row, reversed } = found;
      const rowNumber = row.id ?? row.index + 1;
      return {
        model,
        items: [
          {
            code: 'fixedPrice',
            label: 'Fixed price',
            amount: row.price,
            detail: `row ${rowNumber}: ${row.from} → ${row.to}${reversed ? ', matched the other way round' : ''}${
              row.vehicleTypeId != null ? `, vehicle type ${row.vehicleTypeId}` : ', every vehicle type'
            }`,
          },
        ],
        minimum: 0,
        peaks: [],
        fixedRow: rowNumber,
      };
    }
  }
}

/** The items of a distance tariff; a component that comes to nothing is left out (the base fare is always shown). */
function tariffItems(
  t: CompiledTariff,
  journey: Journey,
  rules: CompiledRules,
  money: (minor: number) => string,
): QuoteItem[] {
  const mode = rules.rounding.mode;
  const items: QuoteItem[] = [
    {
      code: 'base',
      label: 'Base fare',
      amount: t.baseFare,
      detail: t.includedMetres ? `includes the first ${kmText(t.includedMetres)} km` : '',
    },
  ];
  const distance = journey.distanceMetres;
  if (t.bands.length) {
    let numerator = 0;
    const parts: string[] = [];
    for (const band of t.bands) {
      const from = Math.max(band.from, t.includedMetres);
      const to = Math.min(band.to, distance);
      if (to <= from) continue;
      numerator += (to - from) * band.ratePerKm;
      parts.push(`${kmText(from)}–${kmText(to)} km at ${money(band.ratePerKm)}/km`);
    }
    if (parts.length) {
      items.push({
        code: 'distance',
        label: 'Distance',
        amount: divideRounded(Number.isSafeInteger(numerator) ? numerator : bandsExactly(t, distance), 1000, mode),
        detail: `${kmText(distance)} km: ${parts.join(', ')}`,
      });
    }
  }
  if (t.ratePerMinute && journey.durationSeconds) {
    items.push({
      code: 'time',
      label: 'Driving time',
      amount: multiplyDivide(journey.durationSeconds, t.ratePerMinute, 60, mode),
      detail: `${minutesText(journey.durationSeconds)} min at ${money(t.ratePerMinute)}/min`,
    });
  }
  if (t.waiting && journey.waitingSeconds) {
    const grace = journey.isAirportPickup ? t.waiting.airportGraceSeconds : t.waiting.graceSeconds;
    const billable = journey.waitingSeconds - grace;
    if (billable > 0) {
      items.push({
        code: 'waiting',
        label: 'Waiting',
        amount: multiplyDivide(billable, t.waiting.ratePerMinute, 60, mode),
        detail: `${minutesText(journey.waitingSeconds)} min waited, the first ${minutesText(grace)} free${
          journey.isAirportPickup ? ' (airport pick-up)' : ''
        }, ${minutesText(billable)} min at ${money(t.waiting.ratePerMinute)}/min`,
      });
    }
  }
  if (t.deadMileage && journey.deadMileageMetres > t.deadMileage.freeMetres) {
    const charged = journey.deadMileageMetres - t.deadMileage.freeMetres;
    items.push({
      code: 'deadMileage',
      label: 'Dead mileage',
      amount: multiplyDivide(charged, t.deadMileage.ratePerKm, 1000, mode),
      detail: `${kmText(journey.deadMileageMetres)} km from the ${
        t.deadMileage.mode === 'fromBase' ? 'company base' : "vehicle's last drop-off"
      }${t.deadMileage.freeMetres ? `, the first ${kmText(t.deadMileage.freeMetres)} km free` : ''}, ${kmText(charged)} km at ${money(t.deadMileage.ratePerKm)}/km`,
    });
  }
  return items;
}

/** The bands' sum in bigint, for the distances and rates whose product passes 2^53. */
function bandsExactly(t: CompiledTariff, distance: number): bigint {
  let sum = 0n;
  for (const band of t.bands) {
    const from = Math.max(band.from, t.includedMetres);
    const to = Math.min(band.to, distance);
    if (to > from) sum += BigInt(to - from) * BigInt(band.ratePerKm);
  }
  return sum;
}

const placeRank = (key: string) => (key.startsWith('location:') ? 0 : key.startsWith('postcode:') ? 1 : 2);

function bySpecificity(keys: readonly string[]): readonly string[] {
  for (let i = 1; i < keys.length; i++) {
    if (placeRank(keys[i] as string) < placeRank(keys[i - 1] as string)) {
      return [...keys].sort((a, b) => placeRank(a) - placeRank(b));
    }
  }
  return keys;
}

/**
 * The fixed-price row for a journey: the most specific pick-up place first (a known location, then a
 * postcode district, then a zone), then the most specific drop-off; a row for the vehicle type before
 * a row for every type; a row as written before one matched the other way round. Each try is one
 * look-up in the index, so the table's size does not matter.
 */
export function findFixedRow(
  index: FixedIndex,
  pickups: readonly string[],
  dropoffs: readonly string[],
  vehicleTypeId: number | null,
): { row: IndexedRow; reversed: boolean } | null {
  const from = bySpecificity(pickups);
  const to = bySpecificity(dropoffs);
  for (const p of from) {
    const forward = index.forward.get(p);
    const reverse = index.reverse.get(p);
    if (!forward && !reverse) continue;
    for (const d of to) {
      const pair = forward?.get(d);
      const row = pair && ((vehicleTypeId !== null && pair.byVehicleType.get(vehicleTypeId)) || pair.any);
      if (row) return { row, reversed: false };
      const back = reverse?.get(d);
      const backRow = back && ((vehicleTypeId !== null && back.byVehicleType.get(vehicleTypeId)) || back.any);
      if (backRow) return { row: backRow, reversed: true };
    }
  }
  return null;
}

function findZoneRoute(
  model: Extract<CompiledModel, { kind: 'zone' }>,
  pickups: readonly number[],
  dropoffs: readonly number[],
) {
  for (const p of pickups) {
    for (const d of dropoffs) {
      const key = `${p}|${d}`;
      const route = model.routes.get(key);
      if (route) return { route, reversed: false };
      const back = model.reverse.get(key);
      if (back) return { route: back, reversed: true };
    }
  }
  return null;
}
