import { EXPIRING_DAYS, type schemas } from '@cabdesk/contract';
import { and, eq, notExists, sql, type SQL } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { companies } from '../company/schema';
import { todayIn } from '../documents/expiry';
import { documents, documentTypes } from '../documents/schema';
import { drivers } from './schema';

type Ctx = CallContext<Session>;
type State = (typeof schemas.driverDocumentStates)[number];

/** Worse states rank higher; a driver's state is the highest rank over the mandatory types. */
const ranks: State[] = ['valid', 'expiring', 'expired', 'missing'];
export const stateOfRank = (rank: number): State => ranks[rank - 1] ?? 'valid';
export const rankOfState = (state: State): number => ranks.indexOf(state) + 1;

/** The company's today (its time zone decides when a document expires). */
export async function companyToday(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  return todayIn(row?.timezone ?? 'UTC');
}

/**
 * The rank (1 valid … 4 missing) of a driver's mandatory documents, as a correlated subquery over the
 * outer `drivers` row. Per active mandatory driver type the best document counts (a renewed licence
 * replaces the expired one); a type without any document is missing; a document without an expiry
 * date, or of a type without expiry, is valid (the shared rule calls it no_expiry). No mandatory
 * types: valid.
 */
export function documentRank(today: string): SQL<number> {
  return sql<number>`(select coalesce(max(coalesce((
      select min(case
        when not dt.has_expiry or d.expiry_date is null then 1
        when d.expiry_date < ${today}::date then 3
        when d.expiry_date <= ${today}::date + ${EXPIRING_DAYS}::int then 2
        else 1 end)
      from documents d
      where d.company_id = dt.company_id and d.owner_type = 'driver'
        and d.owner_id = ${drivers.id} and d.document_type_id = dt.id), 4)), 1)::int
    from document_types dt
    where dt.company_id = ${drivers.companyId} and dt.owner_type = 'driver' and dt.is_mandatory and dt.is_active)`;
}

/** Mandatory driver document types the driver has no document of. */
export async function missingTypesOf(ctx: Ctx, driverId: number): Promise<{ id: number; name: string }[]> {
  const hasOne = ctx.db
    .select({ one: sql`1` })
    .from(documents)
    .where(
      and(
        eq(documents.companyId, documentTypes.companyId),
        eq(documents.ownerType, 'driver'),
        eq(documents.ownerId, driverId),
        eq(documents.documentTypeId, documentTypes.id),
      ),
    );
  return ctx.db
    .select({ id: documentTypes.id, name: documentTypes.name })
    .from(documentTypes)
    .where(
      and(
        eq(documentTypes.companyId, ctx.session.companyId),
        eq(documentTypes.ownerType, 'driver'),
        eq(documentTypes.isMandatory, true),
        eq(documentTypes.isActive, true),
        notExists(hasOne),
      ),
    )
    .orderBy(documentTypes.name);
}

/** A filter on the document state. */
export const documentStateIs = (today: string, state: State | undefined): SQL | undefined =>
  state ? sql`${documentRank(today)} = ${rankOfState(state)}` : undefined;
