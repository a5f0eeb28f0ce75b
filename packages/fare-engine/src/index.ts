export { quote } from './quote';
export { findFixedRow, peakMatches } from './price-models';
export type { Considered, ConsideredKind, ItemCode, PricedBy, Quote, QuoteItem, QuoteOptions } from './quote-types';
export {
  compilePeaks,
  compileRules,
  compiledRules,
  indexFixedRows,
  type CompiledPeak,
  type CompiledRules,
} from './compile';
export { PricingInputError, type FieldError } from './errors';
export { localTime, type LocalTime } from './local-time';
export * from './schemas';
