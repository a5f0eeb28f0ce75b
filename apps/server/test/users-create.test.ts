import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Failure } from '@cabdesk/contract';
import { auditLog } from '../src/domains/audit/schema';
import { users } from '../src/domains/auth/schema';
import { clients } from '../src/domains/clients/schema';
import { companies } from '../src/domains/company/schema';
import { drivers } from '../src/domains/drivers/schema';
import { passengers } from '../src/domains/passengers/schema';
import { staff } from '../src/domains/staff/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let otherCompany: TestCompany;
let dispatcher: SignedIn;
let clientId: number;
let otherClientId: number;

type Row = Record<string, unknown> & { id: number };
type List = { data: Row[]; allData: Row[]; total: number; count: number } & Failure;
type Mutation = { code: number; message: string; data: Row } & Failure;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
).toString('base64');
const png = { fileName: 'me.png', mimeType: 'image/png', content: PNG };

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  otherCompany = await createCompany(t.db);
  other = await signIn(t.app, otherCompany.adminEmail);
  const d = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher });
  dispatcher = await signIn(t.app, d.email);
  const [client] = await t.db
    .insert(clients)
    .values({ companyId: company.id, name: 'Acme' })
    .returning({ id: clients.id });
  clientId = client?.id as number;
  const [theirs] = await t.db
    .insert(clients)
    .values({ companyId: otherCompany.id, name: 'Other Acme' })
    .returning({ id: clients.id });
  otherClientId = theirs?.id as number;
});

