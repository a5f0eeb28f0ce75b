import { eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { companies } from './schema';

export interface CompanyFacts {
  timezone: string;
  currency: string;
}

/** The company's clock and money, which dates, days and prices of every domain read. */
export async function companyFacts(ctx: CallContext<Session>): Promise<CompanyFacts> {
  const [row] = await ctx.db
    .select({ timezone: companies.timezone, currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  return row ?? { timezone: 'UTC', currency: 'GBP' };
}
