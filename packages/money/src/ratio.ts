import { assertMinor, divideRounded, MoneyRangeError, type RoundingMode } from './rounding';

/** An exact ratio `num / den` of whole numbers, `den` positive (`ratio()` gives it in lowest terms). */
export interface Ratio {
  readonly num: number;
  readonly den: number;
}

/** What a ratio can be given as: an exact decimal string ("1.25", "20", "-0.5"), a whole number, or [num, den]. */
export type RatioInput = Ratio | string | number | readonly [number, number];

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string of at most 15 significant digits ("1.25", "17.5", "-3"). */
export const decimalPattern = DECIMAL;

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  while (b) [a, b] = [b, a % b];
  return a;
}

function reduced(num: number, den: number): Ratio {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den)) throw new MoneyRangeError('the ratio');
  if (den === 0) throw new RangeError('a ratio cannot divide by zero');
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den) || 1;
  return { num: num / g + 0, den: den / g }; // + 0 turns −0 into 0
}

/**
 * An exact ratio. Decimal strings are read digit by digit, so "0.1" is exactly one tenth (never the
 * float nearest to it); a number must be whole (a float would bring its binary error along).
 */
export function ratio(input: RatioInput): Ratio {
  if (typeof input === 'string') {
    const m = DECIMAL.exec(input.trim());
    if (!m) throw new TypeError(`"${input}" is not a decimal number such as 1.25`);
    const [, minus, whole = '', fraction = ''] = m;
    const digits = (whole + fraction).replace(/^0+(?=\d)/, '');
    if (digits.length > 15) throw new MoneyRangeError(`"${input}"`);
    const num = Number(digits) * (minus ? -1 : 1);
    return reduced(num, 10 ** fraction.length);
  }
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) {
      throw new TypeError(`${input} is not a whole number: give a fraction as a decimal string or [num, den]`);
    }
    return { num: input, den: 1 };
  }
  if (Array.isArray(input)) return reduced(input[0] as number, input[1] as number);
  const r = input as Ratio;
  // A ratio this package made is already whole, positive below and in lowest terms.
  if (Number.isSafeInteger(r.num) && Number.isSafeInteger(r.den) && r.den > 0) return r;
  return reduced(r.num, r.den);
}

/** The product of two ratios. */
export function ratioTimes(a: RatioInput, b: RatioInput): Ratio {
  const x = ratio(a);
  const y = ratio(b);
  const g1 = gcd(x.num, y.den) || 1;
  const g2 = gcd(y.num, x.den) || 1;
  return reduced((x.num / g1) * (y.num / g2), (x.den / g2) * (y.den / g1));
}

/** The sum of two ratios. */
export function ratioPlus(a: RatioInput, b: RatioInput): Ratio {
  const x = ratio(a);
  const y = ratio(b);
  return reduced(x.num * y.den + y.num * x.den, x.den * y.den);
}

/** The ratio as a decimal string when it has one of at most `places` decimals, else a fraction "num/den". */
export function ratioText(input: RatioInput, places = 6): string {
  const r = ratio(input);
  for (let p = 0, scale = 1; p <= places; p++, scale *= 10) {
    if (!Number.isSafeInteger(r.num * scale)) break;
    if ((r.num * scale) % r.den === 0) {
      const scaled = Math.abs((r.num * scale) / r.den);
      const text = String(scaled).padStart(p + 1, '0');
      const body = p === 0 ? text : `${text.slice(0, -p)}.${text.slice(-p)}`;
      return (r.num < 0 ? '-' : '') + body;
    }
  }
  return `${r.num}/${r.den}`;
}

/** Compares two ratios: negative when a < b, zero when equal, positive when a > b. */
export function compareRatios(a: RatioInput, b: RatioInput): number {
  const x = ratio(a);
  const y = ratio(b);
  const left = BigInt(x.num) * BigInt(y.den);
  const right = BigInt(y.num) * BigInt(x.den);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `minor × ratio`, rounded once with `mode`. Exact for any size: too large a product goes through bigint. */
export function multiply(minor: number, by: RatioInput, mode: RoundingMode): number {
  assertMinor(minor);
  const r = ratio(by);
  const product = minor * r.num;
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) return divideRounded(product, r.den, mode);
  return divideRounded(BigInt(minor) * BigInt(r.num), BigInt(r.den), mode);
}

/** `percent` % of an amount ("20" is a fifth, "17.5" VAT of old), rounded once with `mode`. */
export function percentage(minor: number, percent: RatioInput, mode: RoundingMode): number {
  return multiply(minor, ratioTimes(percent, [1, 100]), mode);
}
