import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { clients, clientTypes } from '../src/domains/clients/schema';
import { tags } from '../src/domains/reference-data/schema';
import { staff } from '../src/domains/staff/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw, type CallResult } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;
let full: Omit<CallInput<'Client/Create'>, 'name'>;
let ref: { typeId: number; tagId: number; repId: number; goneRepId: number };

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
const stored = async (id: number) => (await w.db.select().from(clients).where(eq(clients.id, id)))[0];
const history = (id: number) =>
  w.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'client'), eq(auditLog.entityId, id), eq(auditLog.action, 'updated')));
const without = <T extends { updatedAt: string }>({ updatedAt: _u, ...row }: T) => row;

beforeAll(async () => {
  w = await world({ company: { currency: 'EUR' }, roles: ['Dispatcher'], otherCompany: true });
  const companyId = w.company.id;
  const [type] = await w.db.insert(clientTypes).values({ companyId, name: 'Corporate' }).returning();
  const [tag] = await w.db.insert(tags).values({ companyId, name: 'Key', tagType: 'client' }).returning();
  const [rep] = await w.db.insert(staff).values({ companyId, firstName: 'Rita', lastName: 'Rep' }).returning();
  const [gone] = await w.db
    .insert(staff)
    .values({ companyId, firstName: 'Old', lastName: 'Hand', isActive: false })
    .returning();
  ref = { typeId: type!.id, tagId: tag!.id, repId: rep!.id, goneRepId: gone!.id };
  full = {
    contactName: 'Ann Acme',
    email: 'desk@acme.test',
    phone: '+44 20 7946 0000',
    postcode: 'EC1A 1BB',
    clientTypeId: ref.typeId,
    invoicePeriod: 'weekly',
    paymentMethod: 'card',
    currency: 'USD',
    pricingMode: 'zone',
    graceWaitingMinutes: 15,
    priority: 3,
    representativeStaffId: ref.repId,
    creditLimitMinor: 0,
    notifications: { sms: ['arrival'], email: ['completion'], phoneCall: ['arrival'] },
    notes: 'Pays on the 1st.',
    tagIds: [ref.tagId],
  };
});

describe('Client/Update changes only the fields it is sent', () => {
  it('changes the name alone, keeps every other field and traces only the name', async () => {
    const made = await create({ ...full, name: 'Before Ltd', accountNo: 'BEF' });
    const res = await update({ id: made.id, name: ' After Ltd ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Client saved.');
    expect(without(res.body.data)).toEqual({ ...without(made), name: 'After Ltd' });
    expect(await stored(made.id)).toMatchObject({
      name: 'After Ltd',
      accountNo: 'BEF',
      currency: 'USD',
      priority: 3,
      creditLimitMinor: 0,
      notifications: full.notifications,
    });
    const rows = await history(made.id);
    expect(rows.map((r) => r.changes)).toEqual([{ name: { before: 'Before Ltd', after: 'After Ltd' } }]);

    // The same values again change nothing and write no history.
    expect((await update({ id: made.id, name: 'After Ltd', priority: 3 })).status).toBe(200);
    expect(await history(made.id)).toHaveLength(1);
  });

  it('clears optional fields with "" or null (currency: back to the company’s), keeping the rest', async () => {
    const made = await create({ ...full, name: 'Clear Co', accountNo: 'CLR' });
    const res = await update({
      id: made.id,
      email: '',
      contactName: null,
      clientTypeId: 0,
      representativeStaffId: '',
      creditLimitMinor: '',
      pricingMode: '',
      currency: null,
      notes: '  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: null,
      contactName: null,
      clientTypeId: null,
      clientTypeName: null,
      representativeStaffId: null,
      creditLimitMinor: null,
      pricingMode: null,
      currency: 'EUR',
      notes: null,
      name: 'Clear Co',
      accountNo: 'CLR',
      phone: '+44 20 7946 0000',
      priority: 3,
      tags: [expect.objectContaining({ id: ref.tagId })],
    });
    const [entry] = await history(made.id);
    expect(Object.keys(entry?.changes ?? {}).sort()).toEqual(
      [
        'clientTypeId',
        'clientTypeName',
        'contactName',
        'creditLimitMinor',
        'currency',
        'email',
        'notes',
        'pricingMode',
        'representativeName',
        'representativeStaffId',
      ].sort(),
    );
  });

  it('keeps tags without tagIds, and a notification channel that is left out', async () => {
    const made = await create({ ...full, name: 'Channels Ltd' });
    const res = await update({ id: made.id, notifications: { sms: ['confirmation'] } });
    expect(res.body.data).toMatchObject({
      notifications: { sms: ['confirmation'], email: ['completion'], phoneCall: ['arrival'] },
      tags: [expect.objectContaining({ id: ref.tagId })],
    });
    const cleared = await update({ id: made.id, tagIds: [] });
    expect(cleared.body.data.tags).toEqual([]);
  });

  it('refuses a required field sent empty, naming it, and changes nothing', async () => {
    const made = await create({ ...full, name: 'Required Ltd' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: null }, 'name'],
      [{ invoicePeriod: '' }, 'invoicePeriod'],
      [{ paymentMethod: null }, 'paymentMethod'],
      [{ priority: '' }, 'priority'],
      [{ graceWaitingMinutes: null }, 'graceWaitingMinutes'],
    ];
    for (const [body, field] of cases) {
      const res = await callRaw(w.app, 'Client/Update', { id: made.id, ...body }, w.admin.token);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field, rule: 'is required' })]);
    }
    const bad = await update({ id: made.id, email: 'nope', priority: 9, invoicePeriod: 'daily' });
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['email', 'invoicePeriod', 'priority']);
    expect(await stored(made.id)).toMatchObject({ name: 'Required Ltd', invoicePeriod: 'weekly', priority: 3 });
    expect(await history(made.id)).toHaveLength(0);
  });

  it('answers 404 for another company’s client or a missing one, and 403 for a dispatcher', async () => {
    const theirs = await call(w.app, 'Client/Create', { name: 'Private' }, w.other.admin.token);
    for (const id of [theirs.body.data.id, 999999]) {
      expect((await update({ id, name: 'Stolen' })).status).toBe(404);
    }
    expect((await stored(theirs.body.data.id))?.name).toBe('Private');
    const mine = await create({ name: 'Guarded' });
    expect((await update({ id: mine.id, name: 'Nope' }, w.as.Dispatcher.token)).status).toBe(403);
    expect((await stored(mine.id))?.name).toBe('Guarded');
  });
});

