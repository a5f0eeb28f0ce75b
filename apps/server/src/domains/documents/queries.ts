import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { CallOutput, ParsedInput } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { iso } from '../../platform/http/crud';
import { notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { daysUntil, documentStateSql } from './expiry';
import { companyDay, ownerNameSql } from './owners';
import { documents, documentTypes } from './schema';

type Ctx = CallContext<Session>;
export type DocumentRow = CallOutput<'Common/GetDocument'>;

/** The columns of a document row, read with its type and owner name; `today` decides the expiry state. */
function selection(ctx: Ctx, today: string) {
  return {
    id: documents.id,
    ownerType: documents.ownerType,
    ownerId: documents.ownerId,
    ownerName: ownerNameSql(ctx),
    documentTypeId: documents.documentTypeId,
    documentTypeName: documentTypes.name,
    isMandatory: documentTypes.isMandatory,
    hasExpiry: documentTypes.hasExpiry,
    reference: documents.reference,
    issueDate: documents.issueDate,
    expiryDate: documents.expiryDate,
    expiryState: documentStateSql(documents.expiryDate, documentTypes.hasExpiry, today),
    notes: documents.notes,
    fileKey: documents.fileKey,
    fileName: documents.fileName,
    mimeType: documents.mimeType,
    sizeBytes: documents.sizeBytes,
    createdAt: documents.createdAt,
    updatedAt: documents.updatedAt,
  };
}

interface Raw {
  id: number;
  ownerType: string;
  ownerId: number;
  ownerName: string;
  documentTypeId: number;
  documentTypeName: string;
  isMandatory: boolean;
  hasExpiry: boolean;
  reference: string | null;
  issueDate: string | null;
  expiryDate: string | null;
  expiryState: DocumentRow['expiryState'];
  notes: string | null;
  fileKey: string | null;
  fileName: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  createdAt: Date;
  updatedAt: Date;
}

function base<F extends Record<string, unknown>>(ctx: Ctx, fields: F) {
  return ctx.db
    .select(fields as never)
    .from(documents)
    .innerJoin(
      documentTypes,
      and(eq(documentTypes.companyId, documents.companyId), eq(documentTypes.id, documents.documentTypeId)),
    )
    .$dynamic();
}

function toRow(ctx: Ctx, raw: Raw, today: string): DocumentRow {
  const { fileKey, createdAt, updatedAt, ...rest } = raw;
  return {
    ...rest,
    daysToExpiry: rest.expiryState === 'no_expiry' ? null : daysUntil(rest.expiryDate, today),
    hasFile: Boolean(fileKey),
    fileUrl: ctx.services.files.url(fileKey),
    createdAt: iso(createdAt) ?? '',
    updatedAt: iso(updatedAt) ?? '',
  };
}

/** One document of the caller's company, or 404. */
export async function documentById(ctx: Ctx, id: number): Promise<DocumentRow & { fileKey: string | null }> {
  const { today } = await companyDay(ctx);
  const [raw] = (await base(ctx, selection(ctx, today))
    .where(and(eq(documents.companyId, ctx.session.companyId), eq(documents.id, id)))
    .limit(1)) as Raw[];
  if (!raw) throw notFound(`Document ${id}`);
  return { ...toRow(ctx, raw, today), fileKey: raw.fileKey };
}

/** The document list: filters, search over reference, owner and type names, sorting, paging. */
export async function listDocuments(ctx: Ctx, input: ParsedInput<'Common/GetDocument'>) {
  const { today } = await companyDay(ctx);
  const fields = selection(ctx, today);
  const where: SQL | undefined = and(
    eq(documents.companyId, ctx.session.companyId),
    input.ownerType ? eq(documents.ownerType, input.ownerType) : undefined,
    input.ownerId ? eq(documents.ownerId, input.ownerId) : undefined,
    input.documentTypeId ? eq(documents.documentTypeId, input.documentTypeId) : undefined,
    input.expiryState ? sql`${fields.expiryState} = ${input.expiryState}` : undefined,
    searchAny(input.q, [documents.reference, fields.ownerName, documentTypes.name]),
  );
  const order = orderFrom(
    input,
    {
      expiryDate: documents.expiryDate,
      documentTypeName: documentTypes.name,
      ownerName: fields.ownerName,
      createdAt: documents.createdAt,
    },
    { column: 'expiryDate', type: 'asc' },
    documents.id,
  );
  return listPage(input, {
    count: async () => {
      const [row] = (await base(ctx, { n: count() }).where(where)) as { n: number }[];
      return row?.n ?? 0;
    },
    rows: async (limit, offset) => {
      const raws = (await base(ctx, fields)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)) as Raw[];
      return raws.map((raw) => toRow(ctx, raw, today));
    },
  });
}
