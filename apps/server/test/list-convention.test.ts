import { type AnyBuiltCall, allCalls } from '@cabdesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, signIn, type TestCompany } from './factories';

/**
 * The spec's list convention, for every list call of the contract: page 0 and perPage 10 when the
 * caller sends neither, perPage 0 for no paging, `total` the page count.
 */
const lists = allCalls.filter((c): c is AnyBuiltCall => c.kind === 'list');

let t: TestApp;
let company: TestCompany;
const tokens: Partial<Record<'admin' | 'driver' | 'passenger', string>> = {};

/** The driver's and the passenger's own lists are theirs to call. */
const whoCalls = (call: AnyBuiltCall) =>
  call.subject === 'DriverApp' || call.alsoFor === 'DriverApp'
    ? 'driver'
    : call.subject === 'PassengerApp' || call.subject === 'WebBooker'
      ? 'passenger'
      : 'admin';

interface ListAnswer {
  data?: unknown[];
  allData?: unknown[];
  total?: number;
  count?: number;
}

async function list(call: AnyBuiltCall, body: object) {
  const method = call.methods.includes('POST') ? 'POST' : 'GET';
  const response = await t.app.inject({
    method,
    url: call.path,
    headers: { authorization: `Bearer ${tokens[whoCalls(call)]}` },
    ...(method === 'POST' ? { payload: body } : { query: body as Record<string, string> }),
  });
  return { status: response.statusCode, body: response.json() as ListAnswer };
}

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  tokens.admin = (await signIn(t.app, company.adminEmail)).accessToken;
  for (const kind of ['driver', 'passenger'] as const) {
    tokens[kind] = (await signIn(t.app, (await createUser(t.db, company.id, kind)).email)).accessToken;
  }
});

describe('the list convention of every list call', () => {
  it('covers every list of the contract', () => {
    expect(lists.length).toBeGreaterThan(120);
  });

  for (const call of lists) {
    it(call.name, async () => {
      const defaults = call.input.safeParse({});
      if (defaults.success) {
        expect(defaults.data, 'defaults').toMatchObject({ page: 0, perPage: 10 });
      }
      const unpaged = call.input.safeParse({ perPage: 0 });
      const required = !defaults.success;
      if (!required) expect(unpaged.success, 'perPage 0 means no paging').toBe(true);

      if (required) return;
      const first = await list(call, {});
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const { data = [], count = 0, total } = first.body;
      expect(data.length).toBeLessThanOrEqual(10);
      expect(total).toBe(Math.ceil(count / 10));
      const all = await list(call, { perPage: 0 });
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      expect(all.body.total).toBe(count === 0 ? 0 : 1);
      expect(all.body.data?.length).toBe(Math.min(count, 500));
    });
  }
});

describe('lists with more rows than a page', () => {
  it('answers the first page of 10 of the reference-data overview, and every kind unpaged', async () => {
    const call = lists.find((c) => c.name === 'Common/GetTableSummary')!;
    const first = await list(call, {});
    expect(first.body.count).toBeGreaterThan(10);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.total).toBe(Math.ceil(first.body.count! / 10));
    const all = await list(call, { perPage: 0 });
    expect(all.body.data).toHaveLength(first.body.count!);
  });

  it('takes perPage 0 on a dispatch tab', async () => {
    const call = lists.find((c) => c.name === 'Booking/GetTableSummaryDispatchBookingsTest')!;
    const all = await list(call, { perPage: 0 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
  });
});
