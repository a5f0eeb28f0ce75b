import {
  assertMinor,
  MoneyRangeError,
  multiply,
  percentage,
  ratioPlus,
  ratioText,
  roundToStep,
  vatFromGross,
  vatFromNet,
  type Ratio,
} from '@cabdesk/money';
import { compiledRules, type CompiledModel, type CompiledPeak, type CompiledRules } from './compile';
import { PricingInputError } from './errors';
import { localTime } from './local-time';
import { readJourney } from './read-journey';
import { type JourneyInput, type PricingRulesInput } from './schemas';

import type { Considered, Fare, Quote, QuoteOptions, Step } from './quote-types';
import { peakMatches, priceWith, DAY_NAMES, sum } from './price-models';

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
