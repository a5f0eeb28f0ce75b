import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { driverAdjustments } from '../src/domains/driver-app/schema';
import { paymentCards } from '../src/domains/payments/schema';
import type { CallInput } from '@cabdesk/contract';
import { call, callRaw } from './client';
import { world, type Person, type World } from './world';

let w: World<'driver' | 'Operations Manager', true>;
let me: Person;
let colleague: Person;
let stranger: Person;
/** An office user: everything but the apps. */
let office: Person;

const nextYear = new Date().getUTCFullYear() + 1;
const card = (extra: Partial<CallInput<'Driver/CreateCard'>> = {}): CallInput<'Driver/CreateCard'> => ({
  providerToken: `tok_${Math.random().toString(36).slice(2, 10)}`,
  brand: 'Visa',
  last4: '4242',
  expMonth: 12,
  expYear: nextYear,
  holderName: 'T Driver',
  ...extra,
});
const fieldOf = (body: { errors?: { field: string }[] }) => body.errors?.map((e) => e.field);

beforeAll(async () => {
  w = await world({ roles: ['driver', 'Operations Manager'], otherCompany: true });
  me = w.as.driver;
  colleague = await w.person('driver');
  stranger = await w.other.person('driver');
  office = w.as['Operations Manager'];
});

const addCard = async (who: Person, extra: Partial<CallInput<'Driver/CreateCard'>> = {}) => {
  const res = await call(w.app, 'Driver/CreateCard', card(extra), who.token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const cardsOf = (driverId: number) =>
  w.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.ownerKind, 'driver'), eq(paymentCards.ownerId, driverId)));

describe('Driver cards', () => {
  it('saves a card by token; the first is the default, a new default takes over', async () => {
    const first = await addCard(me);
    expect(first).toMatchObject({ isDefault: true, last4: '4242' });
    expect(first).not.toHaveProperty('providerToken');
    const second = await addCard(me, { last4: '1111', isDefault: true });
    expect(second.isDefault).toBe(true);
    const list = await call(w.app, 'Driver/GetTableSummaryDriverCreditCards', {}, me.token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c) => [c.id, c.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });
  it.each([
    [{ cardNumber: '4242424242424242' }, 'cardNumber'],
    [{ number: '4242' }, 'number'],
    [{ holderName: '4242 4242 4242 4242' }, 'holderName'],
    [{ providerToken: '4242424242424242' }, 'providerToken'],
    [{ note: '5555-5555-5555-4444' }, 'note'],
  ])('refuses a card number (%j) with 400 naming %s and writes nothing', async (extra, field) => {
    const before = (await cardsOf(me.personId)).length;
    const res = await callRaw(w.app, 'Driver/CreateCard', { ...card(), ...extra }, me.token);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain(field);
    expect(await cardsOf(me.personId)).toHaveLength(before);
  });
  it.each([
    [{ last4: '42' }, 'last4'],
    [{ expMonth: 13 }, 'expMonth'],
    [{ expYear: 2001 }, 'expYear'],
    [{ providerToken: '' }, 'providerToken'],
  ])('answers %j with 400 naming %s', async (extra, field) => {
    const res = await callRaw(w.app, 'Driver/CreateCard', { ...card(), ...extra }, me.token);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain(field);
  });
  it('updates the holder, the expiry and the default of an own card', async () => {
    const c = await addCard(me, { last4: '2222' });
    const res = await call(
      w.app,
      'Driver/UpdateCard',
      { id: c.id, holderName: 'New Name', expMonth: 1, expYear: nextYear + 2, isDefault: true },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ holderName: 'New Name', expYear: nextYear + 2, isDefault: true });
    expect((await cardsOf(me.personId)).filter((r) => r.isDefault)).toHaveLength(1);
  });
  it('refuses a card number on update', async () => {
    const c = await addCard(me);
    const res = await callRaw(w.app, 'Driver/UpdateCard', { id: c.id, cardNumber: '4242424242424242' }, me.token);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain('cardNumber');
  });
  it("never shows or changes another driver's or another company's card", async () => {
    const theirs = await addCard(colleague, { holderName: 'Colleague' });
    const foreign = await addCard(stranger, { holderName: 'Stranger' });
    const list = await call(w.app, 'Driver/GetTableSummaryDriverCreditCards', {}, me.token);
    const ids = list.body.data.map((c) => c.id);
    for (const c of [theirs, foreign]) {
      expect(ids).not.toContain(c.id);
      const upd = await call(w.app, 'Driver/UpdateCard', { id: c.id, holderName: 'Mine now' }, me.token);
      expect(upd.status).toBe(404);
      const del = await call(w.app, 'Driver/DeleteCard', { id: c.id }, me.token);
      expect(del.status).toBe(404);
    }
    const [still] = await w.db.select().from(paymentCards).where(eq(paymentCards.id, theirs.id));
    expect(still?.holderName).toBe('Colleague');
  });
  it('deletes an own card and hands the default to the newest other card', async () => {
    const fresh = await w.person('driver');
    const a = await addCard(fresh);
    const b = await addCard(fresh);
    const res = await call(w.app, 'Driver/DeleteCard', { id: a.id }, fresh.token);
    expect(res.status).toBe(200);
    const rows = await cardsOf(fresh.personId);
    expect(rows.map((r) => [r.id, r.isDefault])).toEqual([[b.id, true]]);
  });
  it('is refused to office users', async () => {
    for (const [name, body] of [
      ['Driver/GetTableSummaryDriverCreditCards', {}],
      ['Driver/CreateCard', card()],
      ['Driver/DeleteCard', { id: 1 }],
    ] as const) {
      const res = await call(w.app, name, body, office.token);
      expect(res.status).toBe(403);
    }
  });
});

