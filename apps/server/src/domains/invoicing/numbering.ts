import { and, eq, sql } from 'drizzle-orm';
import type { DocumentSeriesKind } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { documentSeries } from './schema';

type Ctx = CallContext<Session>;

/** How a series reads when the company has not set it (docs/invoicing.md#numbers). */
export const defaultSeries: Record<DocumentSeriesKind, { prefix: string; withYear: boolean; padding: number }> = {
  invoice: { prefix: 'INV-', withYear: true, padding: 5 },
  creditNote: { prefix: 'CN-', withYear: true, padding: 5 },
  driverStatement: { prefix: 'DS-', withYear: true, padding: 5 },
};

export interface DocumentNumber {
  number: number;
  /** The year the number counts in; 0 when the series does not restart each year. */
  year: number;
  text: string;
}

export function formatNumber(
  series: { prefix: string; withYear: boolean; padding: number },
  year: number,
  number: number,
): string {
  const digits = String(number).padStart(series.padding, '0');
  return series.withYear ? `${series.prefix}${year}-${digits}` : `${series.prefix}${digits}`;
}

/**
 * The next number of a series, taken in the caller's transaction: the counter row is created or
 * locked by one upsert, so two approvals at once wait for each other and get consecutive numbers,
 * and a transaction that fails gives its number back (no gap). `issueDate` is the company's calendar
 * day the document is issued on (YYYY-MM-DD).
 */
export async function takeNumber(ctx: Ctx, kind: DocumentSeriesKind, issueDate: string): Promise<DocumentNumber> {
  const companyId = ctx.session.companyId;
  const [own] = await ctx.db
    .select()
    .from(documentSeries)
    .where(and(eq(documentSeries.companyId, companyId), eq(documentSeries.kind, kind)));
  const series = own ?? defaultSeries[kind];
  const year = series.withYear ? Number(issueDate.slice(0, 4)) : 0;
  const result = await ctx.db.execute<{ last_number: number }>(sql`
    insert into document_counters (company_id, kind, year, last_number) values (${companyId}, ${kind}, ${year}, 1)
    on conflict (company_id, kind, year) do update set last_number = document_counters.last_number + 1
    returning last_number`);
  const number = Number(result.rows[0]?.last_number);
  return { number, year, text: formatNumber(series, year, number) };
}
