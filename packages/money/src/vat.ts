import { ratio, ratioPlus, multiply, type RatioInput } from './ratio';
import { assertMinor, type RoundingMode } from './rounding';

/** An amount split into what goes to the seller, the tax on it, and what the customer pays. */
export interface VatSplit {
  net: number;
  vat: number;
  gross: number;
}

/**
 * VAT out of a gross (VAT-inclusive) amount at `ratePercent` ("20"): the net is gross ÷ (1 + rate),
 * rounded once; the VAT is the rest, so net + VAT is always exactly the gross.
 */
export function vatFromGross(gross: number, ratePercent: RatioInput, mode: RoundingMode): VatSplit {
  assertMinor(gross);
  const rate = ratio(ratePercent);
  if (rate.num < 0) throw new RangeError('a VAT rate cannot be negative');
  const factor = ratioPlus(1, [rate.num, rate.den * 100]);
  const net = multiply(gross, [factor.den, factor.num], mode);
  return { net, vat: gross - net, gross };
}

/**
 * VAT on a net (VAT-exclusive) amount at `ratePercent`: the VAT is net × rate, rounded once, and the
 * gross is net + VAT. Splitting that gross again with vatFromGross gives back the same net and VAT
 * (the rounding error of the VAT, at most half a minor unit, shrinks by 1 + rate on the way back).
 */
export function vatFromNet(net: number, ratePercent: RatioInput, mode: RoundingMode): VatSplit {
  assertMinor(net);
  const rate = ratio(ratePercent);
  if (rate.num < 0) throw new RangeError('a VAT rate cannot be negative');
  const vat = multiply(net, [rate.num, rate.den * 100], mode);
  return { net, vat, gross: assertMinor(net + vat, 'the gross') };
}
