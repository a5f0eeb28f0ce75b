import { EXPIRING_DAYS } from '@cabdesk/contract';
import { and, eq, getTableName, notExists, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { companies } from '../company/schema';
import { todayIn } from './expiry';
import { documents, documentTypes, type ownerTypes } from './schema';

type Ctx = CallContext<Session>;
type OwnerType = (typeof ownerTypes)[number];

/** An owner's papers at a glance: the worst state over its mandatory document types. */
export const documentStates = ['valid', 'expiring', 'expired', 'missing'] as const;
export type DocumentState = (typeof documentStates)[number];

export const stateOfRank = (rank: number): DocumentState => documentStates[rank - 1] ?? 'valid';
export const rankOfState = (state: DocumentState): number => documentStates.indexOf(state) + 1;

/** The company's today: its time zone decides when a document expires. */
export async function companyToday(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  return todayIn(row?.timezone ?? 'UTC');
}

/**
 * `"drivers"."company_id"`, spelt out: inside a sub-select a bare "id" would bind to the wrong table.
 * Columns are named in snake case in the database (the project's Drizzle casing).
 */
const qualified = (table: PgTable, column: PgColumn) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(toSnakeCase(column.name))}`;

/**
 * The rank (1 valid, 2 expiring, 3 expired, 4 missing) of an owner's mandatory documents, as a
 * correlated sub-select over the outer owner row. Per active mandatory type the best document counts
 * (a renewed licence replaces the expired one); a type without any document is missing; a document
 * without an expiry date, or of a type without expiry, is valid. No mandatory types: valid.
 * `today` may be a placeholder of a prepared statement.
 */
export function documentRank(
  ownerType: OwnerType,
  owner: PgTable & { id: PgColumn; companyId: PgColumn },
  today: string | Placeholder,
): SQL<number> {
  const ownerId = qualified(owner, owner.id);
  const ownerCompany = qualified(owner, owner.companyId);
  return sql<number>`(select coalesce(max(coalesce((
      select min(case
        when not dt.has_expiry or d.expiry_date is null then 1
        when d.expiry_date < ${today}::date then 3
        when d.expiry_date <= ${today}::date + ${EXPIRING_DAYS}::int then 2
        else 1 end)
      from documents d
      where d.company_id = dt.company_id and d.owner_type = ${ownerType}
        and d.owner_id = ${ownerId} and d.document_type_id = dt.id), 4)), 1)::int
    from document_types dt
    where dt.company_id = ${ownerCompany} and dt.owner_type = ${ownerType} and dt.is_mandatory and dt.is_active)`;
}

/** A list filter on the document state. */
export const documentStateIs = (
  ownerType: OwnerType,
  owner: PgTable & { id: PgColumn; companyId: PgColumn },
  today: string,
  state: DocumentState | undefined,
): SQL | undefined => (state ? sql`${documentRank(ownerType, owner, today)} = ${rankOfState(state)}` : undefined);

/** Mandatory document types the owner has no document of. */
export async function missingTypesOf(
  ctx: Ctx,
  ownerType: OwnerType,
  ownerId: number,
): Promise<{ id: number; name: string }[]> {
  const hasOne = ctx.db
    .select({ one: sql`1` })
    .from(documents)
    .where(
      and(
        eq(documents.companyId, documentTypes.companyId),
        eq(documents.ownerType, ownerType),
        eq(documents.ownerId, ownerId),
        eq(documents.documentTypeId, documentTypes.id),
      ),
    );
  return ctx.db
    .select({ id: documentTypes.id, name: documentTypes.name })
    .from(documentTypes)
    .where(
      and(
        eq(documentTypes.companyId, ctx.session.companyId),
        eq(documentTypes.ownerType, ownerType),
        eq(documentTypes.isMandatory, true),
        eq(documentTypes.isActive, true),
        notExists(hasOne),
      ),
    )
    .orderBy(documentTypes.name);
}

/**
 * Deletes an owner's documents with the owner (a deleted driver's licences mean nothing); their
 * files go once the deletion is committed. Answers how many there were, for the history row.
 */
export async function deleteDocumentsOf(ctx: Ctx, ownerType: OwnerType, ownerId: number): Promise<number> {
  const gone = await ctx.db
    .delete(documents)
    .where(
      and(
        eq(documents.companyId, ctx.session.companyId),
        eq(documents.ownerType, ownerType),
        eq(documents.ownerId, ownerId),
      ),
    )
    .returning({ fileKey: documents.fileKey });
  const keys = gone.map((d) => d.fileKey).filter((k): k is string => !!k);
  if (keys.length) ctx.afterCommit(async () => void (await Promise.all(keys.map((k) => ctx.services.files.remove(k)))));
  return gone.length;
}
