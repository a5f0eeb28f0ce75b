import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { EXPIRING_DAYS, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { expiryState } from '../documents/expiry';
import { documents, documentTypes } from '../documents/schema';
import { companyToday } from '../documents/owner-documents';
import { driverOf } from './profile';
import { drivers } from './schema';

type Ctx = CallContext<Session>;
type ListInput = z.output<typeof schemas.driverDocumentListInput>;

const columns = {
  id: documents.id,
  documentTypeId: documents.documentTypeId,
  documentTypeName: documentTypes.name,
  isMandatory: documentTypes.isMandatory,
  hasExpiry: documentTypes.hasExpiry,
  reference: documents.reference,
  issueDate: documents.issueDate,
  expiryDate: documents.expiryDate,
  fileKey: documents.fileKey,
  fileName: documents.fileName,
  notes: documents.notes,
};

const documentQuery = (ctx: Ctx) =>
  ctx.db
    .select(columns)
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .$dynamic();

type Raw = Awaited<ReturnType<typeof documentQuery>>[number];

/** A type without expiry never expires, whatever date a document carries from before the type changed. */
const stateOf = (r: { hasExpiry: boolean; expiryDate: string | null }, today: string) =>
  r.hasExpiry ? expiryState(r.expiryDate, today) : 'no_expiry';

const stateSql = (today: string) => sql`case when not ${documentTypes.hasExpiry} then 'no_expiry'
  when ${documents.expiryDate} is null then 'no_expiry'
  when ${documents.expiryDate} < ${today}::date then 'expired'
  when ${documents.expiryDate} <= ${today}::date + ${EXPIRING_DAYS}::int then 'expiring'
  else 'valid' end`;

function toRow(ctx: Ctx, today: string, { fileKey, hasExpiry, ...r }: Raw) {
  return {
    ...r,
    expiryState: stateOf({ hasExpiry, expiryDate: r.expiryDate }, today),
    hasFile: fileKey !== null,
    fileUrl: ctx.services.files.url(fileKey),
  };
}

/** Driver/GetTableSummaryDriverDocument: the documents of one driver of the company. */
export async function listDriverDocuments(ctx: Ctx, input: ListInput) {
  await driverOf(ctx, input.id);
  const today = await companyToday(ctx);
  const filters: (SQL | undefined)[] = [
    eq(documents.companyId, ctx.session.companyId),
    eq(documents.ownerType, 'driver'),
    eq(documents.ownerId, input.id),
    searchAny(input.q, [documentTypes.name, documents.reference, documents.fileName]),
    input.expiryState ? sql`${stateSql(today)} = ${input.expiryState}` : undefined,
  ];
  const where = and(...filters);
  const order = orderFrom(
    input,
    {
      documentTypeName: sql`lower(${documentTypes.name})`,
      expiryDate: documents.expiryDate,
      issueDate: documents.issueDate,
      createdAt: documents.createdAt,
    },
    { column: 'documentTypeName', type: 'asc' },
    documents.id,
  );
  return listPage(input, {
    count: async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(documents)
          .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
          .where(where)
      )[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const raw = await documentQuery(ctx)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return raw.map((r) => toRow(ctx, today, r));
    },
  });
}

/** Driver/GetDriverDocumentDetails: one document that belongs to a driver of the company. */
export async function driverDocumentDetails(ctx: Ctx, id: number) {
  const [raw] = await ctx.db
    .select({ ...columns, driverId: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(drivers, and(eq(drivers.companyId, documents.companyId), eq(drivers.id, documents.ownerId)))
    .where(
      and(eq(documents.companyId, ctx.session.companyId), eq(documents.ownerType, 'driver'), eq(documents.id, id)),
    );
  if (!raw) throw notFound(`Driver document ${id}`);
  const { driverId, firstName, lastName, ...doc } = raw;
  return { ...toRow(ctx, await companyToday(ctx), doc), driverId, driverName: `${firstName} ${lastName}` };
}
