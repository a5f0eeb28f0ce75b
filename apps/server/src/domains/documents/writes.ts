import { and, eq } from 'drizzle-orm';
import { base64Bytes, labelOf, type ParsedInput } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { diff, recordAudit } from '../audit/record';
import { ownerExists } from './owners';
import { documentById, type DocumentRow } from './queries';
import { documents, documentTypes } from './schema';

type Ctx = CallContext<Session>;
type Fields = ParsedInput<'Common/Create'>;

/**
 * The rules a document's fields must meet beyond their shapes: a type of the company for that owner
 * type (switched on, unless it is the one the document already has), an owner that exists in the
 * company, and an expiry date when the type expires. Answers the table values.
 */
async function checked(ctx: Ctx, input: Fields, currentTypeId?: number) {
  const [type] = await ctx.db
    .select()
    .from(documentTypes)
    .where(and(eq(documentTypes.companyId, ctx.session.companyId), eq(documentTypes.id, input.documentTypeId)));
  if (!type) throw fieldError('documentTypeId', 'does not exist in your company');
  if (type.ownerType !== input.ownerType) {
    throw fieldError(
      'documentTypeId',
      `is a document type for ${labelOf('ownerType', type.ownerType).toLowerCase()} records, not ${labelOf('ownerType', input.ownerType).toLowerCase()} records`,
    );
  }
  if (!type.isActive && type.id !== currentTypeId) throw fieldError('documentTypeId', 'is switched off');
  if (!(await ownerExists(ctx, input.ownerType, input.ownerId))) {
    throw fieldError('ownerId', `is not a ${labelOf('ownerType', input.ownerType).toLowerCase()} of your company`);
  }
  if (type.hasExpiry && !input.expiryDate) throw fieldError('expiryDate', `is required for ${type.name}`);
  return {
    ownerType: input.ownerType,
    ownerId: input.ownerId,
    documentTypeId: input.documentTypeId,
    reference: input.reference,
    issueDate: input.issueDate,
    // A type without expiry keeps no date, so its documents never show as expiring.
    expiryDate: type.hasExpiry ? input.expiryDate : null,
    notes: input.notes,
  };
}

/** Stores an upload in the documents folder (its bytes are checked against the declared type). */
async function stored(ctx: Ctx, file: NonNullable<Fields['file']>) {
  const fileKey = await ctx.services.files.save(ctx.session.companyId, 'documents', file);
  return { fileKey, fileName: file.fileName, mimeType: file.mimeType, sizeBytes: base64Bytes(file.content) };
}

/** What a trace of a document keeps: its fields, not the signed address that changes every hour. */
function traced(row: DocumentRow): Record<string, unknown> {
  const { fileUrl: _url, updatedAt: _updated, daysToExpiry: _days, expiryState: _state, ...rest } = row;
  return rest;
}

export async function createDocument(ctx: Ctx, input: Fields) {
  const values = await checked(ctx, input);
  const file = input.file ? await stored(ctx, input.file) : {};
  const [created] = await ctx.db
    .insert(documents)
    .values({ ...values, ...file, companyId: ctx.session.companyId, createdBy: ctx.session.userId })
    .returning({ id: documents.id });
  const id = created?.id ?? 0;
  const { fileKey: _key, ...row } = await documentById(ctx, id);
  await recordAudit(ctx, { entityType: 'document', entityId: id, action: 'created' });
  return { data: row, message: `${row.documentTypeName} added for ${row.ownerName}.` };
}

export async function updateDocument(ctx: Ctx, input: ParsedInput<'Common/UpdateDocument'>) {
  const { fileKey: oldKey, ...before } = await documentById(ctx, input.id);
  const values = await checked(ctx, input, before.documentTypeId);
  const file = input.file
    ? await stored(ctx, input.file)
    : input.removeFile
      ? { fileKey: null, fileName: null, mimeType: null, sizeBytes: null }
      : {};
  await ctx.db
    .update(documents)
    .set({ ...values, ...file, updatedAt: new Date() })
    .where(and(eq(documents.companyId, ctx.session.companyId), eq(documents.id, input.id)));
  // The old file goes only once the change is committed: a failed save keeps the document whole.
  if (oldKey && 'fileKey' in file) ctx.afterCommit(() => ctx.services.files.remove(oldKey));
  const { fileKey: _key, ...after } = await documentById(ctx, input.id);
  await recordAudit(ctx, {
    entityType: 'document',
    entityId: input.id,
    action: 'updated',
    changes: diff(traced(before), traced(after)),
  });
  return { data: after, message: `${after.documentTypeName} of ${after.ownerName} saved.` };
}

export async function deleteDocument(ctx: Ctx, input: { id: number }) {
  const { fileKey, ...before } = await documentById(ctx, input.id);
  await ctx.db.delete(documents).where(and(eq(documents.companyId, ctx.session.companyId), eq(documents.id, input.id)));
  if (fileKey) ctx.afterCommit(() => ctx.services.files.remove(fileKey));
  await recordAudit(ctx, {
    entityType: 'document',
    entityId: input.id,
    action: 'deleted',
    changes: Object.fromEntries(Object.entries(traced(before)).map(([k, v]) => [k, { before: v, after: null }])),
  });
  return { data: { id: input.id }, message: `${before.documentTypeName} of ${before.ownerName} deleted.` };
}
