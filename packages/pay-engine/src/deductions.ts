import { multiply, ratio, type RoundingMode } from '@cabdesk/money';
import { z } from 'zod';
import { PayInputError } from './errors';
import { moneyText } from './money-text';
import { type Deduction, deductionSchema } from './schemas';

/** The period a statement's deductions are for. */
export const deductionPeriodSchema = z.object({
  /** Weeks in the period: whole, or a decimal with at most 4 places for a month (4.3452). */
  weeks: z
    .number({ error: 'must be a number of weeks' })
    .min(0, 'must be at least 0')
    .max(520, 'must be at most 520')
    .refine((w) => /^\d+(\.\d{1,4})?$/.test(String(w)), 'must have at most 4 decimals'),
  /** Whether the driver drove a company car in the period (a company car's rent is taken only then). */
  droveCompanyCar: z.boolean({ error: 'must be true or false' }),
});

export type DeductionPeriod = z.input<typeof deductionPeriodSchema>;

/** A type, not an interface, so that netStatement takes the lines as they are. */
export type DeductionItem = {
  code: 'deduction';
  deductionId: number;
  kind: Deduction['kind'];
  label: string;
  /** Minor units ≥ 0 taken from the statement (0: not taken, the detail says why). */
  amount: number;
  detail: string;
};

const deductionsSchema = z.array(deductionSchema).max(50, 'must have at most 50 deductions');

/** One line per deduction: its weekly amount × the weeks, rounded once; a company-car-only one only for a company car's driver. */
export function deductionsFor(
  deductions: readonly z.input<typeof deductionSchema>[],
  periodInput: DeductionPeriod,
  options: { rounding?: RoundingMode; currency?: string } = {},
): DeductionItem[] {
  const parsedDeductions = deductionsSchema.safeParse(deductions);
  if (!parsedDeductions.success) {
    throw PayInputError.fromZod(parsedDeductions.error, 'the deductions are not valid', 'deductions.');
  }
  const parsed = deductionPeriodSchema.safeParse(periodInput);
  if (!parsed.success) throw PayInputError.fromZod(parsed.error, 'the period is not valid', 'period.');
  const { weeks, droveCompanyCar } = parsed.data;
  const money = moneyText(options.currency);
  const mode = options.rounding ?? 'half-up';
  return parsedDeductions.data.map((d) => {
    const line = { code: 'deduction' as const, deductionId: d.id, kind: d.kind, label: d.name };
    if (d.companyCarOnly && !droveCompanyCar) {
      return { ...line, amount: 0, detail: 'not taken: only from a driver who drove a company car in the period' };
    }
    return {
      ...line,
      amount: multiply(d.weeklyAmount, ratio(String(weeks)), mode),
      detail: `${weeks} week${weeks === 1 ? '' : 's'} × ${money(d.weeklyAmount)}`,
    };
  });
}
