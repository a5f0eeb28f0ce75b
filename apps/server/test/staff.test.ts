import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '@cabdesk/contract';
import { auditLog } from '../src/domains/audit/schema';
import { users } from '../src/domains/auth/schema';
import { bookings } from '../src/domains/bookings/schema';
import { documents, documentTypes } from '../src/domains/documents/schema';
import { staff } from '../src/domains/staff/schema';
import { expectEvery, expectSameAnswer } from './assertions';
import { call, callRaw } from './client';
import { createCompany, signIn } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Operations Manager', true>;
let dispatcherStaffId: number;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
).toString('base64');

/** A staff member of the Dispatcher role unless the body names another. */
const create = (
  body: Omit<CallInput<'Staff/Create'>, 'staffRoleId'> & { staffRoleId?: number },
  token = w.admin.token,
) => call(w.app, 'Staff/Create', { staffRoleId: w.company.roleIds.Dispatcher, ...body }, token);

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Operations Manager'], otherCompany: true });
  dispatcherStaffId = w.as.Dispatcher.personId;
});

describe('Staff/Create', () => {
  it('adds a staff member with a sign-in account that can sign in with the role', async () => {
    const res = await create({
      firstName: 'Maya',
      lastName: 'Patel',
      email: 'Maya.Patel@Example.test',
      phone: '+44 20 7946 0000',
      address: '1 High Street',
      postcode: 'AB1 2CD',
      dateOfBirth: '1990-04-01',
      startDate: '2024-01-15',
      notes: 'Nights',
      accountEmail: 'maya@office.test',
      accountPassword: 'a long password',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Maya Patel added.');
    expect(res.body.data).toMatchObject({
      name: 'Maya Patel',
      email: 'maya.patel@example.test',
      staffRoleId: w.company.roleIds.Dispatcher,
      staffRoleName: 'Dispatcher',
      startDate: '2024-01-15',
      hasAccount: true,
      accountEmail: 'maya@office.test',
      photoUrl: null,
      isActive: true,
    });
    const [account] = await w.db
      .select()
      .from(users)
      .where(eq(users.id, res.body.data.userId as number));
    expect(account).toMatchObject({ kind: 'staff', staffRoleId: w.company.roleIds.Dispatcher, fullName: 'Maya Patel' });
    const session = await signIn(w.app, 'maya@office.test', 'a long password');
    expect(session.session.uniqueTypeID).toBe(res.body.data.id);
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'staff'), eq(auditLog.entityId, res.body.data.id)));
    expect(history.map((h) => h.action)).toEqual(['created']);
  });

  it('adds one without an account, accepting empty optional fields', async () => {
    const res = await create({ firstName: 'Noah', lastName: 'Brown', email: '', phone: '', dateOfBirth: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ hasAccount: false, userId: null, email: null, dateOfBirth: null });
  });

  it('names the fields that break a rule and writes nothing', async () => {
    const before = (await w.db.select().from(staff)).length;
    const bad = await callRaw(
      w.app,
      'Staff/Create',
      {
        firstName: '',
        email: 'not-mail',
        dateOfBirth: '1990-13-01',
        staffRoleId: 'x',
        accountEmail: 'someone@office.test',
      },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'First name is required', rule: 'is required' },
        { field: 'lastName', message: 'Last name is required', rule: 'is required' },
        { field: 'email', message: 'E-mail must be a valid e-mail address', rule: 'must be a valid e-mail address' },
        { field: 'dateOfBirth', message: 'Date of birth must be a real date', rule: 'must be a real date' },
        { field: 'staffRoleId', message: 'Staff role must be a whole number', rule: 'must be a whole number' },
      ]),
    );
    const half = await create({ firstName: 'A', lastName: 'B', accountEmail: 'ab@office.test' });
    expect(half.body.errors).toEqual([
      {
        field: 'accountPassword',
        message: 'Account password is required to open an account',
        rule: 'is required to open an account',
      },
    ]);
    const shortPassword = await create({
      firstName: 'A',
      lastName: 'B',
      accountEmail: 'ab@o.test',
      accountPassword: 'x',
    });
    expect(shortPassword.body.errors).toEqual([
      {
        field: 'accountPassword',
        message: 'Account password must be at least 8 characters',
        rule: 'must be at least 8 characters',
      },
    ]);
    const takenEmail = await create({
      firstName: 'A',
      lastName: 'B',
      accountEmail: w.company.adminEmail.toUpperCase(),
      accountPassword: 'a long password',
    });
    expect(takenEmail.status).toBe(409);
    expect(takenEmail.body.errors).toEqual([
      {
        field: 'accountEmail',
        message: 'Account email is already used by another account of this company',
        rule: 'is already used by another account of this company',
      },
    ]);
    const foreignRole = await create({
      firstName: 'A',
      lastName: 'B',
      staffRoleId: w.other.company.roleIds.Dispatcher,
    });
    expect(foreignRole.status).toBe(400);
    expect(foreignRole.body.errors).toEqual([
      {
        field: 'staffRoleId',
        message: 'Staff role does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
    expect((await w.db.select().from(staff)).length).toBe(before);
  });

  it('is for roles that manage staff', async () => {
    expect((await create({ firstName: 'A', lastName: 'B' }, w.as.Dispatcher.token)).status).toBe(403);
    expect((await call(w.app, 'Staff/GetTableSummary', {}, w.as.Dispatcher.token)).status).toBe(403);
  });
});

