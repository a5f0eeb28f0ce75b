import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/domains/auth/schema';
import { drivers } from '../src/domains/drivers/schema';
import { auditLog } from '../src/domains/audit/schema';
import { call, callRaw } from './client';
import { createUser } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher'], otherCompany: true });
});

describe('User/DeleteUser', () => {
  it('deletes an account of the company, keeps its driver record and writes a history row', async () => {
    const driver = await createUser(w.db, w.company.id, 'driver');
    const res = await call(w.app, 'User/DeleteUser', { id: driver.id }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'The account is deleted.', data: { id: driver.id } });
    expect(await w.db.select().from(users).where(eq(users.id, driver.id))).toHaveLength(0);
    const [person] = await w.db.select().from(drivers).where(eq(drivers.id, driver.personId));
    expect(person?.userId).toBeNull();
    const history = await w.db.select().from(auditLog).where(eq(auditLog.entityId, driver.id));
    expect(history.map((h) => h.action)).toEqual(['deleted']);
  });

  it('answers 404 for another company’s account and changes nothing', async () => {
    const victim = await createUser(w.db, w.company.id, 'passenger');
    const res = await call(w.app, 'User/DeleteUser', { id: victim.id }, w.other.admin.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: `User ${victim.id} was not found.` });
    expect(await w.db.select().from(users).where(eq(users.id, victim.id))).toHaveLength(1);
  });

  it('refuses your own account, a bad id, and a role without the permission', async () => {
    const self = await call(w.app, 'User/DeleteUser', { id: w.admin.userId }, w.admin.token);
    expect(self.status).toBe(409);
    const bad = await call(w.app, 'User/DeleteUser', { id: 'abc' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'id', message: 'Id must be a whole number', rule: 'must be a whole number' },
    ]);
    const missing = await callRaw(w.app, 'User/DeleteUser', {}, w.admin.token);
    expect(missing.body.errors).toEqual([{ field: 'id', message: 'Id is required', rule: 'is required' }]);
    const victim = await createUser(w.db, w.company.id, 'passenger');
    expect((await call(w.app, 'User/DeleteUser', { id: victim.id }, w.as.Dispatcher.token)).status).toBe(403);
  });
});
