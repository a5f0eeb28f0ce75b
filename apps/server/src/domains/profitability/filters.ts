import { sql, type SQL } from 'drizzle-orm';
import { PROFITABILITY_MAX_YEARS, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { dayAfter, dayStart, joinAnd } from '../payments/finance-filters';

export type Ctx = CallContext<Session>;
export type ProfitabilityInput = z.output<typeof schemas.profitabilityInput>;

/** The day `years` after a YYYY-MM-DD day (29 February falls to 28 February). */
function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  if (date.getUTCDate() !== d) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** Reversed dates and periods over five years are the caller's mistake: 400 naming endDate. */
export function checkPeriod(input: ProfitabilityInput): void {
  if (input.endDate < input.startDate) throw fieldError('endDate', 'must not be before startDate');
  if (input.endDate >= yearsAfter(input.startDate, PROFITABILITY_MAX_YEARS)) {
    throw fieldError(
      'endDate',
      `must be less than ${PROFITABILITY_MAX_YEARS} years after startDate`,
      `End date must be less than ${PROFITABILITY_MAX_YEARS} years after the start date`,
    );
  }
}

const references = [
  { field: 'clientID', table: sql`clients`, what: 'client' },
  { field: 'driverID', table: sql`drivers`, what: 'driver' },
  { field: 'passengerID', table: sql`passengers`, what: 'passenger' },
  { field: 'vehicleTypeID', table: sql`vehicle_types`, what: 'vehicle type' },
] as const;

/**
 * A filter id that is not a row of the caller's company is refused by name: another company's id
 * answers exactly like one that does not exist.
 */
export async function checkReferences(ctx: Ctx, input: ProfitabilityInput): Promise<void> {
  const asked = references.filter((r) => input[r.field]);
  if (!asked.length) return;
  const checks = asked.map(
    (r) =>
      sql`select ${r.field}::text as field from ${r.table} where company_id = ${ctx.session.companyId} and id = ${input[r.field]}`,
  );
  const found = await ctx.db.execute<{ field: string }>(sql.join(checks, sql` union all `));
  const known = new Set(found.rows.map((r) => r.field));
  const missing = asked.find((r) => !known.has(r.field));
  if (missing) throw fieldError(missing.field, `is not a ${missing.what} of your company`);
}

/** The bookings the filters choose (quotes are never bookings of a period). */
export function bookingsWhere(ctx: Ctx, input: ProfitabilityInput, tz: string): SQL {
  return joinAnd([
    sql`b.company_id = ${ctx.session.companyId}`,
    sql`b.status <> 'quote'`,
    sql`b.pickup_at >= ${dayStart(input.startDate, tz)}`,
    sql`b.pickup_at < ${dayAfter(input.endDate, tz)}`,
    ...(input.clientID ? [sql`b.client_id = ${input.clientID}`] : []),
    ...(input.driverID ? [sql`b.driver_id = ${input.driverID}`] : []),
    ...(input.passengerID ? [sql`b.passenger_id = ${input.passengerID}`] : []),
    ...(input.vehicleTypeID ? [sql`b.vehicle_type_id = ${input.vehicleTypeID}`] : []),
    ...(input.paymentMethodID ? [sql`b.payment_method = ${input.paymentMethodID}`] : []),
  ]);
}