describe('Staff/Update and Delete', () => {
  it('changes the record; the account follows its name, role and switch', async () => {
    const made = await create({
      firstName: 'Olive',
      lastName: 'Stone',
      accountEmail: 'olive@office.test',
      accountPassword: 'a long password',
    });
    const { id, userId } = made.body.data;
    const res = await call(
      w.app,
      'Staff/Update',
      {
        id,
        firstName: 'Olivia',
        lastName: 'Stone',
        staffRoleId: w.company.roleIds.Accounts,
        startDate: '2023-05-01',
        isActive: false,
      },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Olivia Stone', staffRoleName: 'Accounts', isActive: false });
    const [account] = await w.db
      .select()
      .from(users)
      .where(eq(users.id, userId as number));
    expect(account).toMatchObject({
      fullName: 'Olivia Stone',
      staffRoleId: w.company.roleIds.Accounts,
      isActive: false,
    });
    const [change] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'staff'), eq(auditLog.entityId, id), eq(auditLog.action, 'updated')));
    expect(change?.changes).toMatchObject({
      firstName: { before: 'Olive', after: 'Olivia' },
      staffRoleId: { before: w.company.roleIds.Dispatcher, after: w.company.roleIds.Accounts },
    });
    const foreign = await call(
      w.app,
      'Staff/Update',
      { id, firstName: 'X', lastName: 'Y', staffRoleId: w.other.company.roleIds.Dispatcher },
      w.other.admin.token,
    );
    expect(foreign.status).toBe(404);
  });

  it('changes only the fields it is sent; the account follows a name or switch sent alone', async () => {
    const made = (
      await create({
        firstName: 'Pia',
        lastName: 'Lane',
        email: 'pia@office.test',
        phone: '020 7946 0001',
        address: '1 High St',
        dateOfBirth: '1990-02-03',
        startDate: '2022-01-10',
        notes: 'Nights',
        accountEmail: 'pia.lane@office.test',
        accountPassword: 'a long password',
      })
    ).body.data;
    const { id, userId } = made;
    const res = await call(w.app, 'Staff/Update', { id, phone: '020 7946 0002' }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...made, phone: '020 7946 0002' });
    const account = async () =>
      (
        await w.db
          .select()
          .from(users)
          .where(eq(users.id, userId as number))
      )[0];
    expect(await account()).toMatchObject({ fullName: 'Pia Lane', isActive: true });

    const renamed = await call(w.app, 'Staff/Update', { id, lastName: 'Hart' }, w.admin.token);
    expect(renamed.body.data).toMatchObject({ name: 'Pia Hart', phone: '020 7946 0002', notes: 'Nights' });
    const off = await call(w.app, 'Staff/Update', { id, isActive: false }, w.admin.token);
    expect(off.body.data).toMatchObject({ name: 'Pia Hart', isActive: false });
    expect(await account()).toMatchObject({
      fullName: 'Pia Hart',
      staffRoleId: w.company.roleIds.Dispatcher,
      isActive: false,
    });
    const changes = (
      await w.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'staff'), eq(auditLog.entityId, id), eq(auditLog.action, 'updated')))
    ).map((r) => r.changes);
    expect(changes).toEqual([
      { phone: { before: '020 7946 0001', after: '020 7946 0002' } },
      { lastName: { before: 'Lane', after: 'Hart' } },
      { isActive: { before: true, after: false } },
    ]);
  });

  it('clears optional fields with "" or null, refuses clearing a required one, and answers 404 elsewhere', async () => {
    const made = (
      await create({
        firstName: 'Quinn',
        lastName: 'Moss',
        email: 'q@office.test',
        address: 'Flat 2',
        postcode: 'N1 1AA',
      })
    ).body.data;
    const id = made.id;
    const res = await call(
      w.app,
      'Staff/Update',
      { id, email: '', address: null, dateOfBirth: '', notes: '' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: null, address: null, postcode: 'N1 1AA', name: 'Quinn Moss' });
    for (const [body, field] of [
      [{ firstName: '' }, 'firstName'],
      [{ lastName: null }, 'lastName'],
      [{ staffRoleId: '' }, 'staffRoleId'],
      [{ staffRoleId: null }, 'staffRoleId'],
    ] as const) {
      const bad = await callRaw(w.app, 'Staff/Update', { id, ...body }, w.admin.token);
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field, rule: 'is required' })]);
    }
    const foreignRole = await call(
      w.app,
      'Staff/Update',
      { id, staffRoleId: w.other.company.roleIds.Dispatcher },
      w.admin.token,
    );
    expect(foreignRole.body.errors).toEqual([
      {
        field: 'staffRoleId',
        message: 'Staff role does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
    const foreign = await call(w.app, 'Staff/Update', { id, phone: '020 7946 0003' }, w.other.admin.token);
    expect(foreign.status).toBe(404);
    const [row] = await w.db.select().from(staff).where(eq(staff.id, id));
    expect(row).toMatchObject({ firstName: 'Quinn', staffRoleId: w.company.roleIds.Dispatcher, phone: null });
  });

  it('refuses switching off or deleting your own record', async () => {
    const manager = w.as['Operations Manager'];
    const token = manager.token;
    const off = await call(w.app, 'Staff/Update', { id: manager.personId, isActive: false }, token);
    expect(off.status).toBe(409);
    const phone = await call(w.app, 'Staff/Update', { id: manager.personId, phone: '020 7946 0009' }, token);
    expect(phone.body.data).toMatchObject({ isActive: true, phone: '020 7946 0009' });
    const self = await call(w.app, 'Staff/Delete', { id: manager.personId }, token);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot delete your own staff record.');
    expect(await w.db.select().from(staff).where(eq(staff.id, manager.personId))).toHaveLength(1);
  });

  it('deletes the record with its account and documents', async () => {
    const made = await create({
      firstName: 'Paul',
      lastName: 'Gone',
      accountEmail: 'paul@office.test',
      accountPassword: 'a long password',
    });
    const { id, userId } = made.body.data;
    expect((await call(w.app, 'Staff/Delete', { id }, w.other.admin.token)).status).toBe(404);
    const res = await call(w.app, 'Staff/Delete', { id }, w.admin.token);
    expect(res.body).toEqual({ code: 200, message: 'Paul Gone deleted.', data: { id } });
    expect(await w.db.select().from(staff).where(eq(staff.id, id))).toHaveLength(0);
    expect(await w.db.select().from(users).where(eq(users.id, userId!))).toHaveLength(0);

    const withPapers = (await create({ firstName: 'Kate', lastName: 'Papers' })).body.data.id;
    const [contract] = await w.db
      .select({ id: documentTypes.id })
      .from(documentTypes)
      .where(and(eq(documentTypes.companyId, w.company.id), eq(documentTypes.ownerType, 'staff')));
    await w.db.insert(documents).values({
      companyId: w.company.id,
      ownerType: 'staff',
      ownerId: withPapers,
      documentTypeId: contract!.id,
    });
    const gone = await call(w.app, 'Staff/Delete', { id: withPapers }, w.admin.token);
    expect(gone.status).toBe(200);
    const left = await w.db
      .select()
      .from(documents)
      .where(and(eq(documents.ownerType, 'staff'), eq(documents.ownerId, withPapers)));
    expect(left).toHaveLength(0);
  });
});

