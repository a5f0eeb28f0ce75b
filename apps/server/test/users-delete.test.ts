import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/domains/auth/schema';
import { drivers } from '../src/domains/drivers/schema';
import { auditLog } from '../src/domains/audit/schema';
import { call, createTestApp, type TestApp } from './harness';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let admin: SignedIn;
let otherAdmin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  otherAdmin = await signIn(t.app, (await createCompany(t.db)).adminEmail);
});

describe('User/DeleteUser', () => {
  it('deletes an account of the company, keeps its driver record and writes a history row', async () => {
    const driver = await createUser(t.db, company.id, 'driver');
    const res = await call(t.app, 'User/DeleteUser', { id: driver.id }, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'The account is deleted.', data: { id: driver.id } });
    expect(await t.db.select().from(users).where(eq(users.id, driver.id))).toHaveLength(0);
    const [person] = await t.db.select().from(drivers).where(eq(drivers.id, driver.personId));
    expect(person?.userId).toBeNull();
    const history = await t.db.select().from(auditLog).where(eq(auditLog.entityId, driver.id));
    expect(history.map((h) => h.action)).toEqual(['deleted']);
  });

  it('answers 404 for another company’s account and changes nothing', async () => {
    const victim = await createUser(t.db, company.id, 'passenger');
    const res = await call(t.app, 'User/DeleteUser', { id: victim.id }, otherAdmin.accessToken);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: `User ${victim.id} was not found.` });
    expect(await t.db.select().from(users).where(eq(users.id, victim.id))).toHaveLength(1);
  });

  it('refuses your own account, a bad id, and a role without the permission', async () => {
    const self = await call(t.app, 'User/DeleteUser', { id: admin.session.userID }, admin.accessToken);
    expect(self.status).toBe(409);
    const bad = await call(t.app, 'User/DeleteUser', { id: 'abc' }, admin.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'id', message: 'must be a whole number' }]);
    const missing = await call(t.app, 'User/DeleteUser', {}, admin.accessToken);
    expect(missing.body.errors).toEqual([{ field: 'id', message: 'is required' }]);
    const dispatcher = await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher });
    const token = (await signIn(t.app, dispatcher.email)).accessToken;
    const victim = await createUser(t.db, company.id, 'passenger');
    expect((await call(t.app, 'User/DeleteUser', { id: victim.id }, token)).status).toBe(403);
  });
});
