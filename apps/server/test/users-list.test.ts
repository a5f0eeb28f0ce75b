import { beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { createUser } from './factories';
import { world, type World } from './world';

let w: World<never, true>;

beforeAll(async () => {
  w = await world({ otherCompany: true });
  for (let i = 0; i < 24; i++) {
    await createUser(w.db, w.company.id, i % 2 ? 'driver' : 'passenger', {
      fullName: `Person ${String(i).padStart(2, '0')}`,
    });
  }
  await createUser(w.db, w.other.company.id, 'driver', { fullName: 'Person of another company' });
});

const list = (input: CallInput<'Users/GetTableSummary'>, token = w.admin.token) =>
  call(w.app, 'Users/GetTableSummary', input, token);

describe('Users/GetTableSummary (the list convention)', () => {
  it('pages from 0 with perPage 10 by default and counts pages in total, without a code', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(25);
    expect(res.body.total).toBe(3);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.allData).toHaveLength(25);
    expect(res.body).not.toHaveProperty('code');
    const third = await list({ page: 2 });
    expect(third.body.data).toHaveLength(5);
    const beyond = await list({ page: 9 });
    expect(beyond.body.data).toHaveLength(0);
  });

  it('gives every row once across the pages, in a stable order', async () => {
    const ids: number[] = [];
    for (let page = 0; page < 3; page++) ids.push(...(await list({ page, perPage: 10 })).body.data.map((r) => r.id));
    expect(new Set(ids).size).toBe(25);
  });

  it('perPage 0 means no paging', async () => {
    const res = await list({ perPage: 0 });
    expect(res.body.data).toHaveLength(25);
    expect(res.body.total).toBe(1);
  });

  it('searches and sorts on the server', async () => {
    const res = await list({ q: 'person 1', sortColumn: 'fullName', sortType: 'desc', perPage: 0 });
    expect(res.body.data.map((r) => r.fullName)).toEqual([
      'Person 19',
      'Person 18',
      'Person 17',
      'Person 16',
      'Person 15',
      'Person 14',
      'Person 13',
      'Person 12',
      'Person 11',
      'Person 10',
    ]);
    const drivers = await list({ userType: 'Driver', perPage: 0 });
    expect(drivers.body.data).toHaveLength(12);
    expect(drivers.body.data.every((r) => r.userType === 'Driver')).toBe(true);
    expect(drivers.body.count).toBe(12);
  });

  it('never shows another company’s accounts, whatever companyID the body claims', async () => {
    const res = await list({ companyID: w.company.id, perPage: 0 }, w.other.admin.token);
    expect(res.body.count).toBe(2);
    expect(res.body.data.map((r) => r.fullName)).toContain('Person of another company');
    expect(res.body.data.map((r) => r.fullName)).not.toContain('Person 01');
  });

  it('refuses an unknown sort column by name', async () => {
    const res = await callRaw(w.app, 'Users/GetTableSummary', { sortColumn: 'passwordHash' }, w.admin.token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, errors: [{ field: 'sortColumn' }] });
  });
});
