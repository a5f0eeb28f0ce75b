import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings } from '../src/domains/bookings/schema';
import { clientReferences, clientReferenceTypes, clients } from '../src/domains/clients/schema';
import { passengers } from '../src/domains/passengers/schema';
import { entityTags, tags } from '../src/domains/reference-data/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let other: SignedIn;

type Row = Record<string, unknown> & { id: number };
type Mutation = { code: number; message: string; data: Row; errors?: { field: string; message: string }[] };
type List = { data: Row[]; count: number };

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, (await createCompany(t.db)).adminEmail);
});

const create = async (body: object, name: 'Client/Create' | 'Client/CreateChild' = 'Client/Create') => {
  const res = await call(t.app, name, body, admin.accessToken);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};
const update = (body: object, token = admin.accessToken) => call(t.app, 'Client/Update', body, token);
const list = (body: object) => call(t.app, 'Client/GetTableSummary', body, admin.accessToken);

describe('parent and child accounts', () => {
  it('adds child accounts and lists top-level clients and children apart', async () => {
    const group = await create({ name: 'Tree Group', accountNo: 'TREE' });
    const child = await create(
      { name: 'Tree Legal', parentClientId: group.id, invoiceGroup: 'parent' },
      'Client/CreateChild',
    );
    expect(child).toMatchObject({ parentClientId: group.id, parentName: 'Tree Group', invoiceGroup: 'parent' });
    const viaCreate = await create({ name: 'Tree Sales', parentClientId: group.id });
    expect(viaCreate.parentClientId).toBe(group.id);

    const top = await list({ parentClientId: 0, q: 'Tree', perPage: 0 });
    expect(top.body.data.map((r) => [r.name, r.childCount])).toEqual([['Tree Group', 2]]);
    const children = await list({ parentClientId: group.id, perPage: 0 });
    expect(children.body.data.map((r) => r.name)).toEqual(['Tree Legal', 'Tree Sales']);
  });

  it('needs a parent for CreateChild, named', async () => {
    const res = await call(t.app, 'Client/CreateChild', { name: 'Orphan' }, admin.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'parentClientId', message: 'is required' }]);
    const foreign = await call(t.app, 'Client/Create', { name: 'Their parent' }, other.accessToken);
    const cross = await call(
      t.app,
      'Client/CreateChild',
      { name: 'Cross', parentClientId: foreign.body.data.id },
      admin.accessToken,
    );
    expect(cross.body.errors).toEqual([{ field: 'parentClientId', message: 'does not exist in your company' }]);
  });

  it('never lets a client become its own ancestor', async () => {
    const a = await create({ name: 'Cycle A' });
    const b = await create({ name: 'Cycle B', parentClientId: a.id }, 'Client/CreateChild');
    const c = await create({ name: 'Cycle C', parentClientId: b.id }, 'Client/CreateChild');

    const self = await update({ id: a.id, name: 'Cycle A', parentClientId: a.id });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([{ field: 'parentClientId', message: 'must not be the client itself' }]);
    for (const descendant of [b.id, c.id]) {
      const res = await update({ id: a.id, name: 'Cycle A', parentClientId: descendant });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'parentClientId', message: 'must not be one of the client’s own child accounts' },
      ]);
    }
    const [row] = await t.db.select().from(clients).where(eq(clients.id, a.id));
    expect(row?.parentClientId).toBeNull();

    // Moving the grandchild to the top and the old root under it is allowed.
    expect((await update({ id: c.id, name: 'Cycle C', parentClientId: 0 })).status).toBe(200);
    const moved = await update({ id: a.id, name: 'Cycle A', parentClientId: c.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parentClientId: c.id, parentName: 'Cycle C' });
  });

  it('offers as parents every active client except the client and its descendants', async () => {
    const root = await create({ name: 'Parents Root' });
    const kid = await create({ name: 'Parents Kid', parentClientId: root.id }, 'Client/CreateChild');
    const grandkid = await create({ name: 'Parents Grandkid', parentClientId: kid.id }, 'Client/CreateChild');
    const stranger = await create({ name: 'Parents Stranger' });
    await create({ name: 'Parents Asleep', isActive: false });

    const forRoot = await call(
      t.app,
      'Client/GetClientListForParents',
      { id: root.id, q: 'Parents' },
      admin.accessToken,
    );
    expect(forRoot.body.data.map((r) => r.id)).toEqual([stranger.id]);
    const forKid = await call(t.app, 'Client/GetClientListForParents', { id: kid.id, q: 'Parents' }, admin.accessToken);
    expect(forKid.body.data.map((r) => r.name)).toEqual(['Parents Root', 'Parents Stranger']);
    const all = await call(t.app, 'Client/GetClientListForParents', { q: 'Parents' }, admin.accessToken);
    expect(all.body.data.map((r) => r.id).sort()).toEqual([root.id, kid.id, grandkid.id, stranger.id].sort());
    expect(all.body.data[0]).toEqual({
      id: grandkid.id,
      name: 'Parents Grandkid',
      accountNo: null,
      parentClientId: kid.id,
    });
  });
});

