import { assertMinor } from './rounding';

/**
 * Splits an amount into parts in proportion to `weights` (whole numbers ≥ 0, not all zero) that add
 * up to exactly the amount: each part gets its share rounded towards zero, and the minor units left
 * over go one each to the parts with the largest remainders (ties to the earlier part). A negative
 * amount splits like its positive and every part is negated.
 */
export function allocate(minor: number, weights: readonly number[]): number[] {
  assertMinor(minor);
  if (weights.length === 0) throw new RangeError('allocate needs at least one weight');
  let total = 0n;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`a weight must be a whole number ≥ 0, not ${w}`);
    total += BigInt(w);
  }
  if (total === 0n) throw new RangeError('the weights must not all be zero');
  const sign = minor < 0 ? -1 : 1;
  const amount = BigInt(Math.abs(minor));
  const parts: number[] = [];
  const remainders: { index: number; rest: bigint }[] = [];
  let given = 0n;
  weights.forEach((w, index) => {
    const share = amount * BigInt(w);
    const part = share / total;
    parts.push(Number(part));
    remainders.push({ index, rest: share % total });
    given += part;
  });
  let left = Number(amount - given);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (let i = 0; left > 0; i++, left--) {
    const at = (remainders[i] as { index: number }).index;
    parts[at] = (parts[at] as number) + 1;
  }
  return sign < 0 ? parts.map((p) => (p === 0 ? 0 : -p)) : parts;
}
