import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { users } from '../src/domains/auth/schema';
import { clients } from '../src/domains/clients/schema';
import { companies } from '../src/domains/company/schema';
import { drivers } from '../src/domains/drivers/schema';
import { passengers } from '../src/domains/passengers/schema';
import { staff } from '../src/domains/staff/schema';
import { expectSameAnswer } from './assertions';
import { call, callRaw } from './client';
import { createCompany, createUser, signIn } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'Operations Manager', true>;
let clientId: number;
let otherClientId: number;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
).toString('base64');
const png = { fileName: 'me.png', mimeType: 'image/png', content: PNG };

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'Operations Manager'], otherCompany: true });
  const [client] = await w.db
    .insert(clients)
    .values({ companyId: w.company.id, name: 'Acme' })
    .returning({ id: clients.id });
  clientId = client!.id;
  const [theirs] = await w.db
    .insert(clients)
    .values({ companyId: w.other.company.id, name: 'Other Acme' })
    .returning({ id: clients.id });
  otherClientId = theirs!.id;
});

describe('User/CreateUser', () => {
  it('gives a driver, a passenger and a staff member their account', async () => {
    const [driver] = await w.db
      .insert(drivers)
      .values({ companyId: w.company.id, firstName: 'Dan', lastName: 'Drive' })
      .returning({ id: drivers.id });
    const res = await call(
      w.app,
      'User/CreateUser',
      { personType: 'driver', personId: driver!.id, email: 'Dan@Drive.test', password: 'a long password' },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Dan Drive can now sign in as dan@drive.test.');
    expect(res.body.data).toMatchObject({ fullName: 'Dan Drive', email: 'dan@drive.test', userType: 'Driver' });
    const [linked] = await w.db.select().from(drivers).where(eq(drivers.id, driver!.id));
    expect(linked?.userId).toBe(res.body.data.id);
    const session = await signIn(w.app, 'dan@drive.test', 'a long password');
    expect(session.session.uniqueTypeID).toBe(driver?.id);
    const history = await w.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.data.id));
    expect(history.map((h) => [h.entityType, h.action])).toEqual([['user', 'created']]);

    const [passenger] = await w.db
      .insert(passengers)
      .values({ companyId: w.company.id, firstName: 'Pia', surname: 'Ride' })
      .returning({ id: passengers.id });
    const p = await call(
      w.app,
      'User/CreateUser',
      { personType: 'passenger', personId: passenger!.id, email: 'pia@ride.test', password: 'a long password' },
      w.admin.token,
    );
    expect(p.body.data).toMatchObject({ fullName: 'Pia Ride', userType: 'Passenger' });

    const [member] = await w.db
      .insert(staff)
      .values({ companyId: w.company.id, firstName: 'Sam', lastName: 'Desk', staffRoleId: w.company.roleIds.Accounts })
      .returning({ id: staff.id });
    const s = await call(
      w.app,
      'User/CreateUser',
      { personType: 'staff', personId: member!.id, email: 'sam@desk.test', password: 'a long password' },
      w.admin.token,
    );
    expect(s.body.data).toMatchObject({
      userType: 'Staff',
      staffRoleID: w.company.roleIds.Accounts,
      staffRoleName: 'Accounts',
    });
  });

  it('refuses a person who has an account, one of another company, and a used e-mail', async () => {
    const existing = await createUser(w.db, w.company.id, 'driver');
    const again = await call(
      w.app,
      'User/CreateUser',
      { personType: 'driver', personId: existing.personId, email: 'new@x.test', password: 'a long password' },
      w.admin.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Test Driver already has a sign-in account.');
    const [foreignDriver] = await w.db
      .insert(drivers)
      .values({ companyId: w.other.company.id, firstName: 'Far', lastName: 'Away' })
      .returning({ id: drivers.id });
    const foreign = await call(
      w.app,
      'User/CreateUser',
      { personType: 'driver', personId: foreignDriver!.id, email: 'far@x.test', password: 'a long password' },
      w.admin.token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`Driver ${foreignDriver?.id} was not found.`);
    const [fresh] = await w.db
      .insert(drivers)
      .values({ companyId: w.company.id, firstName: 'New', lastName: 'Comer' })
      .returning({ id: drivers.id });
    const taken = await call(
      w.app,
      'User/CreateUser',
      { personType: 'driver', personId: fresh!.id, email: w.company.adminEmail, password: 'a long password' },
      w.admin.token,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([
      {
        field: 'email',
        message: 'E-mail is already used by another account of this company',
        rule: 'is already used by another account of this company',
      },
    ]);
    const [still] = await w.db.select().from(drivers).where(eq(drivers.id, fresh!.id));
    expect(still?.userId).toBeNull();
  });

  it('names bad fields and needs the User permission', async () => {
    const bad = await callRaw(
      w.app,
      'User/CreateUser',
      { personType: 'vendor', personId: 0, email: 'x', password: 'short' },
      w.admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['email', 'password', 'personId', 'personType']);
    const denied = await call(
      w.app,
      'User/CreateUser',
      { personType: 'driver', personId: 1, email: 'x@y.test', password: 'a long password' },
      w.as.Dispatcher.token,
    );
    expect(denied.status).toBe(403);
  });
});

describe('Users/CreateNewUser', () => {
  it('opens admin, staff and client-portal accounts', async () => {
    const a = await call(
      w.app,
      'Users/CreateNewUser',
      { fullName: 'Ada Admin', email: 'ada@office.test', password: 'a long password', userType: 'Admin' },
      w.admin.token,
    );
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ fullName: 'Ada Admin', userType: 'Admin', staffRoleID: 0, isActive: true });
    const s = await call(
      w.app,
      'Users/CreateNewUser',
      {
        fullName: 'Stan Staff',
        email: 'stan@office.test',
        password: 'a long password',
        userType: 'Staff',
        staffRoleId: w.company.roleIds.Dispatcher,
        clientId,
      },
      w.admin.token,
    );
    expect(s.body.data).toMatchObject({ userType: 'Staff', staffRoleName: 'Dispatcher' });
    const [stan] = await w.db.select().from(users).where(eq(users.id, s.body.data.id));
    expect(stan?.clientId).toBeNull();
    const c = await call(
      w.app,
      'Users/CreateNewUser',
      { fullName: 'Cleo Client', email: 'cleo@acme.test', password: 'a long password', userType: 'Client', clientId },
      w.admin.token,
    );
    expect(c.body.data).toMatchObject({ userType: 'Client' });
    const session = await signIn(w.app, 'cleo@acme.test', 'a long password');
    expect(session.session.uniqueTypeID).toBe(clientId);
  });

  it('names what is missing or wrong, refuses a used e-mail and another company’s role or client', async () => {
    const send = (body: Record<string, unknown>) =>
      callRaw(
        w.app,
        'Users/CreateNewUser',
        { fullName: 'X', email: 'x@x.test', password: 'a long password', ...body },
        w.admin.token,
      );
    expect((await send({ userType: 'Staff' })).body.errors).toEqual([
      {
        field: 'staffRoleId',
        message: 'Staff role is required for a staff account',
        rule: 'is required for a staff account',
      },
    ]);
    expect((await send({ userType: 'Client' })).body.errors).toEqual([
      {
        field: 'clientId',
        message: 'Client is required for a client-portal account',
        rule: 'is required for a client-portal account',
      },
    ]);
    expect((await send({ userType: 'Driver' })).body.errors?.[0]?.field).toBe('userType');
    const dup = await send({ userType: 'Admin', email: 'ADA@office.test' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      {
        field: 'email',
        message: 'E-mail is already used by another account of this company',
        rule: 'is already used by another account of this company',
      },
    ]);
    const role = await send({ userType: 'Staff', staffRoleId: w.other.company.roleIds.Dispatcher });
    expect(role.status).toBe(400);
    expect(role.body.errors).toEqual([
      {
        field: 'staffRoleId',
        message: 'Staff role does not exist in your company',
        rule: 'does not exist in your company',
      },
    ]);
    const client = await send({ userType: 'Client', clientId: otherClientId });
    expect(client.body.errors).toEqual([
      { field: 'clientId', message: 'Client does not exist in your company', rule: 'does not exist in your company' },
    ]);
    expect(await w.db.select().from(users).where(eq(users.email, 'x@x.test'))).toHaveLength(0);
    expect((await send({ userType: 'Admin', email: 'y@x.test' })).status).toBe(200);
    const denied = await call(
      w.app,
      'Users/CreateNewUser',
      { fullName: 'X', email: 'z@x.test', password: 'a long password', userType: 'Admin' },
      w.as.Dispatcher.token,
    );
    expect(denied.status).toBe(403);
  });
});

