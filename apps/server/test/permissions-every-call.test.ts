import { assignableSubjects, type Subject } from '@cabdesk/contract';
import { callTable } from '@cabdesk/contract/call-table';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRaw } from './client';
import { createStaffRole, createUser, signIn } from './factories';
import { world, type World } from './world';

/** Subjects every signed-in user holds whatever their role: no role can lack them. */
const everyones: readonly Subject[] = ['Auth', 'Profile', 'Lookup'];

/**
 * Every call of the call table, made by a staff member whose role holds everything assignable
 * except the call's subject (and the second subject it also serves), answers 403: the server checks
 * each call against its own subject, not against "any grant". Calls are walked grouped by the
 * subjects they need, so the one role is re-assigned once per group, through Permissions/Assign —
 * the next call obeys the change.
 */
const groups = new Map<string, { lacks: Subject[]; names: string[] }>();
for (const [name, entry] of Object.entries(callTable)) {
  if (entry.isPublic || everyones.includes(entry.subject)) continue;
  const lacks = [entry.subject, ...(entry.alsoFor ? [entry.alsoFor] : [])];
  const key = lacks.join('+');
  const group = groups.get(key) ?? { lacks, names: [] };
  group.names.push(name);
  groups.set(key, group);
}

let w: World;
let roleId: number;
let token: string;

beforeAll(async () => {
  w = await world({ env: { SIGNIN_RATE_LIMIT: '1000' } });
  roleId = await createStaffRole(w.db, w.company.id, {}, 'Lacks one area');
  const user = await createUser(w.db, w.company.id, 'staff', { staffRoleId: roleId });
  token = (await signIn(w.app, user.email)).accessToken;
});

describe('every call refuses a role without its subject', () => {
  it('walks the whole call table', () => {
    const walked = [...groups.values()].reduce((n, g) => n + g.names.length, 0);
    expect(walked).toBeGreaterThan(300);
  });

  for (const { lacks, names } of groups.values()) {
    it(`without ${lacks.join(' and ')}: ${names.length} calls answer 403`, async () => {
      const grants = Object.fromEntries(
        assignableSubjects.map((s) => [s, lacks.includes(s) ? 'none' : 'manage'] as const),
      );
      const assigned = await callRaw(w.app, 'Permissions/Assign', { id: roleId, grants }, w.admin.token);
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

      const allowed: string[] = [];
      for (const name of names) {
        const entry = callTable[name as keyof typeof callTable];
        const method = entry.methods.includes('POST') ? 'POST' : 'GET';
        const res = await callRaw(w.app, entry.path.slice(1), method === 'POST' ? {} : undefined, token, method);
        if (res.status !== 403) allowed.push(`${name} answered ${res.status}`);
      }
      expect(allowed).toEqual([]);
    });
  }
});
