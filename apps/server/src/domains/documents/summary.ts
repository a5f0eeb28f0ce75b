import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CallOutput, ExpiryState } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { daysUntil, documentStateSql } from './expiry';
import { activeOwners, companyDay, ownerNameSql, type OwnerType } from './owners';
import { documents, documentTypes } from './schema';

type Ctx = CallContext<Session>;
type Narrow = Parameters<typeof activeOwners>[2];

const joinType = and(eq(documentTypes.companyId, documents.companyId), eq(documentTypes.id, documents.documentTypeId));

/** Documents of the active owners of a type: inactive drivers' lapsed papers raise no alarm. */
function ofActiveOwners(ctx: Ctx, ownerType: OwnerType, narrow?: Narrow): SQL | undefined {
  return and(
    eq(documents.companyId, ctx.session.companyId),
    eq(documents.ownerType, ownerType),
    sql`${documents.ownerId} in (${activeOwners(ctx, ownerType, narrow)})`,
  );
}

/** Documents per type and expiry state. Grouped by position: the state's expression carries a parameter. */
async function stateCounts(ctx: Ctx, ownerType: OwnerType, today: string, narrow?: Narrow) {
  const rows = await ctx.db
    .select({
      documentTypeId: documents.documentTypeId,
      state: documentStateSql(documents.expiryDate, documentTypes.hasExpiry, today),
      n: count(),
    })
    .from(documents)
    .innerJoin(documentTypes, joinType)
    .where(ofActiveOwners(ctx, ownerType, narrow))
    .groupBy(sql`1`, sql`2`);
  return rows as { documentTypeId: number; state: ExpiryState; n: number }[];
}

/** The mandatory documents active owners lack: per type, and how many owners lack at least one. */
async function missingCounts(ctx: Ctx, ownerType: OwnerType, narrow?: Narrow) {
  const companyId = ctx.session.companyId;
  const owners = activeOwners(ctx, ownerType, narrow);
  const lacks = sql`not exists (select 1 from ${documents} where ${documents.companyId} = ${companyId}
      and ${documents.ownerType} = ${ownerType} and ${documents.ownerId} = o.id
      and ${documents.documentTypeId} = ${documentTypes.id})`;
  const mandatory = sql`${documentTypes.companyId} = ${companyId} and ${documentTypes.ownerType} = ${ownerType}
      and ${documentTypes.isMandatory} and ${documentTypes.isActive}`;
  const perType = await ctx.db.execute<{ document_type_id: number; missing: number }>(sql`
    select ${documentTypes.id} as document_type_id, count(*)::int as missing
    from ${documentTypes} cross join (${owners}) as o(id)
    where ${mandatory} and ${lacks}
    group by ${documentTypes.id}`);
  const [totals] = (
    await ctx.db.execute<{ owners: number; lacking: number }>(sql`
      select count(*)::int as owners,
        (count(*) filter (where exists (select 1 from ${documentTypes} where ${mandatory} and ${lacks})))::int as lacking
      from (${owners}) as o(id)`)
  ).rows;
  return {
    perType: new Map(perType.rows.map((r) => [Number(r.document_type_id), Number(r.missing)])),
    owners: Number(totals?.owners ?? 0),
    ownersLacking: Number(totals?.lacking ?? 0),
  };
}

const emptyCounts = () => ({ total: 0, valid: 0, expiring: 0, expired: 0, noExpiry: 0 });
const stateKey: Record<ExpiryState, 'valid' | 'expiring' | 'expired' | 'noExpiry'> = {
  valid: 'valid',
  expiring: 'expiring',
  expired: 'expired',
  no_expiry: 'noExpiry',
};

/** Common/GetDocumentSummaryByOwnerType. */
export async function documentSummary(
  ctx: Ctx,
  ownerType: OwnerType,
): Promise<CallOutput<'Common/GetDocumentSummaryByOwnerType'>> {
  const { today } = await companyDay(ctx);
  const [counts, missing, types] = await Promise.all([
    stateCounts(ctx, ownerType, today),
    missingCounts(ctx, ownerType),
    ctx.db
      .select()
      .from(documentTypes)
      .where(and(eq(documentTypes.companyId, ctx.session.companyId), eq(documentTypes.ownerType, ownerType)))
      .orderBy(asc(documentTypes.name)),
  ]);
  const totals = emptyCounts();
  const perType = new Map<number, ReturnType<typeof emptyCounts>>();
  for (const c of counts) {
    const row = perType.get(c.documentTypeId) ?? emptyCounts();
    row[stateKey[c.state]] += c.n;
    row.total += c.n;
    perType.set(c.documentTypeId, row);
    totals[stateKey[c.state]] += c.n;
    totals.total += c.n;
  }
  return {
    ownerType,
    ...totals,
    owners: missing.owners,
    ownersMissingMandatory: missing.ownersLacking,
    missing: [...missing.perType.values()].reduce((a, b) => a + b, 0),
    types: types
      .filter((t) => t.isActive || perType.has(t.id))
      .map((t) => ({
        documentTypeId: t.id,
        documentTypeName: t.name,
        isMandatory: t.isMandatory,
        hasExpiry: t.hasExpiry,
        isActive: t.isActive,
        ...(perType.get(t.id) ?? emptyCounts()),
        missing: missing.perType.get(t.id) ?? 0,
      })),
  };
}

const ALERT_LIMIT = 20;

/**
 * The dashboard's document panel for drivers or vehicles: documents by state (those without expiry
 * count as valid), mandatory ones lacking, and the expired and expiring ones, soonest first.
 */
export async function documentPanel(
  ctx: Ctx,
  ownerType: 'driver' | 'vehicle',
  narrow?: Narrow,
): Promise<CallOutput<'Dashboard/GetDashboardDriverDocuments'>> {
  const { today } = await companyDay(ctx);
  const state = documentStateSql(documents.expiryDate, documentTypes.hasExpiry, today);
  const [counts, missing, items] = await Promise.all([
    stateCounts(ctx, ownerType, today, narrow),
    missingCounts(ctx, ownerType, narrow),
    ctx.db
      .select({
        id: documents.id,
        ownerId: documents.ownerId,
        ownerName: ownerNameSql(ctx),
        documentTypeName: documentTypes.name,
        expiryDate: documents.expiryDate,
        expiryState: state,
      })
      .from(documents)
      .innerJoin(documentTypes, joinType)
      .where(and(ofActiveOwners(ctx, ownerType, narrow), inArray(state, ['expired', 'expiring'])))
      .orderBy(asc(documents.expiryDate), asc(documents.id))
      .limit(ALERT_LIMIT),
  ]);
  const sum = (...states: ExpiryState[]) => counts.filter((c) => states.includes(c.state)).reduce((a, c) => a + c.n, 0);
  return {
    valid: sum('valid', 'no_expiry'),
    expiring: sum('expiring'),
    expired: sum('expired'),
    missing: [...missing.perType.values()].reduce((a, b) => a + b, 0),
    items: items.map((item) => ({ ...item, daysToExpiry: daysUntil(item.expiryDate, today) })),
  };
}