describe('Client/Delete', () => {
  it('refuses while the client has child accounts, then deletes it with its references and tags', async () => {
    const parent = await create({ name: 'Delete Parent' });
    const child = await create({ name: 'Delete Child', parentClientId: parent.id }, 'Client/CreateChild');
    const refused = await call(t.app, 'Client/Delete', { id: parent.id }, admin.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Delete Parent has 1 child account; move or delete them first.');

    const [type] = await t.db
      .select({ id: clientReferenceTypes.id })
      .from(clientReferenceTypes)
      .where(eq(clientReferenceTypes.companyId, company.id));
    await t.db
      .insert(clientReferences)
      .values({ companyId: company.id, clientId: child.id, referenceTypeId: type?.id as number, label: 'PO' });
    const [tag] = await t.db
      .insert(tags)
      .values({ companyId: company.id, name: 'Doomed', tagType: 'client' })
      .returning({ id: tags.id });
    await update({ id: child.id, name: 'Delete Child', parentClientId: parent.id, tagIds: [tag?.id] });

    const gone = await call(t.app, 'Client/Delete', { id: child.id }, admin.accessToken);
    expect(gone.body).toEqual({ code: 200, message: 'Delete Child deleted.', data: { id: child.id } });
    expect(await t.db.select().from(clients).where(eq(clients.id, child.id))).toHaveLength(0);
    expect(await t.db.select().from(clientReferences).where(eq(clientReferences.clientId, child.id))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(entityTags)
        .where(and(eq(entityTags.ownerType, 'client'), eq(entityTags.ownerId, child.id))),
    ).toHaveLength(0);
    const history = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'client'), eq(auditLog.entityId, child.id)));
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'deleted']);
    expect((await call(t.app, 'Client/Delete', { id: parent.id }, admin.accessToken)).status).toBe(200);
  });

  it('refuses while the client has bookings', async () => {
    const booked = await create({ name: 'Booked Ltd' });
    await t.db.insert(bookings).values({ companyId: company.id, clientId: booked.id, pickupAt: new Date() });
    const res = await call(t.app, 'Client/Delete', { id: booked.id }, admin.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Booked Ltd has 1 booking; switch the client off instead of deleting it.');
    expect(await t.db.select().from(clients).where(eq(clients.id, booked.id))).toHaveLength(1);
  });

  it('refuses while passengers travel on the client’s account', async () => {
    const used = await create({ name: 'Used Ltd' });
    await t.db
      .insert(passengers)
      .values({ companyId: company.id, firstName: 'Pat', surname: 'Rider', clientId: used.id });
    const res = await call(t.app, 'Client/Delete', { id: used.id }, admin.accessToken);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/still used by passengers/);
    expect(await t.db.select().from(clients).where(eq(clients.id, used.id))).toHaveLength(1);
  });

  it('answers 404 for another company’s client and leaves it alone', async () => {
    const theirs = await call(t.app, 'Client/Create', { name: 'Not yours' }, other.accessToken);
    const res = await call(t.app, 'Client/Delete', { id: theirs.body.data.id }, admin.accessToken);
    expect(res.status).toBe(404);
    expect(await t.db.select().from(clients).where(eq(clients.id, theirs.body.data.id))).toHaveLength(1);
  });
});
