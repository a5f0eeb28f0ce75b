import { assignableSubjects, type CallInput, type Subject } from '@cabdesk/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { users } from '../src/domains/auth/schema';
import type { RedisBus } from '../src/platform/events/bus';
import { call, callRaw } from './client';
import { createStaffRole, createUser, signIn } from './factories';
import { createTestApp } from './harness';
import { world, type World } from './world';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Both processes of the two-process case sign tokens with one key, as a real deployment does. */
const JWT_SECRET = 'permissions-test-secret-shared-by-both-processes';

let w: World<'Dispatcher' | 'Accounts', true>;

const assign = (body: unknown, token = w.admin.token) => callRaw(w.app, 'Permissions/Assign', body, token);
const tableOf = async (token = w.admin.token, input: CallInput<'Permissions/GetTableSummary'> = { perPage: 0 }) =>
  (await call(w.app, 'Permissions/GetTableSummary', input, token)).body;
const roleRow = async (id: number) => (await tableOf()).allData.find((r) => r.id === id);

/** A signed-in staff member of a new role with exactly these grants. */
async function staffHolding(grants: Partial<Record<Subject, 'read' | 'manage'>>) {
  const roleId = await createStaffRole(w.db, w.company.id, grants);
  const user = await createUser(w.db, w.company.id, 'staff', { staffRoleId: roleId });
  return { roleId, userId: user.id, token: (await signIn(w.app, user.email)).accessToken };
}

const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  w = await world({
    roles: ['Dispatcher', 'Accounts'],
    otherCompany: true,
    env: { REDIS_URL, JWT_SECRET, SIGNIN_RATE_LIMIT: '1000' },
  });
  await (w.services.bus as RedisBus).ready();
});

describe('Permissions/GetStaffRoleList', () => {
  it("answers the company's roles by name, without another company's", async () => {
    const res = await call(w.app, 'Permissions/GetStaffRoleList', { perPage: 0 }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.name)).toEqual(['Accounts', 'Dispatcher', 'Operations Manager']);
    expect(res.body.data[0]).toEqual({ id: w.company.roleIds.Accounts, name: 'Accounts' });
    const other = await call(w.app, 'Permissions/GetStaffRoleList', { perPage: 0 }, w.other.admin.token);
    expect(other.body.data.map((r) => r.id)).not.toContain(w.company.roleIds.Accounts);
  });
});

describe('Permissions/GetTableSummary', () => {
  it('lists each role with its level on every assignable subject and its active accounts', async () => {
    const body = await tableOf();
    const dispatcher = body.allData.find((r) => r.id === w.company.roleIds.Dispatcher);
    expect(dispatcher).toMatchObject({ name: 'Dispatcher', isSystem: true, userCount: 1 });
    expect(Object.keys(dispatcher!.grants).sort()).toEqual([...assignableSubjects].sort());
    expect(dispatcher!.grants).toMatchObject({ Booking: 'manage', Driver: 'read', Invoice: 'none' });
    expect(dispatcher!.grants).not.toHaveProperty('Auth');
  });

  it('pages, searches and sorts like every list', async () => {
    const page = await tableOf(w.admin.token, { page: 1, perPage: 2 });
    expect(page.total).toBe(2);
    expect(page.data.map((r) => r.name)).toEqual(['Operations Manager']);
    expect((await tableOf(w.admin.token, { q: 'patch' })).data.map((r) => r.name)).toEqual(['Dispatcher']);
    const desc = await tableOf(w.admin.token, { sortColumn: 'name', sortType: 'desc', perPage: 0 });
    expect(desc.data[0]?.name).toBe('Operations Manager');
    const bad = await callRaw(w.app, 'Permissions/GetTableSummary', { sortColumn: 'grants' }, w.admin.token);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain('sortColumn');
  });

  it("never shows another company's roles", async () => {
    const other = await tableOf(w.other.admin.token);
    expect(other.allData.map((r) => r.id)).not.toContain(w.company.roleIds.Dispatcher);
    expect(other.allData).toHaveLength(3);
  });
});

