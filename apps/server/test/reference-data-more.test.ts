import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/domains/clients/schema';
import { documents } from '../src/domains/documents/schema';
import { entityTags, tags } from '../src/domains/reference-data/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, (await createCompany(t.db)).adminEmail);
});

type Row = Record<string, unknown> & { id: number };

/*
 * The "in use" counts of the registers whose list query has no join: the count must look at the
 * listed row, not at the counted table's own columns of the same name.
 */
describe('usage counts of registers listed from one table', () => {
  it('counts the documents of each document type, and sorts on the count', async () => {
    const types = await call(
      t.app,
      'DocumentType/GetTableSummary',
      { perPage: 0, sortColumn: 'name' },
      admin.accessToken,
    );
    const [first, second] = types.body.data;
    if (!first || !second) throw new Error('the company has no document types');
    await t.db.insert(documents).values([
      { companyId: company.id, ownerType: 'driver', ownerId: 1, documentTypeId: first.id },
      { companyId: company.id, ownerType: 'driver', ownerId: 2, documentTypeId: first.id },
      { companyId: company.id, ownerType: 'driver', ownerId: 3, documentTypeId: second.id },
    ]);
    const listed = await call(
      t.app,
      'DocumentType/GetTableSummary',
      { perPage: 0, sortColumn: 'documentCount', sortType: 'desc' },
      admin.accessToken,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.slice(0, 2).map((r) => [r.id, r.documentCount])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);
    // Another company's documents count for nothing here, and its list does not see ours.
    const theirs = await call(t.app, 'DocumentType/GetTableSummary', { perPage: 0 }, other.accessToken);
    expect(theirs.body.data.every((r) => r.documentCount === 0)).toBe(true);
  });

  it('counts the clients of each client type', async () => {
    const type = await call(t.app, 'ClientType/Create', { name: 'Corporate' }, admin.accessToken);
    await t.db.insert(clients).values([
      { companyId: company.id, name: 'Acme Ltd', clientTypeId: type.body.data.id },
      { companyId: company.id, name: 'Globex plc', clientTypeId: type.body.data.id },
    ]);
    const listed = await call(t.app, 'ClientType/GetTableSummary', { q: 'corporate' }, admin.accessToken);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: type.body.data.id, clientCount: 2 })]);
  });
});

describe('tags in use', () => {
  it('keep their kind while rows carry them, and can still be renamed', async () => {
    const tag = await call(
      t.app,
      'Tag/Create',
      { name: 'Night shift', tagType: 'driver', colour: '#7950f2' },
      admin.accessToken,
    );
    const id = tag.body.data.id;
    await t.db.insert(entityTags).values({ companyId: company.id, tagId: id, ownerType: 'driver', ownerId: 42 });

    const moved = await call(
      t.app,
      'Tag/Update',
      { id, name: 'Night shift', tagType: 'vehicle', colour: '#7950f2' },
      admin.accessToken,
    );
    expect(moved.status).toBe(409);
    expect(moved.body.errors).toEqual([{ field: 'tagType', message: 'cannot change while the tag is in use' }]);
    const [stored] = await t.db.select().from(tags).where(eq(tags.id, id));
    expect(stored?.tagType).toBe('driver');

    const renamed = await call(
      t.app,
      'Tag/Update',
      { id, name: 'Nights', tagType: 'driver', colour: '#7950f2' },
      admin.accessToken,
    );
    expect(renamed.body.data).toMatchObject({ name: 'Nights', tagType: 'driver', usageCount: 1 });
    expect((await call(t.app, 'Tag/Update', { id, name: 'X', tagType: 'driver' }, other.accessToken)).status).toBe(404);
  });

  it('change kind freely while unused', async () => {
    const tag = await call(t.app, 'Tag/Create', { name: 'Spare', tagType: 'client' }, admin.accessToken);
    const moved = await call(
      t.app,
      'Tag/Update',
      { id: tag.body.data.id, name: 'Spare', tagType: 'passenger' },
      admin.accessToken,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.tagType).toBe('passenger');
  });
});
