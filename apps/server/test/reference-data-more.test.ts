import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/domains/clients/schema';
import { documents } from '../src/domains/documents/schema';
import { entityTags, tags } from '../src/domains/reference-data/schema';
import { expectEvery } from './assertions';
import { call } from './client';
import { world, type World } from './world';

let w: World<never, true>;

beforeAll(async () => {
  w = await world({ otherCompany: true });
});

/*
 * The "in use" counts of the registers whose list query has no join: the count must look at the
 * listed row, not at the counted table's own columns of the same name.
 */
describe('usage counts of registers listed from one table', () => {
  it('counts the documents of each document type, and sorts on the count', async () => {
    const types = await call(w.app, 'DocumentType/GetTableSummary', { perPage: 0, sortColumn: 'name' }, w.admin.token);
    const [first, second] = types.body.data;
    if (!first || !second) throw new Error('the company has no document types');
    await w.db.insert(documents).values([
      { companyId: w.company.id, ownerType: 'driver', ownerId: 1, documentTypeId: first.id },
      { companyId: w.company.id, ownerType: 'driver', ownerId: 2, documentTypeId: first.id },
      { companyId: w.company.id, ownerType: 'driver', ownerId: 3, documentTypeId: second.id },
    ]);
    const listed = await call(
      w.app,
      'DocumentType/GetTableSummary',
      { perPage: 0, sortColumn: 'documentCount', sortType: 'desc' },
      w.admin.token,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.slice(0, 2).map((r) => [r.id, r.documentCount])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);
    // Another company's documents count for nothing here, and its list does not see ours.
    const theirs = await call(w.app, 'DocumentType/GetTableSummary', { perPage: 0 }, w.other.admin.token);
    expectEvery(theirs.body.data, (r) => r.documentCount === 0);
  });

  it('counts the clients of each client type', async () => {
    const type = await call(w.app, 'ClientType/Create', { name: 'Corporate' }, w.admin.token);
    await w.db.insert(clients).values([
      { companyId: w.company.id, name: 'Acme Ltd', clientTypeId: type.body.data.id },
      { companyId: w.company.id, name: 'Globex plc', clientTypeId: type.body.data.id },
    ]);
    const listed = await call(w.app, 'ClientType/GetTableSummary', { q: 'corporate' }, w.admin.token);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: type.body.data.id, clientCount: 2 })]);
  });
});

describe('tags in use', () => {
  it('keep their kind while rows carry them, and can still be renamed', async () => {
    const tag = await call(
      w.app,
      'Tag/Create',
      { name: 'Night shift', tagType: 'driver', colour: '#7950f2' },
      w.admin.token,
    );
    const id = tag.body.data.id;
    await w.db.insert(entityTags).values({ companyId: w.company.id, tagId: id, ownerType: 'driver', ownerId: 42 });

    const moved = await call(
      w.app,
      'Tag/Update',
      { id, name: 'Night shift', tagType: 'vehicle', colour: '#7950f2' },
      w.admin.token,
    );
    expect(moved.status).toBe(409);
    expect(moved.body.errors).toEqual([
      {
        field: 'tagType',
        message: 'Tag type cannot change while the tag is in use',
        rule: 'cannot change while the tag is in use',
      },
    ]);
    const [stored] = await w.db.select().from(tags).where(eq(tags.id, id));
    expect(stored?.tagType).toBe('driver');

    const renamed = await call(
      w.app,
      'Tag/Update',
      { id, name: 'Nights', tagType: 'driver', colour: '#7950f2' },
      w.admin.token,
    );
    expect(renamed.body.data).toMatchObject({ name: 'Nights', tagType: 'driver', usageCount: 1 });
    expect((await call(w.app, 'Tag/Update', { id, name: 'X', tagType: 'driver' }, w.other.admin.token)).status).toBe(
      404,
    );
  });

  it('change kind freely while unused', async () => {
    const tag = await call(w.app, 'Tag/Create', { name: 'Spare', tagType: 'client' }, w.admin.token);
    const moved = await call(
      w.app,
      'Tag/Update',
      { id: tag.body.data.id, name: 'Spare', tagType: 'passenger' },
      w.admin.token,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.tagType).toBe('passenger');
  });
});
