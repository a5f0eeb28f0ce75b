import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { call } from './client';
import { createTestApp, type TestApp } from './harness';
import { createCompany, signIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  token = (await signIn(t.app, company.adminEmail)).accessToken;
});

describe('the history of a register', () => {
  it('records who added, changed and deleted a row, with the changed fields', async () => {
    const created = await call(t.app, 'Tag/Create', { name: 'VIP', tagType: 'client' }, token);
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const edit = { id, name: 'Very important', tagType: 'client' } as const;
    expect((await call(t.app, 'Tag/Update', edit, token)).status).toBe(200);
    expect((await call(t.app, 'Tag/Delete', { id }, token)).status).toBe(200);

    const history = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.id), eq(auditLog.entityType, 'tag'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'deleted']);
    expect(history[1]?.changes).toEqual({ name: { before: 'VIP', after: 'Very important' } });
    expect(history.every((h) => h.actorUserId !== null)).toBe(true);
  });
});