describe('user look-ups', () => {
  it('list active accounts, and the portal accounts of one client', async () => {
    await createUser(w.db, w.company.id, 'passenger', { isActive: false, email: 'off@x.test' });
    const all = await call(w.app, 'Users/GetUserList', { perPage: 0 }, w.admin.token);
    expect(all.body.data.map((r) => r.email)).toContain(w.company.adminEmail);
    expect(all.body.data.map((r) => r.email)).not.toContain('off@x.test');
    expect(all.body.data.map((r) => r.email)).not.toContain(w.other.company.adminEmail);
    expect(Object.keys(all.body.data[0] ?? {}).sort()).toEqual(['email', 'id', 'name', 'userType']);
    const portal = await call(w.app, 'Users/GetUserListForClientPortal', { clientId }, w.admin.token);
    expect(portal.body.data.map((r) => r.email)).toEqual(['cleo@acme.test']);
    expect(
      (await call(w.app, 'Users/GetUserListForClientPortal', { clientId: otherClientId }, w.admin.token)).status,
    ).toBe(404);
    const missing = await callRaw(w.app, 'Users/GetUserListForClientPortal', {}, w.admin.token);
    expect(missing.body.errors).toEqual([{ field: 'clientId', message: 'Client is required', rule: 'is required' }]);
  });

  it('answer a role that reads accounts as they answer the admin, and refuse a dispatcher', async () => {
    const manager = w.as['Operations Manager'].token;
    const all = await expectSameAnswer(w.app, 'Users/GetUserList', { perPage: 0 }, w.admin.token, manager);
    expect(all.data.map((r) => r.email)).toContain(w.as.Dispatcher.email);
    expect(all.data.map((r) => r.email)).not.toContain(w.other.admin.email);
    const portal = await expectSameAnswer(
      w.app,
      'Users/GetUserListForClientPortal',
      { clientId },
      w.admin.token,
      manager,
    );
    expect(portal.data.map((r) => r.email)).toEqual(['cleo@acme.test']);
    // The Dispatcher role has no grant on accounts.
    expect((await call(w.app, 'Users/GetUserList', {}, w.as.Dispatcher.token)).status).toBe(403);
    expect((await call(w.app, 'Users/GetUserListForClientPortal', { clientId }, w.as.Dispatcher.token)).status).toBe(
      403,
    );
  });
});