describe('Staff/GetTableSummary', () => {
  it('searches, filters, sorts and pages, within the company', async () => {
    const fresh = await createCompany(w.db);
    const token = (await signIn(w.app, fresh.adminEmail)).accessToken;
    const mk = async (firstName: string, lastName: string, extra: Partial<CallInput<'Staff/Create'>> = {}) =>
      (
        await call(
          w.app,
          'Staff/Create',
          { firstName, lastName, staffRoleId: fresh.roleIds.Dispatcher, ...extra },
          token,
        )
      ).body.data.id;
    const zoe = await mk('Zoe', 'Adams', { startDate: '2022-01-01', email: 'zoe@list.test' });
    const ben = await mk('Ben', 'Young', { staffRoleId: fresh.roleIds.Accounts, startDate: '2020-06-01' });
    const amy = await mk('Amy', 'Young', { isActive: false, phone: '0161 555 0199' });
    const list = (body: CallInput<'Staff/GetTableSummary'>) => call(w.app, 'Staff/GetTableSummary', body, token);

    const all = await list({});
    expect(all.body.data.map((r) => r.id)).toEqual([zoe, amy, ben]);
    expect(all.body).toMatchObject({ total: 1, count: 3 });
    expect((await list({ q: 'young' })).body.data.map((r) => r.id)).toEqual([amy, ben]);
    expect((await list({ q: 'zoe adams' })).body.data.map((r) => r.id)).toEqual([zoe]);
    expect((await list({ q: '555' })).body.data.map((r) => r.id)).toEqual([amy]);
    expect((await list({ staffRoleId: fresh.roleIds.Accounts })).body.data.map((r) => r.id)).toEqual([ben]);
    expect((await list({ isActive: false })).body.data.map((r) => r.id)).toEqual([amy]);
    expect((await list({ id: ben })).body.data.map((r) => r.id)).toEqual([ben]);
    expect((await list({ sortColumn: 'startDate', sortType: 'asc' })).body.data.map((r) => r.id)).toEqual([
      ben,
      zoe,
      amy,
    ]);
    expect((await list({ sortColumn: 'roleName', sortType: 'asc' })).body.data[0]?.id).toBe(ben);
    const page = await list({ perPage: 2, page: 1 });
    expect(page.body.data.map((r) => r.id)).toEqual([ben]);
    expect(page.body.total).toBe(2);
    const bad = await callRaw(w.app, 'Staff/GetTableSummary', { sortColumn: 'email' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('sortColumn');
    const theirs = await call(w.app, 'Staff/GetTableSummary', { perPage: 0 }, w.admin.token);
    expect(theirs.body.data.map((r) => r.id)).not.toContain(zoe);
  });
});

describe('Staff/GetStaffStatistics', () => {
  it('counts the bookings the staff member took; none without an account; 404 elsewhere', async () => {
    const [dispatcherUser] = await w.db
      .select({ userId: staff.userId })
      .from(staff)
      .where(eq(staff.id, dispatcherStaffId));
    await w.db.insert(bookings).values([
      {
        companyId: w.company.id,
        createdBy: dispatcherUser?.userId,
        pickupAt: new Date('2024-02-01T10:00:00Z'),
        status: 'completed',
        priceMinor: 4000,
      },
      { companyId: w.company.id, createdBy: dispatcherUser?.userId, pickupAt: new Date('2024-02-02T10:00:00Z') },
      { companyId: w.company.id, createdBy: w.admin.userId, pickupAt: new Date('2024-02-02T10:00:00Z') },
    ]);
    const res = await call(
      w.app,
      'Staff/GetStaffStatistics',
      { id: dispatcherStaffId, fromDate: '2024-02-01', toDate: '2024-02-29' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totalBookings: 2, completedBookings: 1, revenueMinor: 4000 });
    expect(res.body.data.bookingCount.total).toBe(2);
    const lonely = (await create({ firstName: 'No', lastName: 'Account' })).body.data.id;
    const none = await call(w.app, 'Staff/GetStaffStatistics', { id: lonely }, w.admin.token);
    expect(none.body.data).toMatchObject({ totalBookings: 0, revenueMinor: 0, bookingCount: { total: 0 } });
    expect((await call(w.app, 'Staff/GetStaffStatistics', { id: lonely }, w.other.admin.token)).status).toBe(404);
    expect((await callRaw(w.app, 'Staff/GetStaffStatistics', {}, w.admin.token)).status).toBe(400);
  });
});

describe('staff look-ups and photos', () => {
  it('list roles, active staff and user types', async () => {
    const roles = await call(w.app, 'Staff/GetStaffRoleList', {}, w.admin.token);
    expect(roles.body.data.map((r) => r.name)).toEqual(['Accounts', 'Dispatcher', 'Operations Manager']);
    expect(roles.body.data[0]).toEqual({
      id: w.company.roleIds.Accounts,
      name: 'Accounts',
      isSystem: expect.any(Boolean),
    });
    const same = await call(w.app, 'Common/GetStaffRoleTypeList', {}, w.admin.token);
    expect(same.body.data).toEqual(roles.body.data);
    const theirRoles = await call(w.app, 'Staff/GetStaffRoleList', {}, w.other.admin.token);
    expect(theirRoles.body.data.map((r) => r.id)).not.toContain(w.company.roleIds.Accounts);
    const [away] = await w.db
      .insert(staff)
      .values({ companyId: w.company.id, firstName: 'Away', lastName: 'Longtime', isActive: false })
      .returning({ id: staff.id });
    const members = await call(w.app, 'Common/GetStaffList', { perPage: 0 }, w.admin.token);
    expectEvery(members.body.data, (r) => Object.keys(r).sort().join() === 'email,id,name');
    expect(members.body.data.map((r) => r.id)).toContain(dispatcherStaffId);
    expect(members.body.data.map((r) => r.id)).not.toContain(away!.id);
    const types = await call(w.app, 'Common/GetUserTypeList', {}, w.admin.token);
    expect(types.body.data.map((r) => r.code)).toEqual(['Admin', 'Staff', 'Driver', 'Passenger', 'Client']);
  });

  it('give a role that reads staff the look-ups the admin gets, none of another company, and a dispatcher 403', async () => {
    const [theirs] = await w.db
      .insert(staff)
      .values({ companyId: w.other.company.id, firstName: 'Their', lastName: 'Staffer' })
      .returning({ id: staff.id });
    const manager = w.as['Operations Manager'].token;
    const roles = await expectSameAnswer(w.app, 'Common/GetStaffRoleTypeList', {}, w.admin.token, manager);
    expect(roles.data.map((r) => r.id).sort()).toEqual(Object.values(w.company.roleIds).sort());
    const members = await expectSameAnswer(w.app, 'Common/GetStaffList', { perPage: 0 }, w.admin.token, manager);
    expect(members.data.map((r) => r.id)).toContain(dispatcherStaffId);
    expect(members.data.map((r) => r.id)).not.toContain(theirs!.id);
    const types = await expectSameAnswer(w.app, 'Common/GetUserTypeList', {}, w.admin.token, manager);
    expect(types.data).toHaveLength(5);
    // The Dispatcher role has no grant on staff or accounts, so their look-ups are closed to it.
    for (const name of ['Common/GetStaffRoleTypeList', 'Common/GetStaffList', 'Common/GetUserTypeList'] as const) {
      expect((await call(w.app, name, {}, w.as.Dispatcher.token)).status, name).toBe(403);
    }
  });

  it('store and answer a staff photo, only for the company', async () => {
    const id = (await create({ firstName: 'Pic', lastName: 'Ture' })).body.data.id;
    const empty = await call(w.app, 'Common/GetStaffImage', { id }, w.admin.token);
    expect(empty.body.data).toEqual({ id, imageUrl: null });
    const up = await call(
      w.app,
      'Common/UploadImageStaff',
      { id, file: { fileName: 'me.png', mimeType: 'image/png', content: PNG } },
      w.admin.token,
    );
    expect(up.status).toBe(200);
    expect(up.body.data.imageUrl).toEqual(expect.any(String));
    const [row] = await w.db.select({ photoKey: staff.photoKey }).from(staff).where(eq(staff.id, id));
    expect(row?.photoKey).toBeTruthy();
    const listed = await call(w.app, 'Staff/GetTableSummary', { id }, w.admin.token);
    expect(listed.body.data[0]?.photoUrl).toEqual(expect.any(String));
    const foreign = await call(
      w.app,
      'Common/UploadImageStaff',
      { id, file: { fileName: 'me.png', mimeType: 'image/png', content: PNG } },
      w.other.admin.token,
    );
    expect(foreign.status).toBe(404);
    expect((await call(w.app, 'Common/GetStaffImage', { id }, w.other.admin.token)).status).toBe(404);
    const svg = await call(
      w.app,
      'Common/UploadImageStaff',
      { id, file: { fileName: 'x.svg', mimeType: 'image/svg+xml', content: PNG } },
      w.admin.token,
    );
    expect(svg.status).toBe(400);
    expect(svg.body.errors?.[0]?.field).toBe('file.mimeType');
  });
});
