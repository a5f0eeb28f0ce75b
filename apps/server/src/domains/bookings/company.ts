import { eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { bookingFormSettings, companies } from '../company/schema';

type Ctx = CallContext<Session>;

export interface CompanyFacts {
  timezone: string;
  currency: string;
}

/** The company's clock and money, which every booking rule reads. */
export async function companyFacts(ctx: Ctx): Promise<CompanyFacts> {
  const [row] = await ctx.db
    .select({ timezone: companies.timezone, currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  return row ?? { timezone: 'UTC', currency: 'GBP' };
}

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
