import { and, eq, inArray, isNull, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { AppError } from '../../platform/http/errors';
import type { CallContext } from '../../platform/http/context';
import { companyToday } from '../documents/owner-documents';
import { documents, documentTypes } from '../documents/schema';

type Ctx = CallContext<Session>;

export interface ExpiredDocument {
  ownerType: 'driver' | 'vehicle';
  ownerId: number;
  documentTypeId: number;
  documentTypeName: string;
  expiryDate: string;
}

/**
 * Mandatory documents of a driver and a vehicle that have run out. Per type the best document
 * counts (a renewed licence replaces the expired one); a document without an expiry date never
 * expires. A mandatory type with no document at all does not block here: the papers screens show
 * it as missing, and suggestions rank the driver lower.
 */
export async function expiredMandatoryDocuments(
  ctx: Ctx,
  owners: { driverId: number | null; vehicleId: number | null },
): Promise<ExpiredDocument[]> {
  return expiredPapersOf(ctx, owners.driverId ? [owners.driverId] : [], owners.vehicleId ? [owners.vehicleId] : []);
}

/** The same, for many drivers and vehicles at once (the manual driver list, the status pages). */
export async function expiredPapersOf(
  ctx: Ctx,
  driverIds: readonly number[],
  vehicleIds: readonly number[],
): Promise<ExpiredDocument[]> {
  const whose = [
    driverIds.length ? and(eq(documents.ownerType, 'driver'), inArray(documents.ownerId, [...driverIds])) : undefined,
    vehicleIds.length
      ? and(eq(documents.ownerType, 'vehicle'), inArray(documents.ownerId, [...vehicleIds]))
      : undefined,
  ].filter(Boolean);
  if (!whose.length) return [];
  const today = await companyToday(ctx);
  const rows = await ctx.db
    .select({
      ownerType: documents.ownerType,
      ownerId: documents.ownerId,
      documentTypeId: documentTypes.id,
      documentTypeName: documentTypes.name,
      expiryDate: sql<string>`max(${documents.expiryDate})::text`,
    })
    .from(documents)
    .innerJoin(
      documentTypes,
      and(eq(documentTypes.companyId, documents.companyId), eq(documentTypes.id, documents.documentTypeId)),
    )
    .where(
      and(
        eq(documents.companyId, ctx.session.companyId),
        inArray(documents.ownerType, ['driver', 'vehicle']),
        or(...whose),
        eq(documentTypes.isMandatory, true),
        eq(documentTypes.isActive, true),
        eq(documentTypes.hasExpiry, true),
      ),
    )
    .groupBy(documents.ownerType, documents.ownerId, documentTypes.id, documentTypes.name)
    .having(and(sql`not bool_or(${isNull(documents.expiryDate)})`, sql`max(${documents.expiryDate}) < ${today}::date`))
    .orderBy(documents.ownerType, documentTypes.name);
  return rows as ExpiredDocument[];
}

/** A hard allocation with run-out papers is refused, naming each document and its expiry date. */
export async function assertCompliant(
  ctx: Ctx,
  owners: { driverId: number | null; vehicleId: number | null },
): Promise<void> {
  const expired = await expiredMandatoryDocuments(ctx, owners);
  if (!expired.length) return;
  const words = expired.map(
    (d) => `the ${d.ownerType}'s ${d.documentTypeName} expired on ${d.expiryDate.split('-').reverse().join('-')}`,
  );
  throw new AppError(
    422,
    `This booking cannot be allocated: ${words.join('; ')}.`,
    expired.map((d) => ({
      field: d.ownerType === 'driver' ? 'driverId' : 'vehicleId',
      message: `${d.documentTypeName} expired on ${d.expiryDate}`,
    })),
    { expiredDocuments: expired },
  );
}

/**
 * Whether an owner (given as its qualified id column, e.g. `"drivers"."id"`) has a mandatory
 * document that has run out, by the same rule as expiredMandatoryDocuments, as a correlated
 * sub-select. The owner-documents rank names only the worst state (missing beats expired), which
 * cannot tell whether a hard allocation would be refused.
 */
export function hasExpiredMandatorySql(
  ownerType: 'driver' | 'vehicle',
  ownerId: SQL,
  today: string | Placeholder,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from documents d
      join document_types dt on dt.company_id = d.company_id and dt.id = d.document_type_id
      where d.owner_type = ${ownerType} and d.owner_id = ${ownerId}
        and dt.is_mandatory and dt.is_active and dt.has_expiry
      group by dt.id
      having not bool_or(d.expiry_date is null) and max(d.expiry_date) < ${today}::date)`;
}

/**
 * The names of the mandatory documents of a driver and of a vehicle (qualified id columns; the
 * vehicle's may be null) that have run out, by the rule above, joined in one text ("Driving licence,
 * MOT certificate"), or null: what makes a driver "Blocked" on the status page, the map and the board.
 */
export function expiredNamesSql(driverId: SQL, vehicleId: SQL, today: string): SQL<string | null> {
  return sql<string | null>`(select string_agg(x.name, ', ' order by x.owner_type, x.name) from (
      select dt.name, d.owner_type from documents d
      join document_types dt on dt.company_id = d.company_id and dt.id = d.document_type_id
      where ((d.owner_type = 'driver' and d.owner_id = ${driverId})
          or (d.owner_type = 'vehicle' and d.owner_id = ${vehicleId}))
        and dt.is_mandatory and dt.is_active and dt.has_expiry
      group by d.owner_type, d.owner_id, dt.id, dt.name
      having not bool_or(d.expiry_date is null) and max(d.expiry_date) < ${today}::date) x)`;
}
