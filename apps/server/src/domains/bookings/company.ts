import { eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { bookingFormSettings } from '../company/schema';

export { companyFacts, type CompanyFacts } from '../company/facts';

type Ctx = CallContext<Session>;

/** The booking-form rules a booking obeys (BookingFormSetting/*); defaults where the company saved none. */
export interface FormRules {
  allowAsap: boolean;
  allowBackEntry: boolean;
  /** Minutes ahead a booking from outside the office must be. */
  minLeadMinutes: number;
}

export async function formRules(ctx: Ctx): Promise<FormRules> {
  const [row] = await ctx.db
    .select({ settings: bookingFormSettings.settings })
    .from(bookingFormSettings)
    .where(eq(bookingFormSettings.companyId, ctx.session.companyId));
  const saved = row?.settings ?? {};
  return {
    allowAsap: saved.allowAsap !== false,
    allowBackEntry: saved.allowBackEntry !== false,
    minLeadMinutes: typeof saved.minLeadMinutes === 'number' ? saved.minLeadMinutes : 0,
  };
}

/** The company calendar day (YYYY-MM-DD) of an instant. */
export async function dayOf(ctx: Ctx, at: Date | string, timezone: string): Promise<string> {
  const iso = typeof at === 'string' ? at : at.toISOString();
  const { rows } = await ctx.db.execute<{ day: string }>(
    sql`select to_char(${iso}::timestamptz at time zone ${timezone}, 'YYYY-MM-DD') as day`,
  );
  return rows[0]?.day as string;
}