describe('Permissions/Assign', () => {
  it('adds a role from a new name, with an audit row', async () => {
    const res = await assign({ name: 'Night desk', grants: { Booking: 'manage', Dispatch: 'read', Invoice: 'none' } });
    expect(res.status).toBe(200);
    const row = res.body.data as { id: number; name: string; grants: Record<string, string> };
    expect(row).toMatchObject({ name: 'Night desk', isSystem: false, userCount: 0 });
    expect(row.grants).toMatchObject({ Booking: 'manage', Dispatch: 'read', Invoice: 'none', Chat: 'none' });
    const [audit] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'staff-role'), eq(auditLog.entityId, row.id)));
    expect(audit?.action).toBe('created');
  });

  it("replaces a role's grants from its id (a subject left out becomes none) and renames it", async () => {
    const made = await assign({ name: 'Weekend desk', grants: { Booking: 'manage', Chat: 'manage' } });
    const id = (made.body.data as { id: number }).id;
    const res = await assign({ id, name: 'Weekend office', grants: { Booking: 'read' } });
    expect(res.status).toBe(200);
    const row = await roleRow(id);
    expect(row?.name).toBe('Weekend office');
    expect(row?.grants).toMatchObject({ Booking: 'read', Chat: 'none' });
  });

  it('refuses bad input by field and changes nothing', async () => {
    const before = await roleRow(w.company.roleIds.Dispatcher);
    const cases: [unknown, string][] = [
      [{ id: w.company.roleIds.Dispatcher, grants: { Bookings: 'manage' } }, 'grants.Bookings'],
      [{ id: w.company.roleIds.Dispatcher, grants: { Booking: 'write' } }, 'grants.Booking'],
      [{ id: w.company.roleIds.Dispatcher, grants: { Auth: 'manage' } }, 'grants.Auth'],
      [{ id: w.company.roleIds.Dispatcher, grants: { DriverApp: 'manage' } }, 'grants.DriverApp'],
      [{ id: w.company.roleIds.Dispatcher }, 'grants'],
      [{ grants: { Booking: 'read' } }, 'name'],
      [{ id: -3, grants: {} }, 'id'],
      [{ name: 'x'.repeat(81), grants: {} }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await assign(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res.body), JSON.stringify(body)).toContain(field);
    }
    expect(await roleRow(w.company.roleIds.Dispatcher)).toEqual(before);
  });

  it('refuses a name another role has, whatever its case (409 naming name)', async () => {
    const res = await assign({ name: 'dispatcher', grants: {} });
    expect(res.status).toBe(409);
    expect(fieldsOf(res.body)).toEqual(['name']);
    const rename = await assign({ id: w.company.roleIds.Accounts, name: 'DISPATCHER', grants: {} });
    expect(rename.status).toBe(409);
  });

  it("answers 404 for another company's role and leaves it alone", async () => {
    const res = await assign({ id: w.company.roleIds.Dispatcher, grants: {} }, w.other.admin.token);
    expect(res.status).toBe(404);
    expect((await roleRow(w.company.roleIds.Dispatcher))?.grants.Booking).toBe('manage');
  });

  it('is refused to a role without Permissions, and to one that may only read them', async () => {
    expect((await assign({ name: 'Sneaky', grants: {} }, w.as.Dispatcher.token)).status).toBe(403);
    const reader = await staffHolding({ Permissions: 'read' });
    expect((await assign({ name: 'Sneaky', grants: {} }, reader.token)).status).toBe(403);
    expect((await call(w.app, 'Permissions/GetTableSummary', {}, reader.token)).status).toBe(200);
  });
});

describe('nobody grants beyond what they hold', () => {
  it('refuses a staff manager giving or taking away a level above their own, naming the subject', async () => {
    const manager = await staffHolding({ Permissions: 'manage', Booking: 'read', Dispatch: 'manage' });
    const give = await assign({ name: 'Billing', grants: { Invoice: 'manage', Booking: 'read' } }, manager.token);
    expect(give.status).toBe(403);
    expect(fieldsOf(give.body)).toEqual(['grants.Invoice']);
    expect((await call(w.app, 'Permissions/GetStaffRoleList', { q: 'Billing' }, w.admin.token)).body.data).toEqual([]);

    const raise = await assign({ name: 'Bookers', grants: { Booking: 'manage' } }, manager.token);
    expect(raise.status).toBe(403);
    expect(fieldsOf(raise.body)).toEqual(['grants.Booking']);

    const own = await assign(
      { id: manager.roleId, grants: { Permissions: 'manage', Booking: 'manage' } },
      manager.token,
    );
    expect(own.status).toBe(403);

    const accounts = (await roleRow(w.company.roleIds.Accounts))!.grants;
    const takeAway = await assign(
      { id: w.company.roleIds.Accounts, grants: { ...accounts, Invoice: 'none' } },
      manager.token,
    );
    expect(takeAway.status).toBe(403);
    expect(fieldsOf(takeAway.body)).toEqual(['grants.Invoice']);
    expect((await roleRow(w.company.roleIds.Accounts))?.grants.Invoice).toBe('manage');
  });

  it('lets them change what they hold and keep levels above theirs unchanged', async () => {
    const manager = await staffHolding({ Permissions: 'manage', Booking: 'read', Dispatch: 'manage' });
    const made = await assign({ name: 'Trainees', grants: { Booking: 'read', Dispatch: 'manage' } }, manager.token);
    expect(made.status).toBe(200);
    const accounts = (await roleRow(w.company.roleIds.Accounts))!.grants;
    const res = await assign(
      { id: w.company.roleIds.Accounts, grants: { ...accounts, Dispatch: 'read' } },
      manager.token,
    );
    expect(res.status).toBe(200);
    expect((await roleRow(w.company.roleIds.Accounts))?.grants).toMatchObject({ Invoice: 'manage', Dispatch: 'read' });
  });
});

