import { minorAmount, ruleId } from '@cabdesk/fare-engine';
import { assertMinor, MoneyRangeError } from '@cabdesk/money';
import { z } from 'zod';
import { PayInputError } from './errors';
import { payMethods } from './schemas';

const MAX_MINOR = 100_000_000_00;

/** What a driver's statement nets: the period's jobs with their pay, and what else is owed either way. */
export const statementInputSchema = z.object({
  jobs: z
    .array(
      z.object({
        bookingId: ruleId(),
        fare: minorAmount(),
        paymentMethod: z.enum(payMethods, { error: `must be one of ${payMethods.join(', ')}` }),
        pay: minorAmount(),
      }),
    )
    .max(100_000, 'must have at most 100000 jobs')
    .superRefine((jobs, ctx) => {
      // A job is paid in one statement, once.
      const seen = new Map<number, number>();
      jobs.forEach((job, i) => {
        const first = seen.get(job.bookingId);
        if (first === undefined) seen.set(job.bookingId, i);
        else ctx.addIssue({ code: 'custom', path: [i, 'bookingId'], message: `repeats the job at index ${first}` });
      });
    }),
  /** Approved expenses the company pays back: added to what the driver is owed. */
  expenses: z
    .array(z.object({ id: ruleId(), amount: minorAmount() }))
    .max(10_000)
    .default([]),
  /** Manual corrections, either way, each with its reason. */
  adjustments: z
    .array(
      z.object({
        id: ruleId(),
        amount: z
          .number({ error: 'must be a whole number of minor units' })
          .int('must be a whole number of minor units')
          .min(-MAX_MINOR, `must be at least -${MAX_MINOR}`)
          .max(MAX_MINOR, `must be at most ${MAX_MINOR}`),
        reason: z
          .string({ error: 'is required' })
          .trim()
          .min(1, 'is required')
          .max(500, 'must be at most 500 characters'),
      }),
    )
    .max(1000)
    .default([]),
  /** bonusFor's lines (or any lines with an amount). */
  bonuses: z
    .array(z.looseObject({ amount: minorAmount() }))
    .max(1000)
    .default([]),
  /** deductionsFor's lines (or any lines with an amount): taken from what the driver is owed. */
  deductions: z
    .array(z.looseObject({ amount: minorAmount() }))
    .max(1000)
    .default([]),
});

export type StatementInput = z.input<typeof statementInputSchema>;

export type StatementDirection = 'payToDriver' | 'collectFromDriver' | 'settled';

export interface Statement {
  jobs: number;
  /** Σ of the jobs' pay. */
  earned: number;
  /** Σ of the fares of cash jobs: the driver holds that money already. */
  cashCollected: number;
  expenses: number;
  adjustments: number;
  bonuses: number;
  deductions: number;
  /** earned + expenses + adjustments + bonuses − deductions − cashCollected. */
  net: number;
  direction: StatementDirection;
  /** What the office pays the driver (≥ 0); payToDriver − collectFromDriver = net, one of them is 0. */
  payToDriver: number;
  /** What the office collects from the driver (≥ 0). */
  collectFromDriver: number;
}

const total = (rows: readonly { amount: number }[]) => rows.reduce((t, r) => t + r.amount, 0);

/**
 * A driver's statement for a period: what they earned and are owed, netted against the cash they
 * collected, as one amount to pay to or to collect from them. Pure; docs/driver-pay.md has a worked week.
 */
export function netStatement(input: StatementInput): Statement {
  const parsed = statementInputSchema.safeParse(input);
  if (!parsed.success) throw PayInputError.fromZod(parsed.error, 'the statement cannot be made');
  const s = parsed.data;
  try {
    let earned = 0;
    let cashCollected = 0;
    for (const job of s.jobs) {
      earned += job.pay;
      if (job.paymentMethod === 'cash') cashCollected += job.fare;
    }
    const expenses = total(s.expenses);
    const adjustments = total(s.adjustments);
    const bonuses = total(s.bonuses);
    const deductions = total(s.deductions);
    const net = assertMinor(earned + expenses + adjustments + bonuses - deductions - cashCollected, 'the net');
    return {
      jobs: s.jobs.length,
      earned: assertMinor(earned, 'the earned pay'),
      cashCollected: assertMinor(cashCollected, 'the cash collected'),
      expenses,
      adjustments,
      bonuses,
      deductions,
      net,
      direction: net > 0 ? 'payToDriver' : net < 0 ? 'collectFromDriver' : 'settled',
      payToDriver: net > 0 ? net : 0,
      collectFromDriver: net < 0 ? -net : 0,
    };
  } catch (error) {
    if (error instanceof MoneyRangeError) {
      throw PayInputError.field('jobs', 'add up beyond the range of whole minor units', 'the statement cannot be made');
    }
    throw error;
  }
}
