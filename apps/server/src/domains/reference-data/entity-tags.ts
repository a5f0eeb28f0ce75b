import { and, eq, inArray } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { entityTags, tags, type tagTypes } from './schema';

type Ctx = CallContext<Session>;
type TagType = (typeof tagTypes)[number];

export interface TagRef {
  id: number;
  name: string;
  colour: string;
}

/** The tags of several rows at once (one query for a whole list page). */
export async function tagsOf(ctx: Ctx, ownerType: TagType, ownerIds: number[]): Promise<Map<number, TagRef[]>> {
  const map = new Map<number, TagRef[]>();
  if (!ownerIds.length) return map;
  const rows = await ctx.db
    .select({ ownerId: entityTags.ownerId, id: tags.id, name: tags.name, colour: tags.colour })
    .from(entityTags)
    .innerJoin(tags, eq(tags.id, entityTags.tagId))
    .where(
      and(
        eq(entityTags.companyId, ctx.session.companyId),
        eq(entityTags.ownerType, ownerType),
        inArray(entityTags.ownerId, ownerIds),
      ),
    )
    .orderBy(tags.name);
  for (const { ownerId, ...tag } of rows) map.set(ownerId, [...(map.get(ownerId) ?? []), tag]);
  return map;
}

/**
 * Replaces the tags of one row. Every tag must be the company's and of the row's kind; otherwise
 * the field is named and nothing changes.
 */
export async function setTags(
  ctx: Ctx,
  ownerType: TagType,
  ownerId: number,
  tagIds: number[],
  field = 'tagIds',
): Promise<void> {
  const unique = [...new Set(tagIds)];
  if (unique.length) {
    const found = await ctx.db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, ctx.session.companyId), eq(tags.tagType, ownerType), inArray(tags.id, unique)));
    if (found.length !== unique.length) throw fieldError(field, `must be ${ownerType} tags of your company`);
  }
  await ctx.db
    .delete(entityTags)
    .where(
      and(
        eq(entityTags.companyId, ctx.session.companyId),
        eq(entityTags.ownerType, ownerType),
        eq(entityTags.ownerId, ownerId),
      ),
    );
  if (unique.length) {
    await ctx.db
      .insert(entityTags)
      .values(unique.map((tagId) => ({ companyId: ctx.session.companyId, tagId, ownerType, ownerId })));
  }
}
