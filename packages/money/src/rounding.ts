/**
 * The one place where money is rounded. Every other function of this package that can leave a
 * fraction of a minor unit (a ratio, a percentage, VAT, a step) ends here, with a stated mode.
 */

/**
 * - `half-up`: to the nearest, a half away from zero (2.5 → 3, −2.5 → −3): commercial rounding;
 * - `half-even`: to the nearest, a half to the even neighbour (2.5 → 2, 3.5 → 4): banker's rounding;
 * - `up`: away from zero (2.1 → 3, −2.1 → −3);
 * - `down`: towards zero (2.9 → 2, −2.9 → −2).
 */
export type RoundingMode = 'half-up' | 'half-even' | 'up' | 'down';

export const roundingModes: readonly RoundingMode[] = ['half-up', 'half-even', 'up', 'down'];

/** Thrown when a result would leave the range where integers are exact (±2^53 − 1). */
export class MoneyRangeError extends RangeError {
  constructor(what: string) {
    super(`${what} is beyond the range of exact whole numbers`);
    this.name = 'MoneyRangeError';
  }
}

/** Checks that a value is a whole number of minor units within the exact range. */
export function assertMinor(value: number, what = 'an amount'): number {
  if (!Number.isSafeInteger(value)) {
    if (Number.isInteger(value)) throw new MoneyRangeError(what);
    throw new TypeError(`${what} must be a whole number of minor units, not ${value}`);
  }
  return value;
}

/**
 * `numerator / denominator` rounded to a whole number with `mode`. Both are whole numbers, the
 * denominator positive; numbers are exact up to 2^53 and bigints are exact at any size, so the
 * answer is always the exactly rounded quotient.
 */
export function divideRounded(numerator: number | bigint, denominator: number | bigint, mode: RoundingMode): number {
  if (typeof numerator === 'number' && typeof denominator === 'number') {
    if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
      if (Number.isInteger(numerator) && Number.isInteger(denominator)) {
        return divideRounded(BigInt(numerator), BigInt(denominator), mode);
      }
      throw new TypeError(`cannot divide ${numerator} by ${denominator}: both must be whole numbers`);
    }
    if (denominator <= 0) throw new RangeError(`the denominator must be positive, not ${denominator}`);
    // Past 2^52 the product q × denominator below could leave the exact range: bigint does those.
    if (Math.abs(numerator) >= 2 ** 52 || denominator >= 2 ** 52) {
      return divideRounded(BigInt(numerator), BigInt(denominator), mode);
    }
    // Truncated quotient, made exact: the float division may be one off for quotients near 2^53.
    let q = Math.trunc(numerator / denominator) + 0; // + 0 turns −0 into 0
    let r = numerator - q * denominator;
    // The remainder takes the sign of the numerator and is smaller than the denominator.
    const step = numerator < 0 ? -1 : 1;
    while (r * step < 0) {
      q -= step;
      r += step * denominator;
    }
    while (r * step >= denominator) {
      q += step;
      r -= step * denominator;
    }
    return settle(q, Math.abs(r), denominator, numerator < 0 ? -1 : 1, mode);
  }
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d <= 0n) throw new RangeError(`the denominator must be positive, not ${d}`);
  const q = n / d; // bigint division truncates towards zero
  const r = n % d;
  const qn = Number(q);
  if (!Number.isSafeInteger(qn)) throw new MoneyRangeError('the quotient');
  const away = roundsAway(r < 0n ? -r : r, d, q % 2n !== 0n, mode);
  const result = away ? qn + (n < 0n ? -1 : 1) : qn;
  return assertMinor(result, 'the quotient');
}

/** Whether a truncated quotient with remainder |r| of d moves one away from zero. */
function roundsAway(absRemainder: bigint, d: bigint, quotientOdd: boolean, mode: RoundingMode): boolean {
  if (absRemainder === 0n) return false;
  if (mode === 'up') return true;
  if (mode === 'down') return false;
  const twice = absRemainder * 2n;
  if (twice !== d) return twice > d;
  return mode === 'half-up' || quotientOdd;
}

function settle(q: number, absRemainder: number, d: number, sign: 1 | -1, mode: RoundingMode): number {
  if (absRemainder === 0) return q;
  let away: boolean;
  if (mode === 'up') away = true;
  else if (mode === 'down') away = false;
  else {
    // Compare 2r with d without overflowing: r < d ≤ 2^53, so d − r is exact.
    const rest = d - absRemainder;
    if (absRemainder !== rest) away = absRemainder > rest;
    else away = mode === 'half-up' || q % 2 !== 0;
  }
  return away ? q + sign : q;
}

/**
 * `a × b ÷ denominator` rounded once with `mode`, exact at any size (a rate × a quantity ÷ a unit:
 * 1.50 a km × 12,400 m ÷ 1,000).
 */
export function multiplyDivide(a: number, b: number, denominator: number, mode: RoundingMode): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) {
    throw new TypeError(`cannot multiply ${a} by ${b}: both must be whole numbers`);
  }
  const product = a * b;
  if (Number.isSafeInteger(product)) return divideRounded(product, denominator, mode);
  return divideRounded(BigInt(a) * BigInt(b), BigInt(denominator), mode);
}

/**
 * An amount rounded to a multiple of `step` minor units (50 rounds to the nearest 50 pence with
 * `half-up`, up to the next 50 with `up`). A step of 1 leaves the amount as it is.
 */
export function roundToStep(minor: number, step: number, mode: RoundingMode): number {
  assertMinor(minor);
  if (!Number.isSafeInteger(step) || step < 1)
    throw new RangeError(`the rounding step must be a whole number ≥ 1, not ${step}`);
  if (step === 1) return minor;
  return assertMinor(divideRounded(minor, step, mode) * step, 'the rounded amount');
}