describe('User/CreateUser', () => {
  it('gives a driver, a passenger and a staff member their account', async () => {
    const [driver] = await t.db
      .insert(drivers)
      .values({ companyId: company.id, firstName: 'Dan', lastName: 'Drive' })
      .returning({ id: drivers.id });
    const res = await call(
      t.app,
      'User/CreateUser',
      { personType: 'driver', personId: driver?.id, email: 'Dan@Drive.test', password: 'a long password' },
      admin.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Dan Drive can now sign in as dan@drive.test.');
    expect(res.body.data).toMatchObject({ fullName: 'Dan Drive', email: 'dan@drive.test', userType: 'Driver' });
    const [linked] = await t.db
      .select()
      .from(drivers)
      .where(eq(drivers.id, driver?.id as number));
    expect(linked?.userId).toBe(res.body.data.id);
    const session = await signIn(t.app, 'dan@drive.test', 'a long password');
    expect(session.session.uniqueTypeID).toBe(driver?.id);
    const history = await t.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.data.id));
    expect(history.map((h) => [h.entityType, h.action])).toEqual([['user', 'created']]);

    const [passenger] = await t.db
      .insert(passengers)
      .values({ companyId: company.id, firstName: 'Pia', surname: 'Ride' })
      .returning({ id: passengers.id });
    const p = await call(
      t.app,
      'User/CreateUser',
      { personType: 'passenger', personId: passenger?.id, email: 'pia@ride.test', password: 'a long password' },
      admin.accessToken,
    );
    expect(p.body.data).toMatchObject({ fullName: 'Pia Ride', userType: 'Passenger' });

    const [member] = await t.db
      .insert(staff)
      .values({ companyId: company.id, firstName: 'Sam', lastName: 'Desk', staffRoleId: company.roleIds.Accounts })
      .returning({ id: staff.id });
    const s = await call(
      t.app,
      'User/CreateUser',
      { personType: 'staff', personId: member?.id, email: 'sam@desk.test', password: 'a long password' },
      admin.accessToken,
    );
    expect(s.body.data).toMatchObject({
      userType: 'Staff',
      staffRoleID: company.roleIds.Accounts,
      staffRoleName: 'Accounts',
    });
  });

  it('refuses a person who has an account, one of another company, and a used e-mail', async () => {
    const existing = await createUser(t.db, company.id, 'driver');
    const again = await call(
      t.app,
      'User/CreateUser',
      { personType: 'driver', personId: existing.personId, email: 'new@x.test', password: 'a long password' },
      admin.accessToken,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Test Driver already has a sign-in account.');
    const [foreignDriver] = await t.db
      .insert(drivers)
      .values({ companyId: otherCompany.id, firstName: 'Far', lastName: 'Away' })
      .returning({ id: drivers.id });
    const foreign = await call(
      t.app,
      'User/CreateUser',
      { personType: 'driver', personId: foreignDriver?.id, email: 'far@x.test', password: 'a long password' },
      admin.accessToken,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(`Driver ${foreignDriver?.id} was not found.`);
    const [fresh] = await t.db
      .insert(drivers)
      .values({ companyId: company.id, firstName: 'New', lastName: 'Comer' })
      .returning({ id: drivers.id });
    const taken = await call(
      t.app,
      'User/CreateUser',
      { personType: 'driver', personId: fresh?.id, email: company.adminEmail, password: 'a long password' },
      admin.accessToken,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([
      { field: 'email', message: 'is already used by another account of this company' },
    ]);
    const [still] = await t.db
      .select()
      .from(drivers)
      .where(eq(drivers.id, fresh?.id as number));
    expect(still?.userId).toBeNull();
  });

  it('names bad fields and needs the User permission', async () => {
    const bad = await call(
      t.app,
      'User/CreateUser',
      { personType: 'vendor', personId: 0, email: 'x', password: 'short' },
      admin.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['email', 'password', 'personId', 'personType']);
    const denied = await call(
      t.app,
      'User/CreateUser',
      { personType: 'driver', personId: 1, email: 'x@y.test', password: 'a long password' },
      dispatcher.accessToken,
    );
    expect(denied.status).toBe(403);
  });
});

describe('Users/CreateNewUser', () => {
  it('opens admin, staff and client-portal accounts', async () => {
    const a = await call(
      t.app,
      'Users/CreateNewUser',
      { fullName: 'Ada Admin', email: 'ada@office.test', password: 'a long password', userType: 'Admin' },
      admin.accessToken,
    );
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({ fullName: 'Ada Admin', userType: 'Admin', staffRoleID: 0, isActive: true });
    const s = await call(
      t.app,
      'Users/CreateNewUser',
      {
        fullName: 'Stan Staff',
        email: 'stan@office.test',
        password: 'a long password',
        userType: 'Staff',
        staffRoleId: company.roleIds.Dispatcher,
        clientId,
      },
      admin.accessToken,
    );
    expect(s.body.data).toMatchObject({ userType: 'Staff', staffRoleName: 'Dispatcher' });
    const [stan] = await t.db.select().from(users).where(eq(users.id, s.body.data.id));
    expect(stan?.clientId).toBeNull();
    const c = await call(
      t.app,
      'Users/CreateNewUser',
      { fullName: 'Cleo Client', email: 'cleo@acme.test', password: 'a long password', userType: 'Client', clientId },
      admin.accessToken,
    );
    expect(c.body.data).toMatchObject({ userType: 'Client' });
    const session = await signIn(t.app, 'cleo@acme.test', 'a long password');
    expect(session.session.uniqueTypeID).toBe(clientId);
  });

  it('names what is missing or wrong, refuses a used e-mail and another company’s role or client', async () => {
    const send = (body: Record<string, unknown>) =>
      call(
        t.app,
        'Users/CreateNewUser',
        { fullName: 'X', email: 'x@x.test', password: 'a long password', ...body },
        admin.accessToken,
      );
    expect((await send({ userType: 'Staff' })).body.errors).toEqual([
      { field: 'staffRoleId', message: 'is required for a staff account' },
    ]);
    expect((await send({ userType: 'Client' })).body.errors).toEqual([
      { field: 'clientId', message: 'is required for a client-portal account' },
    ]);
    expect((await send({ userType: 'Driver' })).body.errors?.[0]?.field).toBe('userType');
    const dup = await send({ userType: 'Admin', email: 'ADA@office.test' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      { field: 'email', message: 'is already used by another account of this company' },
    ]);
    const role = await send({ userType: 'Staff', staffRoleId: otherCompany.roleIds.Dispatcher });
    expect(role.status).toBe(400);
    expect(role.body.errors).toEqual([{ field: 'staffRoleId', message: 'does not exist in your company' }]);
    const client = await send({ userType: 'Client', clientId: otherClientId });
    expect(client.body.errors).toEqual([{ field: 'clientId', message: 'does not exist in your company' }]);
    expect(await t.db.select().from(users).where(eq(users.email, 'x@x.test'))).toHaveLength(0);
    expect((await send({ userType: 'Admin', email: 'y@x.test' })).status).toBe(200);
    const denied = await call(
      t.app,
      'Users/CreateNewUser',
      { fullName: 'X', email: 'z@x.test', password: 'a long password', userType: 'Admin' },
      dispatcher.accessToken,
    );
    expect(denied.status).toBe(403);
  });
});

describe('user look-ups', () => {
  it('list active accounts, and the portal accounts of one client', async () => {
    await createUser(t.db, company.id, 'passenger', { isActive: false, email: 'off@x.test' });
    const all = await call(t.app, 'Users/GetUserList', { perPage: 0 }, admin.accessToken);
    expect(all.body.data.map((r) => r.email)).toContain(company.adminEmail);
    expect(all.body.data.map((r) => r.email)).not.toContain('off@x.test');
    expect(all.body.data.map((r) => r.email)).not.toContain(otherCompany.adminEmail);
    expect(Object.keys(all.body.data[0] ?? {}).sort()).toEqual(['email', 'id', 'name', 'userType']);
    const portal = await call(t.app, 'Users/GetUserListForClientPortal', { clientId }, admin.accessToken);
    expect(portal.body.data.map((r) => r.email)).toEqual(['cleo@acme.test']);
    expect(
      (await call(t.app, 'Users/GetUserListForClientPortal', { clientId: otherClientId }, admin.accessToken)).status,
    ).toBe(404);
    const missing = await call(t.app, 'Users/GetUserListForClientPortal', {}, admin.accessToken);
    expect(missing.body.errors).toEqual([{ field: 'clientId', message: 'is required' }]);
  });
});

describe('profile pictures', () => {
  it('store my own picture and answer it, alone or with others of the company', async () => {
    const none = await call(t.app, 'Common/GetProfileImage', {}, dispatcher.accessToken);
    expect(none.body.data).toEqual({ id: dispatcher.session.userID, imageUrl: null });
    const up = await call(t.app, 'Common/UploadImageProfile', { file: png }, dispatcher.accessToken);
    expect(up.status).toBe(200);
    expect(up.body.data).toEqual({ id: dispatcher.session.userID, imageUrl: expect.any(String) });
    const [stored] = await t.db
      .select({ photoKey: users.photoKey })
      .from(users)
      .where(eq(users.id, dispatcher.session.userID as number));
    expect(stored?.photoKey).toBeTruthy();
    const mine = await call(t.app, 'Common/GetProfileImage', {}, dispatcher.accessToken);
    expect(mine.body.data.imageUrl).toEqual(expect.any(String));
    const many = await call(
      t.app,
      'Common/GetProfileImages',
      { ids: [dispatcher.session.userID, admin.session.userID, other.session.userID] },
      admin.accessToken,
    );
    expect(many.body.data).toEqual([
      { id: dispatcher.session.userID, imageUrl: expect.any(String) },
      { id: admin.session.userID, imageUrl: null },
    ]);
    const bad = await call(t.app, 'Common/GetProfileImages', { ids: 'x' }, admin.accessToken);
    expect(bad.body.errors).toEqual([{ field: 'ids', message: 'must be a list of user ids' }]);
    const noFile = await call(t.app, 'Common/UploadImageProfile', {}, admin.accessToken);
    expect(noFile.body.errors?.[0]?.field).toBe('file');
  });
});

describe('company picture and sub-companies', () => {
  it('store the company picture for admins only and answer it', async () => {
    const before = await call(t.app, 'Common/GetRefCompanyImage', {}, admin.accessToken);
    expect(before.body.data).toEqual({ companyID: company.id, imageUrl: null });
    const up = await call(t.app, 'Common/UploadImageRefCompany', { file: png }, admin.accessToken);
    expect(up.status).toBe(200);
    expect(up.body.data).toEqual({ companyID: company.id, imageUrl: expect.any(String) });
    const [row] = await t.db
      .select({ imageKey: companies.imageKey })
      .from(companies)
      .where(eq(companies.id, company.id));
    expect(row?.imageKey).toBeTruthy();
    const theirs = await call(t.app, 'Common/GetRefCompanyImage', {}, other.accessToken);
    expect(theirs.body.data).toEqual({ companyID: otherCompany.id, imageUrl: null });
    expect((await call(t.app, 'Common/UploadImageRefCompany', { file: png }, dispatcher.accessToken)).status).toBe(403);
    expect((await call(t.app, 'Common/GetRefCompanyImage', {}, dispatcher.accessToken)).status).toBe(403);
  });

  it('list the companies under mine', async () => {
    const child = await createCompany(t.db, { parentCompanyId: company.id, name: 'Airport Cars' });
    await createCompany(t.db, { parentCompanyId: company.id, name: 'Closed Cars', isActive: false });
    const res = await call(t.app, 'Common/GetSubCompanyList', {}, dispatcher.accessToken);
    expect(res.body.data).toEqual([{ id: child.id, name: 'Airport Cars', shortName: child.shortName }]);
    const none = await call(t.app, 'Common/GetSubCompanyList', {}, other.accessToken);
    expect(none.body.data).toEqual([]);
  });
});
