import { createHash } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Session } from '../../../platform/auth/tokens';
import type { CallContext } from '../../../platform/http/context';
import { AppError } from '../../../platform/http/errors';
import { issuedDocuments } from '../schema';

type Ctx = CallContext<Session>;
export type StoredDocument = typeof issuedDocuments.$inferSelect;

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export type DocumentOwner =
  { invoiceId: number } | { creditNoteId: number } | { bookingId: number } | { driverStatementId: number };

/** The stored document of an invoice, credit note or driver statement of this kind, if one was made. */
export async function storedDocument(ctx: Ctx, owner: DocumentOwner, kind: string): Promise<StoredDocument | null> {
  const t = issuedDocuments;
  const where =
    'invoiceId' in owner
      ? eq(t.invoiceId, owner.invoiceId)
      : 'creditNoteId' in owner
        ? eq(t.creditNoteId, owner.creditNoteId)
        : 'driverStatementId' in owner
          ? eq(t.driverStatementId, owner.driverStatementId)
          : and(eq(t.bookingId, owner.bookingId), isNull(t.invoiceId));
  const [row] = await ctx.db
    .select()
    .from(t)
    .where(and(eq(t.companyId, ctx.session.companyId), eq(t.kind, kind), where))
    .orderBy(asc(t.id))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a document's bytes once, with their SHA-256. For an invoice, credit note or driver statement the first stored
 * document of a kind stays: a second call (or one racing it) answers the stored row and its file, and
 * the bytes it made are thrown away. A transaction that fails removes the file it wrote.
 */
export async function storeDocument(
  ctx: Ctx,
  owner: DocumentOwner,
  kind: string,
  file: { fileName: string; contentType: string; bytes: Buffer },
): Promise<StoredDocument> {
  const unique = !('bookingId' in owner);
  if (unique) {
    const existing = await storedDocument(ctx, owner, kind);
    if (existing) return existing;
  }
  const { files } = ctx.services;
  const extension = file.contentType === PDF ? 'pdf' : 'xlsx';
  const fileKey = await files.saveMade(ctx.session.companyId, 'documents', file.bytes, extension);
  ctx.afterRollback(() => files.remove(fileKey));
  const [row] = await ctx.db
    .insert(issuedDocuments)
    .values({
      companyId: ctx.session.companyId,
      ...owner,
      kind,
      fileKey,
      fileName: file.fileName,
      contentType: file.contentType,
      byteSize: file.bytes.length,
      sha256: sha256(file.bytes),
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  await files.remove(fileKey);
  const winner = await storedDocument(ctx, owner, kind);
  if (!winner) throw new Error(`document ${kind} was neither stored nor found`);
  return winner;
}

/** The stored bytes of a document; a file missing from the store is the server's fault, said plainly. */
export async function documentBytes(ctx: Ctx, row: StoredDocument): Promise<Buffer> {
  const bytes = await ctx.services.files.read(row.fileKey);
  if (!bytes) throw new AppError(500, `The stored file of ${row.fileName} is missing; ask an administrator.`);
  return bytes;
}

/** A document's answer: its bytes as base64 with their SHA-256. */
export function fileAnswer(
  file: { fileName: string; contentType: string; bytes: Buffer },
  stored: StoredDocument | null,
) {
  return {
    fileName: file.fileName,
    mimeType: file.contentType,
    content: file.bytes.toString('base64'),
    byteSize: file.bytes.length,
    sha256: sha256(file.bytes),
    draft: stored === null,
    issuedAt: stored?.createdAt.toISOString() ?? null,
  };
}