describe('profile pictures', () => {
  it('store my own picture and answer it, alone or with others of the company', async () => {
    const none = await call(w.app, 'Common/GetProfileImage', {}, w.as.Dispatcher.token);
    expect(none.body.data).toEqual({ id: w.as.Dispatcher.userId, imageUrl: null });
    const up = await call(w.app, 'Common/UploadImageProfile', { file: png }, w.as.Dispatcher.token);
    expect(up.status).toBe(200);
    expect(up.body.data).toEqual({ id: w.as.Dispatcher.userId, imageUrl: expect.any(String) });
    const [stored] = await w.db
      .select({ photoKey: users.photoKey })
      .from(users)
      .where(eq(users.id, w.as.Dispatcher.userId));
    expect(stored?.photoKey).toBeTruthy();
    const mine = await call(w.app, 'Common/GetProfileImage', {}, w.as.Dispatcher.token);
    expect(mine.body.data.imageUrl).toEqual(expect.any(String));
    const many = await call(
      w.app,
      'Common/GetProfileImages',
      { ids: [w.as.Dispatcher.userId, w.admin.userId, w.other.admin.userId] },
      w.admin.token,
    );
    expect(many.body.data).toEqual([
      { id: w.as.Dispatcher.userId, imageUrl: expect.any(String) },
      { id: w.admin.userId, imageUrl: null },
    ]);
    const bad = await callRaw(w.app, 'Common/GetProfileImages', { ids: 'x' }, w.admin.token);
    expect(bad.body.errors).toEqual([
      { field: 'ids', message: 'Ids must be a list of user ids', rule: 'must be a list of user ids' },
    ]);
    const noFile = await callRaw(w.app, 'Common/UploadImageProfile', {}, w.admin.token);
    expect(noFile.body.errors?.[0]?.field).toBe('file');
  });
});

describe('company picture and sub-companies', () => {
  it('store the company picture for admins only and answer it', async () => {
    const before = await call(w.app, 'Common/GetRefCompanyImage', {}, w.admin.token);
    expect(before.body.data).toEqual({ companyID: w.company.id, imageUrl: null });
    const up = await call(w.app, 'Common/UploadImageRefCompany', { file: png }, w.admin.token);
    expect(up.status).toBe(200);
    expect(up.body.data).toEqual({ companyID: w.company.id, imageUrl: expect.any(String) });
    const [row] = await w.db
      .select({ imageKey: companies.imageKey })
      .from(companies)
      .where(eq(companies.id, w.company.id));
    expect(row?.imageKey).toBeTruthy();
    const theirs = await call(w.app, 'Common/GetRefCompanyImage', {}, w.other.admin.token);
    expect(theirs.body.data).toEqual({ companyID: w.other.company.id, imageUrl: null });
    expect((await call(w.app, 'Common/UploadImageRefCompany', { file: png }, w.as.Dispatcher.token)).status).toBe(403);
    expect((await call(w.app, 'Common/GetRefCompanyImage', {}, w.as.Dispatcher.token)).status).toBe(403);
  });

  it('list the companies under mine', async () => {
    const child = await createCompany(w.db, { parentCompanyId: w.company.id, name: 'Airport Cars' });
    await createCompany(w.db, { parentCompanyId: w.company.id, name: 'Closed Cars', isActive: false });
    const res = await call(w.app, 'Common/GetSubCompanyList', {}, w.as.Dispatcher.token);
    expect(res.body.data).toEqual([{ id: child.id, name: 'Airport Cars', shortName: child.shortName }]);
    const none = await call(w.app, 'Common/GetSubCompanyList', {}, w.other.admin.token);
    expect(none.body.data).toEqual([]);
  });
});
