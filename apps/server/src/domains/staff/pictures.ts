import { and, eq, inArray } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { imageOf } from '../../platform/files/images';
import type { CallContext } from '../../platform/http/context';
import { users } from '../auth/schema';

type Ctx = CallContext<Session>;

/** Common/GetProfileImage: the signed-in user's own picture. */
export const ownPicture = (ctx: Ctx) =>
  imageOf(ctx, { table: users, field: 'photoKey', id: ctx.session.userId, noun: 'User' });

/** Common/GetProfileImages: pictures of several accounts of the company, in the order asked. */
export async function picturesOf(ctx: Ctx, ids: number[]) {
  if (!ids.length) return [];
  const rows = await ctx.db
    .select({ id: users.id, key: users.photoKey })
    .from(users)
    .where(and(eq(users.companyId, ctx.session.companyId), inArray(users.id, ids)));
  const keys = new Map(rows.map((r) => [r.id, r.key]));
  return ids.filter((id) => keys.has(id)).map((id) => ({ id, imageUrl: ctx.services.files.url(keys.get(id) ?? null) }));
}
