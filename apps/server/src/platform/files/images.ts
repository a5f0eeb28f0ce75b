import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FileUpload } from '@cabdesk/contract';
import type { Session } from '../auth/tokens';
import type { CallContext } from '../http/context';
import { notFound } from '../http/errors';

type ImageField = 'photoKey' | 'imageKey';
type ImageTable<F extends ImageField> = PgTable & { id: PgColumn; companyId: PgColumn } & Record<F, PgColumn>;

/**
 * Stores a new picture for a row (a driver's photo, a company's image) and forgets the old file once
 * the change is committed. Answers the picture's signed address.
 */
export async function replaceImage<F extends ImageField>(
  ctx: CallContext<Session>,
  target: { table: ImageTable<F>; field: F; id: number; noun: string; folder: string },
  upload: FileUpload,
): Promise<{ id: number; imageUrl: string }> {
  const { table, field, id } = target;
  const column = table[field];
  const mine = and(eq(table.companyId, ctx.session.companyId), eq(table.id, id));
  const [row] = await ctx.db
    .select({ key: column })
    .from(table as PgTable)
    .where(mine);
  if (!row) throw notFound(`${target.noun} ${id}`);
  const key = await ctx.services.files.save(ctx.session.companyId, target.folder, upload);
  await ctx.db
    .update(table)
    .set({ [field]: key } as never)
    .where(mine);
  const old = row.key as string | null;
  if (old) ctx.afterCommit(() => ctx.services.files.remove(old));
  return { id, imageUrl: ctx.services.files.url(key) ?? '' };
}

/** The signed address of a row's picture, or null when it has none. */
export async function imageOf<F extends ImageField>(
  ctx: CallContext<Session>,
  target: { table: ImageTable<F>; field: F; id: number; noun: string },
): Promise<{ id: number; imageUrl: string | null }> {
  const { table, field, id } = target;
  const column = table[field];
  const [row] = await ctx.db
    .select({ key: column })
    .from(table as PgTable)
    .where(and(eq(table.companyId, ctx.session.companyId), eq(table.id, id)));
  if (!row) throw notFound(`${target.noun} ${id}`);
  return { id, imageUrl: ctx.services.files.url(row.key as string | null) };
}
