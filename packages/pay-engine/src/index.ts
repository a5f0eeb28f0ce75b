export { payForJob } from './pay-for-job';
export { bonusFor, bonusMeasuresSchema, type BonusItem, type BonusMeasures } from './bonus';
export { deductionsFor, deductionPeriodSchema, type DeductionItem, type DeductionPeriod } from './deductions';
export {
  netStatement,
  statementInputSchema,
  type Statement,
  type StatementDirection,
  type StatementInput,
} from './statement';
export { compilePayModel, compiledPayModel, type CompiledPayModel } from './compile';
export { PayInputError } from './errors';
export type { JobPay, PaidVia, PayConsidered, PayConsideredKind, PayItem, PayItemCode, PayOptions } from './pay-types';
export * from './schemas';
