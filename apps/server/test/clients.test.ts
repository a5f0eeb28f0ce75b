import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { clients, clientTypes } from '../src/domains/clients/schema';
import { tags } from '../src/domains/reference-data/schema';
import { staff } from '../src/domains/staff/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;

const create = (body: CallInput<'Client/Create'>, token = w.admin.token) => call(w.app, 'Client/Create', body, token);

beforeAll(async () => {
  w = await world({ company: { currency: 'EUR' }, roles: ['Dispatcher'], otherCompany: true });
});

describe('Client/Create', () => {
  it('adds a client with its settings, tags and a history row, and answers the full client', async () => {
    const [type] = await w.db
      .insert(clientTypes)
      .values({ companyId: w.company.id, name: 'Corporate' })
      .returning({ id: clientTypes.id });
    const [tag] = await w.db
      .insert(tags)
      .values({ companyId: w.company.id, name: 'Key account', tagType: 'client', colour: '#e03131' })
      .returning({ id: tags.id });
    const [rep] = await w.db
      .insert(staff)
      .values({ companyId: w.company.id, firstName: 'Rita', lastName: 'Rep', email: 'rita@example.test' })
      .returning({ id: staff.id });
    const taxes = await call(w.app, 'Common/GetTaxList', {}, w.admin.token);
    const tax = taxes.body.data[0];
    const res = await create({
      name: '  Acme Travel ',
      accountNo: 'ACME-1',
      contactName: 'Ann Acme',
      email: 'Travel@Acme.test',
      phone: '+44 20 7946 0000',
      clientTypeId: type?.id,
      invoicePeriod: 'weekly',
      invoiceSplit: 'per_reference',
      taxId: tax?.id,
      paymentMethod: 'card',
      pricingMode: 'zone',
      graceWaitingMinutes: '15',
      priority: 4,
      representativeStaffId: rep?.id,
      creditLimitMinor: 250000,
      notifications: { sms: ['confirmation', 'arrival', 'arrival'], email: ['completion'], phoneCall: ['arrival'] },
      notes: 'Pays on the 1st.',
      tagIds: [tag!.id],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Client added.');
    expect(res.body.data).toMatchObject({
      name: 'Acme Travel',
      accountNo: 'ACME-1',
      email: 'travel@acme.test',
      clientTypeId: type?.id,
      clientTypeName: 'Corporate',
      parentClientId: null,
      parentName: null,
      childCount: 0,
      invoicePeriod: 'weekly',
      invoiceSplit: 'per_reference',
      invoiceGroup: 'own',
      taxId: tax?.id,
      taxName: tax?.name,
      paymentMethod: 'card',
      currency: 'EUR',
      pricingMode: 'zone',
      graceWaitingMinutes: 15,
      priority: 4,
      representativeStaffId: rep?.id,
      representativeName: 'Rita Rep',
      creditLimitMinor: 250000,
      notifications: { sms: ['confirmation', 'arrival'], email: ['completion'], phoneCall: ['arrival'] },
      notes: 'Pays on the 1st.',
      isActive: true,
      tags: [{ id: tag?.id, name: 'Key account', colour: '#e03131' }],
      photoUrl: null,
    });
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'client'), eq(auditLog.entityId, res.body.data.id)));
    expect(history.map((h) => h.action)).toEqual(['created']);
  });

  it('fills the defaults of a bare client', async () => {
    const res = await create({ name: 'Walk-in Ltd' });
    expect(res.body.data).toMatchObject({
      accountNo: null,
      invoicePeriod: 'monthly',
      invoiceSplit: 'single',
      paymentMethod: 'account',
      graceWaitingMinutes: 10,
      priority: 2,
      creditLimitMinor: null,
      notifications: { sms: [], email: [], phoneCall: [] },
      tags: [],
    });
  });

  it('names every bad field', async () => {
    const res = await callRaw(
      w.app,
      'Client/Create',
      {
        name: '',
        email: 'not-an-address',
        invoicePeriod: 'daily',
        priority: 9,
        graceWaitingMinutes: 7,
        creditLimitMinor: -1,
        notifications: { sms: ['birthday'] },
      },
      w.admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual([
      'name',
      'email',
      'invoicePeriod',
      'graceWaitingMinutes',
      'priority',
      'creditLimitMinor',
      'notifications.sms.0',
    ]);
    const group = await create({ name: 'Solo', invoiceGroup: 'parent' });
    expect(group.body.errors).toEqual([
      {
        field: 'invoiceGroup',
        message: 'Invoice group can be "parent" only for a child account',
        rule: 'can be "parent" only for a child account',
      },
    ]);
  });

  it('refuses a representative who is not an active staff member of the company', async () => {
    const [gone] = await w.db
      .insert(staff)
      .values({ companyId: w.company.id, firstName: 'Old', lastName: 'Hand', isActive: false })
      .returning({ id: staff.id });
    const [theirs] = await w.db
      .insert(staff)
      .values({ companyId: w.other.company.id, firstName: 'Their', lastName: 'Rep' })
      .returning({ id: staff.id });
    for (const id of [gone?.id, theirs?.id, 999999]) {
      const res = await create({ name: 'Rep test', representativeStaffId: id });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          field: 'representativeStaffId',
          message: 'Representative staff must be an active staff member of your company',
          rule: 'must be an active staff member of your company',
        },
      ]);
    }
  });

  it('refuses references to another company’s rows, naming the field', async () => {
    const [theirType] = await w.db
      .insert(clientTypes)
      .values({ companyId: w.other.company.id, name: 'Theirs' })
      .returning({ id: clientTypes.id });
    const res = await create({ name: 'X', clientTypeId: theirType?.id });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'clientTypeId',
        message: 'Client type does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
    const theirClient = await create({ name: 'Their client' }, w.other.admin.token);
    const child = await create({ name: 'Y', parentClientId: theirClient.body.data.id });
    expect(child.body.errors).toEqual([
      {
        field: 'parentClientId',
        message: 'Parent client does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
    const tagged = await create({ name: 'Z', tagIds: [123456] });
    expect(tagged.body.errors).toEqual([
      {
        field: 'tagIds',
        message: 'Tags must be client tags of your company',
        rule: 'must be client tags of your company',
      },
    ]);
  });

  it('keeps account numbers unique per company, ignoring case', async () => {
    await create({ name: 'First', accountNo: 'DUP-1' });
    const dup = await create({ name: 'Second', accountNo: 'dup-1' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      {
        field: 'accountNo',
        message: 'Account no is already used by another client',
        rule: 'is already used by another client',
      },
    ]);
    expect((await create({ name: 'Elsewhere', accountNo: 'DUP-1' }, w.other.admin.token)).status).toBe(200);
    const rows = await w.db.select().from(clients).where(eq(clients.name, 'Second'));
    expect(rows).toHaveLength(0);
  });
});

describe('Client/GetTableSummary', () => {
  it('searches name, account number and e-mail; filters type, activity and tag; sorts and pages', async () => {
    const [type] = await w.db
      .insert(clientTypes)
      .values({ companyId: w.company.id, name: 'Hotel' })
      .returning({ id: clientTypes.id });
    const [tag] = await w.db
      .insert(tags)
      .values({ companyId: w.company.id, name: 'Late payer', tagType: 'client' })
      .returning({ id: tags.id });
    const a = await create({ name: 'Zeta Hotel', accountNo: 'LIST-3', clientTypeId: type?.id, tagIds: [tag!.id] });
    await create({ name: 'Alpha Hotel', accountNo: 'LIST-1', clientTypeId: type?.id, email: 'desk@alpha.test' });
    await create({ name: 'Mid Hotel', accountNo: 'LIST-2', clientTypeId: type?.id, isActive: false });

    const list = (body: CallInput<'Client/GetTableSummary'>) =>
      call(w.app, 'Client/GetTableSummary', body, w.admin.token);
    expect((await list({ clientTypeId: type?.id })).body.data.map((r) => r.name)).toEqual([
      'Alpha Hotel',
      'Mid Hotel',
      'Zeta Hotel',
    ]);
    expect((await list({ q: 'list-3' })).body.data.map((r) => r.name)).toEqual(['Zeta Hotel']);
    expect((await list({ q: 'DESK@alpha' })).body.data.map((r) => r.name)).toEqual(['Alpha Hotel']);
    expect((await list({ clientTypeId: type?.id, isActive: 'false' })).body.data.map((r) => r.name)).toEqual([
      'Mid Hotel',
    ]);
    const tagged = await list({ tagId: tag?.id });
    expect(tagged.body.data.map((r) => r.id)).toEqual([a.body.data.id]);
    expect(tagged.body.data[0]?.tags).toEqual([{ id: tag?.id, name: 'Late payer', colour: '#228be6' }]);

    const paged = await list({
      clientTypeId: type?.id,
      sortColumn: 'accountNo',
      sortType: 'desc',
      perPage: 2,
      page: 1,
    });
    expect(paged.body).toMatchObject({ total: 2, count: 3 });
    expect(paged.body.data.map((r) => r.accountNo)).toEqual(['LIST-1']);
    expect(paged.body.allData.map((r) => r.accountNo)).toEqual(['LIST-3', 'LIST-2', 'LIST-1']);
    const one = await list({ clientId: a.body.data.id });
    expect(one.body.data).toHaveLength(1);

    const bad = await callRaw(w.app, 'Client/GetTableSummary', { sortColumn: 'password' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ field: 'sortColumn' }] });
  });

  it('never shows another company’s clients', async () => {
    await create({ name: 'Hidden Co' }, w.other.admin.token);
    const res = await call(w.app, 'Client/GetTableSummary', { q: 'Hidden Co' }, w.admin.token);
    expect(res.body.count).toBe(0);
  });
});

