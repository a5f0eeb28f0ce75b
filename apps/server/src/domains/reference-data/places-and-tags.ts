import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { audited } from '../audit/record';
import { crudHandlers, num } from '../../platform/http/crud';
import { AppError } from '../../platform/http/errors';
import { activeIs } from './driver-and-client-types';
import { entityTags, exclusions, knownLocations, tags, zones } from './schema';

export const knownLocationRegister = crudHandlers({
  table: knownLocations,
  noun: 'Known location',
  trace: audited('known_location'),
  query: (db: Db) =>
    db
      .select({
        id: knownLocations.id,
        name: knownLocations.name,
        locationType: knownLocations.locationType,
        address: knownLocations.address,
        postcode: knownLocations.postcode,
        lat: knownLocations.lat,
        lng: knownLocations.lng,
        notes: knownLocations.notes,
        isActive: knownLocations.isActive,
      })
      .from(knownLocations)
      .$dynamic(),
  toRow: (r) => ({ ...r, lat: num(r.lat), lng: num(r.lng) }),
  sortable: {
    name: knownLocations.name,
    locationType: knownLocations.locationType,
    postcode: knownLocations.postcode,
    isActive: knownLocations.isActive,
  },
  defaultSort: { column: 'name', type: 'asc' },
  search: [knownLocations.name, knownLocations.address, knownLocations.postcode],
  filters: (input) => [
    ...activeIs(knownLocations.isActive)(input),
    input.locationType ? eq(knownLocations.locationType, input.locationType as 'other') : undefined,
  ],
  values: (input: z.output<typeof schemas.knownLocationFields>) => ({
    ...input,
    postcode: input.postcode || null,
    notes: input.notes || null,
    lat: input.lat === undefined ? null : String(input.lat),
    lng: input.lng === undefined ? null : String(input.lng),
  }),
});

const usageCount = sql<number>`(select count(*)::int from ${entityTags} et where et.tag_id = ${tags}.id)`;

export const tagRegister = crudHandlers({
  table: tags,
  noun: 'Tag',
  trace: audited('tag'),
  query: (db: Db) =>
    db
      .select({
        id: tags.id,
        name: tags.name,
        tagType: tags.tagType,
        colour: tags.colour,
        isActive: tags.isActive,
        usageCount,
      })
      .from(tags)
      .$dynamic(),
  toRow: (r) => r,
  sortable: { name: tags.name, tagType: tags.tagType, usageCount, isActive: tags.isActive },
  defaultSort: { column: 'name', type: 'asc' },
  search: [tags.name],
  filters: (input) => [
    ...activeIs(tags.isActive)(input),
    input.tagType ? eq(tags.tagType, input.tagType as 'driver') : undefined,
  ],
  values: async (input: z.output<typeof schemas.tagFields> & { id?: number }, ctx) => {
    if (input.id) await refuseKindChangeInUse(ctx, input.id, input.tagType);
    return input;
  },
});

/**
 * A tag on drivers cannot become a vehicle tag: the rows carrying it would hold a tag of the wrong
 * kind. While it is in use its kind stays; a new tag of the other kind is the way.
 */
async function refuseKindChangeInUse(ctx: CallContext<Session>, tagId: number, tagType: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(entityTags)
    .where(
      and(
        eq(entityTags.companyId, ctx.session.companyId),
        eq(entityTags.tagId, tagId),
        ne(entityTags.ownerType, tagType as 'driver'),
      ),
    );
  if (row?.n) {
    throw new AppError(409, `The tag is in use ${row.n} times, so its kind cannot change; add a new tag instead.`, [
      { field: 'tagType', message: 'cannot change while the tag is in use' },
    ]);
  }
}

export const exclusionRegister = crudHandlers({
  table: exclusions,
  noun: 'Exclusion date',
  trace: audited('exclusion'),
  query: (db: Db) =>
    db
      .select({
        id: exclusions.id,
        name: exclusions.name,
        startDate: exclusions.startDate,
        endDate: exclusions.endDate,
        notes: exclusions.notes,
        isActive: exclusions.isActive,
      })
      .from(exclusions)
      .$dynamic(),
  toRow: (r) => r,
  sortable: {
    name: exclusions.name,
    startDate: exclusions.startDate,
    endDate: exclusions.endDate,
    isActive: exclusions.isActive,
  },
  defaultSort: { column: 'startDate', type: 'asc' },
  search: [exclusions.name],
  filters: activeIs(exclusions.isActive),
  values: (input: z.output<typeof schemas.exclusionFields>) => ({ ...input, notes: input.notes || null }),
});

export const zoneRegister = crudHandlers({
  table: zones,
  noun: 'Zone',
  trace: audited('zone'),
  query: (db: Db) =>
    db
      .select({
        id: zones.id,
        name: zones.name,
        description: zones.description,
        colour: zones.colour,
        polygon: zones.polygon,
        priority: zones.priority,
        isActive: zones.isActive,
      })
      .from(zones)
      .$dynamic(),
  toRow: (r) => r,
  sortable: { name: zones.name, priority: zones.priority, isActive: zones.isActive },
  defaultSort: { column: 'name', type: 'asc' },
  search: [zones.name, zones.description],
  filters: activeIs(zones.isActive),
  values: (input: z.output<typeof schemas.zoneFields>) => ({ ...input, description: input.description || null }),
});