describe('the company always keeps someone who may manage permissions', () => {
  it('refuses a staff manager taking Permissions from their own role when nobody else holds it', async () => {
    const t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
    const { createCompany } = await import('./factories');
    const company = await createCompany(t.db);
    const roleId = await createStaffRole(t.db, company.id, { Permissions: 'manage', Booking: 'manage' }, 'Office lead');
    const lead = await createUser(t.db, company.id, 'staff', { staffRoleId: roleId });
    const token = (await signIn(t.app, lead.email)).accessToken;
    await t.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.companyId, company.id), eq(users.kind, 'admin')));

    const res = await callRaw(t.app, 'Permissions/Assign', { id: roleId, grants: { Booking: 'manage' } }, token);
    expect(res.status).toBe(409);
    expect(fieldsOf(res.body)).toEqual(['grants.Permissions']);
    const kept = await call(t.app, 'Permissions/GetTableSummary', { perPage: 0 }, token);
    expect(kept.body.allData.find((r) => r.id === roleId)?.grants.Permissions).toBe('manage');

    // With an admin again, the lead may step down: the admin always keeps everything.
    await t.db
      .update(users)
      .set({ isActive: true })
      .where(and(eq(users.companyId, company.id), eq(users.kind, 'admin')));
    const stepDown = await callRaw(t.app, 'Permissions/Assign', { id: roleId, grants: { Booking: 'manage' } }, token);
    expect(stepDown.status).toBe(200);
    expect((await call(t.app, 'Permissions/GetTableSummary', {}, token)).status).toBe(403);
  });
});

describe('a changed role is obeyed on the next call', () => {
  it('in this process and in a second one, and the own-ability read follows', async () => {
    const two = await createTestApp({ REDIS_URL, JWT_SECRET }, { sharing: w });
    await (two.services.bus as RedisBus).ready();
    const dispatcher = await w.person('Dispatcher');
    const list = (app = w.app) => call(app, 'Booking/GetTableSummary', {}, dispatcher.token);
    expect((await list()).status).toBe(200);
    expect((await list(two.app)).status).toBe(200);
    const ability = await call(w.app, 'Permissions/GetOwnAbility', {}, dispatcher.token);
    expect(ability.body.data.ability).toContainEqual({ action: 'manage', subject: 'Booking' });

    const grants = { ...(await roleRow(w.company.roleIds.Dispatcher))!.grants, Booking: 'none' };
    expect((await assign({ id: w.company.roleIds.Dispatcher, grants })).status).toBe(200);

    expect((await list()).status).toBe(403);
    await expect.poll(async () => (await list(two.app)).status).toBe(403);
    const after = await call(w.app, 'Permissions/GetOwnAbility', {}, dispatcher.token);
    expect(after.body.data).toMatchObject({ staffRoleID: w.company.roleIds.Dispatcher, staffRoleName: 'Dispatcher' });
    expect(after.body.data.ability.some((r) => r.subject === 'Booking')).toBe(false);

    expect((await assign({ id: w.company.roleIds.Dispatcher, grants: { ...grants, Booking: 'manage' } })).status).toBe(
      200,
    );
    expect((await list()).status).toBe(200);
    await expect.poll(async () => (await list(two.app)).status).toBe(200);
  });

  it("answers an admin's own ability as everything", async () => {
    const res = await call(w.app, 'Permissions/GetOwnAbility', {}, w.admin.token);
    expect(res.body.data).toEqual({
      staffRoleID: 0,
      staffRoleName: null,
      ability: [{ action: 'manage', subject: 'all' }],
    });
  });
});
