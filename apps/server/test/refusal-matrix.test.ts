import { type AnyBuiltCall, allCalls, type Subject } from '@cabdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions, staffRoles } from '../src/domains/auth/schema';
import { permits } from '../src/platform/http/router';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, signIn, type TestCompany } from './factories';
import { wrongBodyFor } from './wrong-body';

/**
 * For every built call of the contract: no token is 401, a role without the call's permission is
 * 403, a role holding exactly that permission gets past the check (200 or a 4xx of the call's own,
 * never a 5xx), and a body with a field of the wrong type is 400 naming the field. New calls are
 * covered the day they are built.
 */
const built = allCalls.filter((c): c is AnyBuiltCall => c.kind !== 'planned');

/** Subjects only a kind of user holds (the driver's phone, the passenger, the client portal). */
const kindFor: Partial<Record<Subject, 'driver' | 'passenger' | 'client'>> = {
  DriverApp: 'driver',
  PassengerApp: 'passenger',
  ClientPortal: 'client',
  WebBooker: 'passenger',
};

let t: TestApp;
let company: TestCompany;
let adminToken: string;
/** A staff role with no grant at all: the rules every signed-in user has, and nothing more. */
let bareToken: string;
const holders = new Map<string, string>();

async function staffWith(grants: Partial<Record<Subject, 'read' | 'manage'>>, name: string): Promise<string> {
  const [role] = await t.db.insert(staffRoles).values({ companyId: company.id, name }).returning({ id: staffRoles.id });
  const entries = Object.entries(grants);
  if (entries.length) {
    await t.db
      .insert(rolePermissions)
      .values(entries.map(([subject, grant]) => ({ companyId: company.id, staffRoleId: role!.id, subject, grant })));
  }
  const user = await createUser(t.db, company.id, 'staff', { staffRoleId: role!.id });
  return (await signIn(t.app, user.email)).accessToken;
}

/**
 * The token of someone who holds exactly what the call asks: its subject (or its alsoFor), with a
 * read-only grant when the call only reads, so a read that asks for more is caught.
 */
async function holderOf(call: AnyBuiltCall): Promise<string> {
  const subject = call.alsoFor && kindFor[call.alsoFor] ? call.alsoFor : call.subject;
  const grant = call.verb === 'read' ? 'read' : 'manage';
  const kind = kindFor[subject];
  const key = kind ?? `${grant} ${subject}`;
  let token = holders.get(key);
  if (!token) {
    token = kind
      ? (await signIn(t.app, (await createUser(t.db, company.id, kind)).email)).accessToken
      : await staffWith({ [subject]: grant }, `Holds ${key}`);
    holders.set(key, token);
  }
  return token;
}

async function send(call: AnyBuiltCall, body: unknown, token?: string) {
  const method = call.methods.includes('POST') ? 'POST' : 'GET';
  const response = await t.app.inject({
    method,
    url: call.path,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === 'POST' ? { payload: body as object } : { query: body as Record<string, string> }),
  });
  return { status: response.statusCode, body: response.json() as { errors?: { field: string }[] } };
}

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
  company = await createCompany(t.db);
  adminToken = (await signIn(t.app, company.adminEmail)).accessToken;
  bareToken = await staffWith({}, 'No grants');
});

const tally = { calls: 0, unauthenticated: 0, refused: 0, permitted: 0, wrongBody: 0 };

describe('the refusal matrix of every built call', () => {
  it('covers the whole contract', () => {
    expect(built.length).toBeGreaterThan(300);
  });

  for (const call of built) {
    it(call.name, async () => {
      tally.calls++;
      if (!call.isPublic) {
        const anonymous = await send(call, {});
        expect(anonymous.status, 'without a token').toBe(401);
        tally.unauthenticated++;

        const { ability } = await t.services.abilities.forSession(await t.services.tokens.verifyAccess(bareToken));
        if (!permits(ability, call)) {
          expect((await send(call, {}, bareToken)).status, 'a role without the permission').toBe(403);
          tally.refused++;
        }

        const held = await send(call, {}, await holderOf(call));
        expect([401, 403], `a role holding ${call.verb} ${call.subject}: ${JSON.stringify(held.body)}`).not.toContain(
          held.status,
        );
        expect(held.status, JSON.stringify(held.body)).toBeLessThan(500);
        tally.permitted++;
      }

      const wrong = wrongBodyFor(call);
      if (wrong) {
        const answer = await send(call, wrong.body, adminToken);
        expect(answer.status, `${wrong.field} of the wrong type: ${JSON.stringify(answer.body)}`).toBe(400);
        const named = (answer.body.errors ?? []).map((e) => e.field);
        expect(
          named.some((f) => f === wrong.field || f.startsWith(`${wrong.field}.`)),
          named.join(', '),
        ).toBe(true);
        tally.wrongBody++;
      }
    });
  }

  it('counted its cases', () => {
    expect(tally.calls).toBe(built.length);
    console.log(`refusal matrix: ${JSON.stringify(tally)}`);
  });
});
