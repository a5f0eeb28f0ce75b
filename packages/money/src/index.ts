export {
  assertMinor,
  divideRounded,
  MoneyRangeError,
  multiplyDivide,
  roundingModes,
  roundToStep,
  type RoundingMode,
} from './rounding';
export {
  compareRatios,
  decimalPattern,
  multiply,
  percentage,
  ratio,
  ratioPlus,
  ratioText,
  ratioTimes,
  type Ratio,
  type RatioInput,
} from './ratio';
export { allocate } from './allocate';
export { vatFromGross, vatFromNet, type VatSplit } from './vat';
export {
  add,
  amount,
  format,
  minorDigits,
  percentOf,
  split,
  subtract,
  sum,
  times,
  toStep,
  type Amount,
} from './amount';