describe('permissions', () => {
  it('lets a dispatcher read clients but not change them', async () => {
    const made = await create({ name: 'Read only' });
    const id = made.body.data.id;
    const token = w.as.Dispatcher.token;
    expect((await call(w.app, 'Client/GetTableSummary', {}, token)).status).toBe(200);
    expect((await call(w.app, 'Client/GetClientNote', { id }, token)).status).toBe(200);
    expect((await call(w.app, 'Common/GetClientList', {}, token)).status).toBe(200);
    expect((await call(w.app, 'Client/Create', { name: 'Nope' }, token)).status).toBe(403);
    expect((await call(w.app, 'Client/CreateChild', { name: 'Nope', parentClientId: id }, token)).status).toBe(403);
    expect((await call(w.app, 'Client/Update', { id, name: 'Nope' }, token)).status).toBe(403);
    expect((await call(w.app, 'Client/Delete', { id }, token)).status).toBe(403);
    const png = { fileName: 'a.png', mimeType: 'image/png', content: 'iVBORw0KGgo=' };
    expect((await call(w.app, 'Common/UploadImageClient', { id, file: png }, token)).status).toBe(403);
    const [row] = await w.db.select().from(clients).where(eq(clients.id, id));
    expect(row?.name).toBe('Read only');
  });
});
