import { allocate as allocateMinor } from './allocate';
import { multiply as multiplyMinor, percentage as percentageMinor, type RatioInput } from './ratio';
import { assertMinor, roundToStep as roundMinorToStep, type RoundingMode } from './rounding';

/** An amount of money: whole minor units (pence, cents) of one currency (ISO 4217 code). */
export interface Amount {
  readonly minor: number;
  readonly currency: string;
}

const CURRENCY = /^[A-Z]{3}$/;

/** An amount; throws unless `minor` is a whole number of minor units and `currency` an ISO 4217 code. */
export function amount(minor: number, currency: string): Amount {
  assertMinor(minor);
  if (!CURRENCY.test(currency)) throw new TypeError(`"${currency}" is not a currency code such as GBP`);
  return { minor, currency };
}

function sameCurrency(a: Amount, b: Amount): void {
  if (a.currency !== b.currency) throw new TypeError(`cannot mix ${a.currency} and ${b.currency}`);
}

export function add(a: Amount, b: Amount): Amount {
  sameCurrency(a, b);
  return amount(assertMinor(a.minor + b.minor, 'the sum'), a.currency);
}

export function subtract(a: Amount, b: Amount): Amount {
  sameCurrency(a, b);
  return amount(assertMinor(a.minor - b.minor, 'the difference'), a.currency);
}

/** The sum of amounts of one currency (zero of `currency` for none). */
export function sum(amounts: readonly Amount[], currency: string): Amount {
  return amounts.reduce((total, a) => add(total, a), amount(0, currency));
}

/** An amount times an exact ratio ("1.25", [5, 4]), rounded once. */
export function times(a: Amount, by: RatioInput, mode: RoundingMode): Amount {
  return amount(multiplyMinor(a.minor, by, mode), a.currency);
}

/** `percent` % of an amount, rounded once. */
export function percentOf(a: Amount, percent: RatioInput, mode: RoundingMode): Amount {
  return amount(percentageMinor(a.minor, percent, mode), a.currency);
}

/** Splits an amount in proportion to `weights`; the parts add up to exactly the amount. */
export function split(a: Amount, weights: readonly number[]): Amount[] {
  return allocateMinor(a.minor, weights).map((minor) => amount(minor, a.currency));
}

/** An amount rounded to a multiple of `step` minor units. */
export function toStep(a: Amount, step: number, mode: RoundingMode): Amount {
  return amount(roundMinorToStep(a.minor, step, mode), a.currency);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, f);
  }
  return f;
}

/** How many decimals a currency's minor unit has (GBP 2, JPY 0, BHD 3), from Intl. */
export function minorDigits(currency: string): number {
  return formatter(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * The amount for people: "£12.50" (en-GB), "12,50 €" (de-DE). The minor units are turned into a
 * decimal string digit by digit, so no float rounding creeps into what is shown.
 */
export function format(a: Amount, locale = 'en-GB'): string {
  const digits = minorDigits(a.currency);
  const text = String(Math.abs(a.minor)).padStart(digits + 1, '0');
  const decimal = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  const value = `${a.minor < 0 ? '-' : ''}${decimal}` as `${number}`;
  return formatter(a.currency, locale).format(value);
}
