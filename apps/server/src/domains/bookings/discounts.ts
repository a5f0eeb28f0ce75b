import { and, eq, sql } from 'drizzle-orm';
import { multiplyDivide } from '@cabdesk/money';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { discountCodes } from '../reference-data/schema';
import { companyFacts, dayOf } from './company';

type Ctx = CallContext<Session>;
type Check = z.output<typeof schemas.codeValidationAnswer>;

/** The money a code takes off a set price: a percentage (half up, through the money module) or an amount, never more than the price. */
export function discountOn(
  code: { discountType: 'percent' | 'amount'; percentBp: number | null; amountMinor: number | null },
  priceMinor: number,
) {
  const off =
    code.discountType === 'percent'
      ? multiplyDivide(priceMinor, code.percentBp ?? 0, 10_000, 'half-up')
      : (code.amountMinor ?? 0);
  return Math.max(0, Math.min(priceMinor, off));
}

/**
 * Checks a code for a pick-up day (company calendar): it must exist, be active, be inside its dates
 * and have uses left. `lock` holds the code's row so two bookings cannot take its last use.
 */
export async function checkCode(
  ctx: Ctx,
  input: { code: string; priceMinor?: number | null | undefined; day: string; lock?: boolean },
): Promise<Check & { row: typeof discountCodes.$inferSelect | null }> {
  const code = input.code.trim().toUpperCase();
  const query = ctx.db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.companyId, ctx.session.companyId), sql`upper(${discountCodes.code}) = ${code}`));
  const [row] = input.lock ? await query.for('update') : await query;
  const refuse = (message: string) => ({
    code,
    valid: false,
    message,
    discountCodeId: row?.id ?? null,
    discountType: null,
    percent: null,
    amountMinor: null,
    discountMinor: null,
    row: null,
  });
  if (!row || !row.isActive) return refuse(`${code} is not a discount code of ours.`);
  if (row.validFrom && input.day < row.validFrom) return refuse(`${code} starts on ${row.validFrom}.`);
  if (row.validTo && input.day > row.validTo) return refuse(`${code} ended on ${row.validTo}.`);
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return refuse(`${code} has been used up.`);
  const discountMinor =
    input.priceMinor === undefined || input.priceMinor === null ? null : discountOn(row, input.priceMinor);
  return {
    code,
    valid: true,
    message:
      row.discountType === 'percent'
        ? `${code}: ${(row.percentBp ?? 0) / 100} % off.`
        : `${code}: ${row.amountMinor ?? 0} off (minor units).`,
    discountCodeId: row.id,
    discountType: row.discountType,
    percent: row.percentBp === null ? null : row.percentBp / 100,
    amountMinor: row.amountMinor,
    discountMinor,
    row,
  };
}

/** Takes one use of a code for a booking: 400 naming discountCode when it cannot be used. */
export async function useCode(ctx: Ctx, code: string, day: string, priceMinor: number | null) {
  const check = await checkCode(ctx, { code, day, priceMinor, lock: true });
  if (!check.valid || !check.row) throw fieldError('discountCode', check.message.replace(/^\S+ /, ''));
  await ctx.db
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(and(eq(discountCodes.companyId, ctx.session.companyId), eq(discountCodes.id, check.row.id)));
  return { id: check.row.id, discountMinor: check.discountMinor, check: { ...check, row: check.row } };
}

/** Booking/GetCodeValidation: the check for the pick-up day (default today), without taking a use. */
export async function validateCode(ctx: Ctx, input: z.output<typeof schemas.codeValidationInput>) {
  const { timezone } = await companyFacts(ctx);
  const day = await dayOf(ctx, input.pickupAt ?? new Date(), timezone);
  const { row: _row, ...check } = await checkCode(ctx, { code: input.code, priceMinor: input.priceMinor, day });
  return check;
}
