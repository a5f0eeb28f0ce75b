import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings } from '../src/domains/bookings/schema';
import { clientReferences, clientReferenceTypes, clients } from '../src/domains/clients/schema';
import { passengers } from '../src/domains/passengers/schema';
import { entityTags, tags } from '../src/domains/reference-data/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw, type CallResult } from './client';
import { world, type World } from './world';

let w: World<never, true>;

beforeAll(async () => {
  w = await world({ otherCompany: true });
});

/** The row a create call made; a refusal here is a fault of the test's set-up. */
const createdRow = <T>(res: CallResult<{ data: T }>): T => {
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};
const create = async (body: CallInput<'Client/Create'>) =>
  createdRow(await call(w.app, 'Client/Create', body, w.admin.token));
const createChild = async (body: CallInput<'Client/CreateChild'>) =>
  createdRow(await call(w.app, 'Client/CreateChild', body, w.admin.token));
const update = (body: CallInput<'Client/Update'>, token = w.admin.token) => call(w.app, 'Client/Update', body, token);
const list = (body: CallInput<'Client/GetTableSummary'>) => call(w.app, 'Client/GetTableSummary', body, w.admin.token);

describe('parent and child accounts', () => {
  it('adds child accounts and lists top-level clients and children apart', async () => {
    const group = await create({ name: 'Tree Group', accountNo: 'TREE' });
    const child = await createChild({ name: 'Tree Legal', parentClientId: group.id, invoiceGroup: 'parent' });
    expect(child).toMatchObject({ parentClientId: group.id, parentName: 'Tree Group', invoiceGroup: 'parent' });
    const viaCreate = await create({ name: 'Tree Sales', parentClientId: group.id });
    expect(viaCreate.parentClientId).toBe(group.id);

    const top = await list({ parentClientId: 0, q: 'Tree', perPage: 0 });
    expect(top.body.data.map((r) => [r.name, r.childCount])).toEqual([['Tree Group', 2]]);
    const children = await list({ parentClientId: group.id, perPage: 0 });
    expect(children.body.data.map((r) => r.name)).toEqual(['Tree Legal', 'Tree Sales']);
  });

  it('needs a parent for CreateChild, named', async () => {
    const res = await callRaw(w.app, 'Client/CreateChild', { name: 'Orphan' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'parentClientId', message: 'Parent client is required', rule: 'is required' },
    ]);
    const foreign = await call(w.app, 'Client/Create', { name: 'Their parent' }, w.other.admin.token);
    const cross = await call(
      w.app,
      'Client/CreateChild',
      { name: 'Cross', parentClientId: foreign.body.data.id },
      w.admin.token,
    );
    expect(cross.body.errors).toEqual([
      {
        field: 'parentClientId',
        message: 'Parent client does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
  });

  it('never lets a client become its own ancestor', async () => {
    const a = await create({ name: 'Cycle A' });
    const b = await createChild({ name: 'Cycle B', parentClientId: a.id });
    const c = await createChild({ name: 'Cycle C', parentClientId: b.id });

    const self = await update({ id: a.id, name: 'Cycle A', parentClientId: a.id });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([
      {
        field: 'parentClientId',
        message: 'Parent client must not be the client itself',
        rule: 'must not be the client itself',
      },
    ]);
    for (const descendant of [b.id, c.id]) {
      const res = await update({ id: a.id, name: 'Cycle A', parentClientId: descendant });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          field: 'parentClientId',
          message: 'Parent client must not be one of the client’s own child accounts',
          rule: 'must not be one of the client’s own child accounts',
        },
      ]);
    }
    const [row] = await w.db.select().from(clients).where(eq(clients.id, a.id));
    expect(row?.parentClientId).toBeNull();

    // Moving the grandchild to the top and the old root under it is allowed.
    expect((await update({ id: c.id, name: 'Cycle C', parentClientId: 0 })).status).toBe(200);
    const moved = await update({ id: a.id, name: 'Cycle A', parentClientId: c.id });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ parentClientId: c.id, parentName: 'Cycle C' });
  });

  it('offers as parents every active client except the client and its descendants', async () => {
    const root = await create({ name: 'Parents Root' });
    const kid = await createChild({ name: 'Parents Kid', parentClientId: root.id });
    const grandkid = await createChild({ name: 'Parents Grandkid', parentClientId: kid.id });
    const stranger = await create({ name: 'Parents Stranger' });
    await create({ name: 'Parents Asleep', isActive: false });

    const forRoot = await call(w.app, 'Client/GetClientListForParents', { id: root.id, q: 'Parents' }, w.admin.token);
    expect(forRoot.body.data.map((r) => r.id)).toEqual([stranger.id]);
    const forKid = await call(w.app, 'Client/GetClientListForParents', { id: kid.id, q: 'Parents' }, w.admin.token);
    expect(forKid.body.data.map((r) => r.name)).toEqual(['Parents Root', 'Parents Stranger']);
    const all = await call(w.app, 'Client/GetClientListForParents', { q: 'Parents' }, w.admin.token);
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
    const child = await createChild({ name: 'Delete Child', parentClientId: parent.id });
    const refused = await call(w.app, 'Client/Delete', { id: parent.id }, w.admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Delete Parent has 1 child account; move or delete them first.');

    const [type] = await w.db
      .select({ id: clientReferenceTypes.id })
      .from(clientReferenceTypes)
      .where(eq(clientReferenceTypes.companyId, w.company.id));
    await w.db
      .insert(clientReferences)
      .values({ companyId: w.company.id, clientId: child.id, referenceTypeId: type?.id as number, label: 'PO' });
    const [tag] = await w.db
      .insert(tags)
      .values({ companyId: w.company.id, name: 'Doomed', tagType: 'client' })
      .returning({ id: tags.id });
    await update({ id: child.id, name: 'Delete Child', parentClientId: parent.id, tagIds: [tag!.id] });

    const gone = await call(w.app, 'Client/Delete', { id: child.id }, w.admin.token);
    expect(gone.body).toEqual({ code: 200, message: 'Delete Child deleted.', data: { id: child.id } });
    expect(await w.db.select().from(clients).where(eq(clients.id, child.id))).toHaveLength(0);
    expect(await w.db.select().from(clientReferences).where(eq(clientReferences.clientId, child.id))).toHaveLength(0);
    expect(
      await w.db
        .select()
        .from(entityTags)
        .where(and(eq(entityTags.ownerType, 'client'), eq(entityTags.ownerId, child.id))),
    ).toHaveLength(0);
    const history = await w.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'client'), eq(auditLog.entityId, child.id)));
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'deleted']);
    expect((await call(w.app, 'Client/Delete', { id: parent.id }, w.admin.token)).status).toBe(200);
  });

  it('refuses while the client has bookings', async () => {
    const booked = await create({ name: 'Booked Ltd' });
    await w.db.insert(bookings).values({ companyId: w.company.id, clientId: booked.id, pickupAt: new Date() });
    const res = await call(w.app, 'Client/Delete', { id: booked.id }, w.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Booked Ltd has 1 booking; switch the client off instead of deleting it.');
    expect(await w.db.select().from(clients).where(eq(clients.id, booked.id))).toHaveLength(1);
  });

  it('refuses while passengers travel on the client’s account', async () => {
    const used = await create({ name: 'Used Ltd' });
    await w.db
      .insert(passengers)
      .values({ companyId: w.company.id, firstName: 'Pat', surname: 'Rider', clientId: used.id });
    const res = await call(w.app, 'Client/Delete', { id: used.id }, w.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/still used by passengers/);
    expect(await w.db.select().from(clients).where(eq(clients.id, used.id))).toHaveLength(1);
  });

  it('answers 404 for another company’s client and leaves it alone', async () => {
    const theirs = await call(w.app, 'Client/Create', { name: 'Not yours' }, w.other.admin.token);
    const res = await call(w.app, 'Client/Delete', { id: theirs.body.data.id }, w.admin.token);
    expect(res.status).toBe(404);
    expect(await w.db.select().from(clients).where(eq(clients.id, theirs.body.data.id))).toHaveLength(1);
  });
});