const adjustmentsOf = (driverId: number) =>
  w.db.select().from(driverAdjustments).where(eq(driverAdjustments.driverId, driverId));

describe('Driver adjustments', () => {
  const adj = { kind: 'debit', amountMinor: 5000, reason: 'Weekly car rent', effectiveDate: '2026-03-02' } as const;

  it('records, lists (filtered by date), updates and deletes own adjustments', async () => {
    const created = await call(w.app, 'Driver/CreateAdjustment', adj, me.token);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ ...adj, currency: 'GBP' });
    const older = await call(
      w.app,
      'Driver/CreateAdjustment',
      { ...adj, kind: 'credit', effectiveDate: '2026-01-05' },
      me.token,
    );
    const all = await call(w.app, 'Driver/GetAdjustmentsData', {}, me.token);
    expect(all.body.data.map((r) => r.id)).toEqual([created.body.data.id, older.body.data.id]);
    const march = await call(w.app, 'Driver/GetAdjustmentsData', { fromDate: '2026-03-01' }, me.token);
    expect(march.body.data.map((r) => r.id)).toEqual([created.body.data.id]);

    const upd = await call(
      w.app,
      'Driver/UpdateAdjustments',
      { id: created.body.data.id, amountMinor: 4500 },
      me.token,
    );
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ amountMinor: 4500, reason: adj.reason, kind: 'debit' });

    const del = await call(w.app, 'Driver/DeleteAdjustments', { id: older.body.data.id }, me.token);
    expect(del.status).toBe(200);
    expect((await adjustmentsOf(me.personId)).map((r) => r.id)).toEqual([created.body.data.id]);
  });
  it.each([
    [{ amountMinor: -5 }, 'amountMinor'],
    [{ amountMinor: undefined }, 'amountMinor'],
    [{ kind: 'bonus' }, 'kind'],
    [{ reason: '' }, 'reason'],
    [{ effectiveDate: '2026-13-01' }, 'effectiveDate'],
  ])('answers %j with 400 naming %s and writes nothing', async (change, field) => {
    const before = (await adjustmentsOf(me.personId)).length;
    const res = await callRaw(w.app, 'Driver/CreateAdjustment', { ...adj, ...change }, me.token);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain(field);
    expect(await adjustmentsOf(me.personId)).toHaveLength(before);
  });
  it('refuses a negative amount on update', async () => {
    const created = await call(w.app, 'Driver/CreateAdjustment', adj, me.token);
    const res = await call(w.app, 'Driver/UpdateAdjustments', { id: created.body.data.id, amountMinor: -1 }, me.token);
    expect(res.status).toBe(400);
    expect(fieldOf(res.body)).toContain('amountMinor');
  });
  it("never shows or changes another driver's or another company's adjustment", async () => {
    const theirs = await call(w.app, 'Driver/CreateAdjustment', adj, colleague.token);
    const foreign = await call(w.app, 'Driver/CreateAdjustment', adj, stranger.token);
    const list = await call(w.app, 'Driver/GetAdjustmentsData', {}, me.token);
    for (const row of [theirs.body.data, foreign.body.data]) {
      expect(list.body.data.map((r) => r.id)).not.toContain(row.id);
      const upd = await call(w.app, 'Driver/UpdateAdjustments', { id: row.id, amountMinor: 1 }, me.token);
      expect(upd.status).toBe(404);
      const del = await call(w.app, 'Driver/DeleteAdjustments', { id: row.id }, me.token);
      expect(del.status).toBe(404);
    }
    const [still] = await w.db.select().from(driverAdjustments).where(eq(driverAdjustments.id, theirs.body.data.id));
    expect(still?.amountMinor).toBe(adj.amountMinor);
  });
  it('is refused to office users', async () => {
    for (const [name, body] of [
      ['Driver/GetAdjustmentsData', {}],
      ['Driver/CreateAdjustment', adj],
      ['Driver/UpdateAdjustments', { id: 1, amountMinor: 1 }],
      ['Driver/DeleteAdjustments', { id: 1 }],
    ] as const) {
      const res = await call(w.app, name, body, office.token);
      expect(res.status).toBe(403);
    }
  });
});