describe('Client/Update keeps its rules on the client as it will be', () => {
  it('allows invoiceGroup "parent" only for a child account', async () => {
    const parent = await create({ name: 'Group Parent' });
    const child = await createChild({ name: 'Group Child', parentClientId: parent.id });
    const top = await update({ id: parent.id, invoiceGroup: 'parent' });
    expect(top.body.errors).toEqual([
      {
        field: 'invoiceGroup',
        message: 'Invoice group can be "parent" only for a child account',
        rule: 'can be "parent" only for a child account',
      },
    ]);
    expect((await update({ id: child.id, invoiceGroup: 'parent' })).status).toBe(200);
    const orphan = await update({ id: child.id, parentClientId: null });
    expect(orphan.status).toBe(400);
    expect(orphan.body.errors).toEqual([
      {
        field: 'parentClientId',
        message: 'Parent client is required while invoiceGroup is "parent"',
        rule: 'is required while invoiceGroup is "parent"',
      },
    ]);
    const both = await update({ id: child.id, parentClientId: 0, invoiceGroup: 'own' });
    expect(both.body.data).toMatchObject({ parentClientId: null, invoiceGroup: 'own' });
  });

  it('never makes a client its own ancestor when only the parent is sent', async () => {
    const a = await create({ name: 'Loop A', accountNo: 'LOOP-A' });
    const b = await createChild({ name: 'Loop B', parentClientId: a.id });
    const res = await update({ id: a.id, parentClientId: b.id });
    expect(res.body.errors).toEqual([
      {
        field: 'parentClientId',
        message: 'Parent client must not be one of the client’s own child accounts',
        rule: 'must not be one of the client’s own child accounts',
      },
    ]);
    expect((await update({ id: a.id, parentClientId: a.id })).body.errors?.[0]?.field).toBe('parentClientId');
    expect((await stored(a.id))?.parentClientId).toBeNull();
    // A child that keeps its parent is saved without the check.
    expect((await update({ id: b.id, notes: 'Still under A' })).body.data).toMatchObject({ parentClientId: a.id });
  });

  it('needs an active representative and a free account number when they are sent', async () => {
    const made = await create({ name: 'Rules Ltd', accountNo: 'RULES' });
    const rep = await update({ id: made.id, representativeStaffId: ref.goneRepId });
    expect(rep.body.errors).toEqual([
      {
        field: 'representativeStaffId',
        message: 'Representative staff must be an active staff member of your company',
        rule: 'must be an active staff member of your company',
      },
    ]);
    await create({ name: 'Taken Ltd', accountNo: 'TAKEN' });
    const dup = await update({ id: made.id, accountNo: 'taken' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      {
        field: 'accountNo',
        message: 'Account no is already used by another client',
        rule: 'is already used by another client',
      },
    ]);
    expect(await stored(made.id)).toMatchObject({ accountNo: 'RULES', representativeStaffId: null });
  });
});
