import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { passengers } from '../src/domains/passengers/schema';
import { offlineProviderObjects } from '../src/domains/payments/provider/offline-schema';
import { paymentCards } from '../src/domains/payments/schema';
import { call, callRaw } from './client';
import { book, bookingWorld, type BookingWorld } from './factories-bookings';
import { createUser, signIn, type SignedIn } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
let passengerUser: SignedIn;
let passengerUserId = 0;

const year = new Date().getUTCFullYear() + 3;
const numbers = ['4242424242424242', '5555555555554444', '4000000000000002', '4000002500003155'];
const tok = (number: string, month = 12) => `tok_offline_${number}_${String(month).padStart(2, '0')}_${year}`;
const visa = tok('4242424242424242');
const mastercard = tok('5555555555554444');

/** Every answer body, searched at the end for a full card number. */
const bodies: string[] = [];
async function ask<K extends BuiltName>(name: K, input: CallInput<K>, token = w.accounts.accessToken) {
  const res = await call(t.app, name, input, token);
  bodies.push(JSON.stringify(res.body));
  return res;
}
async function askRaw(name: string, input: unknown, token = w.accounts.accessToken) {
  const res = await callRaw(t.app, name, input, token);
  bodies.push(JSON.stringify(res.body));
  return res;
}
const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

async function newPassenger(companyId = w.company.id, clientId: number | null = null) {
  const [p] = await t.db
    .insert(passengers)
    .values({ companyId, firstName: 'Card', surname: 'Holder', clientId })
    .returning({ id: passengers.id });
  return p!.id;
}

async function addPassengerCard(passengerID: number, token = visa, extra: { isDefault?: boolean } = {}) {
  const res = await ask('Passenger/CreateCard', { passengerID, token, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const defaultsOf = async (kind: 'passenger' | 'client', ownerId: number) =>
  (
    await t.db
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(and(eq(paymentCards.ownerKind, kind), eq(paymentCards.ownerId, ownerId), eq(paymentCards.isDefault, true)))
  ).map((r) => r.id);

/** A card that was valid when saved and has expired since (the provider would refuse it now). */
async function expiredCard(kind: 'passenger' | 'client', ownerId: number, companyId = w.company.id) {
  const [row] = await t.db
    .insert(paymentCards)
    .values({
      companyId,
      ownerKind: kind,
      ownerId,
      provider: 'offline',
      cardRef: `card_old_${ownerId}`,
      brand: 'visa',
      last4: '1881',
      expMonth: 1,
      expYear: 2021,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
  const made = await createUser(t.db, w.company.id, 'passenger');
  passengerUserId = made.personId;
  passengerUser = await signIn(t.app, made.email);
});

afterAll(() => {
  // No answer of any call here carried a full card number.
  for (const body of bodies) for (const n of numbers) expect(body).not.toContain(n);
});

describe('passenger cards', () => {
  it('saves a card from the card form token: the first is the default, a new default takes over', async () => {
    const p = await newPassenger();
    const first = await addPassengerCard(p);
    expect(first).toMatchObject({ ownerKind: 'passenger', ownerId: p, brand: 'visa', last4: '4242', isDefault: true });
    expect(first).toMatchObject({ expMonth: 12, expYear: year, isExpired: false });
    expect(first).not.toHaveProperty('cardRef');
    const second = await addPassengerCard(p, mastercard, { isDefault: true });
    expect(second).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: true });
    expect(await defaultsOf('passenger', p)).toEqual([second.id]);

    const page = await ask('Passenger/GetTableSummaryPassengerCreditCards', { passengerID: p });
    expect(page.status).toBe(200);
    expect(page.body.data.map((c) => [c.id, c.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const all = await ask('Passenger/GetPassengerCreditCardList', { passengerID: p });
    expect(all.body.data.map((c) => c.id)).toEqual([second.id, first.id]);
    const customer = await ask('PaymentTransaction/GetCustomerCard', { passengerID: p });
    expect(customer.body.data.map((c) => c.id)).toEqual([second.id, first.id]);
    const one = await ask('Passenger/GetPassengerCreditCardDetails', { id: first.id });
    expect(one.body.data).toMatchObject({ id: first.id, last4: '4242' });
  });

  it('changes the holder name and the default; the expiry only by a renewed card', async () => {
    const p = await newPassenger();
    const a = await addPassengerCard(p);
    const b = await addPassengerCard(p, mastercard);
    const upd = await ask('Passenger/UpdateCard', { id: b.id, holderName: 'C HOLDER', isDefault: true });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ holderName: 'C HOLDER', isDefault: true });
    const back = await ask('PaymentTransaction/MakePassengerCardDefault', { id: a.id });
    expect(back.status).toBe(200);
    expect(await defaultsOf('passenger', p)).toEqual([a.id]);
    const expiry = await askRaw('Passenger/UpdateCard', { id: a.id, expMonth: 1, expYear: year + 1 });
    expect(expiry.status).toBe(400);
    expect(fieldsOf(expiry.body)).toContain('expMonth');
  });

  it('AddPassengerCreditCard saves the same way as Passenger/CreateCard', async () => {
    const p = await newPassenger();
    const res = await ask('PaymentTransaction/AddPassengerCreditCard', { passengerID: p, token: visa });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ownerKind: 'passenger', ownerId: p, isDefault: true, last4: '4242' });
  });

  it('makes one provider customer per passenger and answers its id', async () => {
    const p = await newPassenger();
    const first = await ask('PaymentTransaction/GetCustomerID', { passengerID: p });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ ownerKind: 'passenger', ownerId: p, provider: 'offline' });
    const again = await ask('PaymentTransaction/GetCustomerID', { passengerID: p });
    expect(again.body.data.customerId).toBe(first.body.data.customerId);
  });

  it('deletes a card, detaches it at the provider and hands the default to the newest other card', async () => {
    const p = await newPassenger();
    const a = await addPassengerCard(p);
    const b = await addPassengerCard(p, mastercard);
    const c = await addPassengerCard(p, tok('4000002500003155'));
    const [row] = await t.db.select().from(paymentCards).where(eq(paymentCards.id, a.id));
    const res = await ask('Passenger/DeleteCard', { id: a.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: a.id });
    expect(await defaultsOf('passenger', p)).toEqual([c.id]);
    const [stored] = await t.db
      .select()
      .from(offlineProviderObjects)
      .where(and(eq(offlineProviderObjects.kind, 'card'), eq(offlineProviderObjects.id, row!.cardRef)));
    expect(stored?.data).toMatchObject({ detached: true });
    expect((await ask('Passenger/GetPassengerCreditCardDetails', { id: a.id })).status).toBe(404);
    expect((await ask('Passenger/DeleteCard', { id: b.id })).status).toBe(200);
    expect(await defaultsOf('passenger', p)).toEqual([c.id]);
  });

  it('lists the passenger’s cards with their client’s cards', async () => {
    const p = await newPassenger(w.company.id, w.clientId);
    const own = await addPassengerCard(p);
    const theirs = await ask('Client/CreateCard', { clientID: w.clientId, token: mastercard });
    expect(theirs.status).toBe(200);
    const both = await ask('Passenger/GetPassengerClientCreditCardList', { passengerID: p });
    expect(both.status).toBe(200);
    const seen = both.body.data.map((c) => [c.ownerKind, c.id]);
    expect(seen).toContainEqual(['passenger', own.id]);
    expect(seen).toContainEqual(['client', theirs.body.data.id]);
    const alone = await newPassenger();
    const only = await ask('Passenger/GetPassengerClientCreditCardList', { passengerID: alone });
    expect(only.body.data).toEqual([]);
  });
});

describe('client cards', () => {
  it('saves, lists, reads, changes, makes default and deletes a client card', async () => {
    const clientID = w.otherClientId;
    const a = await ask('Client/CreateCard', { clientID, token: visa, holderName: 'Acme Ltd' });
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      ownerKind: 'client',
      ownerId: clientID,
      isDefault: true,
      holderName: 'Acme Ltd',
    });
    const b = await ask('Client/CreateCard', { clientID, token: mastercard });
    expect(b.body.data.isDefault).toBe(false);
    const page = await ask('Client/GetTableSummaryClientCreditCards', { clientID });
    expect(page.body.data.map((c) => c.id)).toEqual([a.body.data.id, b.body.data.id]);
    const all = await ask('Client/GetClientCreditCards', { clientID });
    expect(all.body.data).toHaveLength(2);
    const customerCards = await ask('PaymentTransaction/GetClientCustomerCard', { clientID });
    expect(customerCards.body.data).toHaveLength(2);
    const customer = await ask('PaymentTransaction/GetClientCustomerID', { clientID });
    expect(customer.body.data).toMatchObject({ ownerKind: 'client', ownerId: clientID, provider: 'offline' });
    const details = await ask('Client/GetClientCreditCardDetails', { id: b.body.data.id });
    expect(details.body.data).toMatchObject({ last4: '4444' });
    const upd = await ask('Client/UpdateCard', { id: b.body.data.id, holderName: null });
    expect(upd.body.data.holderName).toBeNull();
    const made = await ask('PaymentTransaction/MakeClientCardDefault', { id: b.body.data.id });
    expect(made.status).toBe(200);
    expect(await defaultsOf('client', clientID)).toEqual([b.body.data.id]);
    expect((await ask('Client/DeleteCard', { id: b.body.data.id })).status).toBe(200);
    expect(await defaultsOf('client', clientID)).toEqual([a.body.data.id]);
  });

  it('never reaches a client card through a passenger call, nor the other way round', async () => {
    const clientCard = await ask('Client/CreateCard', { clientID: w.clientId, token: visa });
    const p = await newPassenger();
    const passengerCard = await addPassengerCard(p);
    expect((await ask('Passenger/GetPassengerCreditCardDetails', { id: clientCard.body.data.id })).status).toBe(404);
    expect((await ask('PaymentTransaction/MakeClientCardDefault', { id: passengerCard.id })).status).toBe(404);
  });
});

describe('checks', () => {
  it('tells whether a card can be charged, and why not in words', async () => {
    const p = await newPassenger();
    const ok = await addPassengerCard(p);
    const valid = await ask('PaymentTransaction/CheckCardValidityAndDetails', { id: ok.id });
    expect(valid.body.data).toMatchObject({ canCharge: true, isExpired: false, isDefault: true, reason: null });
    const old = await expiredCard('passenger', p);
    const expired = await ask('PaymentTransaction/CheckCardValidityAndDetails', { id: old.id });
    expect(expired.body.data).toMatchObject({ canCharge: false, isExpired: true, last4: '1881' });
    expect(expired.body.data.reason).toMatch(/expired.*cannot be charged/);
  });

  it('refuses an expired card as the default and for a charge', async () => {
    const b = await book(t.app, w, { paymentMethod: 'card' });
    const old = await expiredCard('passenger', w.passengerId);
    const made = await ask('PaymentTransaction/MakePassengerCardDefault', { id: old.id });
    expect(made.status).toBe(400);
    expect(fieldsOf(made.body)).toContain('id');
    expect(made.body.message).toMatch(/expired/);
    const upd = await ask('Passenger/UpdateCard', { id: old.id, isDefault: true });
    expect(upd.status).toBe(400);
    const charge = await ask('PaymentTransaction/StripePayment', { bookingId: b.id, cardId: old.id });
    expect(charge.status).toBe(400);
    expect(fieldsOf(charge.body)).toContain('cardId');
    const form = await ask('Passenger/CreateCard', {
      passengerID: w.passengerId,
      token: `tok_offline_4242424242424242_01_2021`,
    });
    expect(form.status).toBe(400);
    expect(fieldsOf(form.body)).toContain('token');
    expect(form.body.message).toMatch(/expired/);
  });

  it.each([
    ['Passenger/CreateCard', { passengerID: 1, token: '4242424242424242' }, 'token'],
    ['Passenger/CreateCard', { token: visa }, 'passengerID'],
    ['Passenger/CreateCard', { passengerID: 1, token: visa, holderName: '4242 4242 4242 4242' }, 'holderName'],
    ['Client/CreateCard', { clientID: 'x', token: visa }, 'clientID'],
    ['Passenger/UpdateCard', { id: 1, isDefault: false }, 'isDefault'],
    ['Passenger/GetTableSummaryPassengerCreditCards', {}, 'passengerID'],
    ['Client/GetClientCreditCards', {}, 'clientID'],
    ['PaymentTransaction/CheckCardValidityAndDetails', { id: 0 }, 'id'],
    ['PaymentTransaction/AddPassengerCreditCard', { passengerID: 1, token: 'x' }, 'token'],
  ])('%s answers bad input %j with 400 naming %s', async (name, body, field) => {
    const res = await askRaw(name, body);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
  });

  it('answers a token the provider does not know with 400 naming token, and saves nothing', async () => {
    const p = await newPassenger();
    const res = await ask('Passenger/CreateCard', { passengerID: p, token: 'tok_offline_4242424242424241_12_2040' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain('token');
    expect(await defaultsOf('passenger', p)).toEqual([]);
  });

  it('keeps one default per owner when two cards are saved, or made default, at once', async () => {
    const p = await newPassenger();
    const [a, b] = await Promise.all([
      ask('Passenger/CreateCard', { passengerID: p, token: visa }),
      ask('Passenger/CreateCard', { passengerID: p, token: mastercard }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await defaultsOf('passenger', p)).toHaveLength(1);
    const [x, y] = await Promise.all([
      ask('PaymentTransaction/MakePassengerCardDefault', { id: a.body.data.id }),
      ask('PaymentTransaction/MakePassengerCardDefault', { id: b.body.data.id }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(await defaultsOf('passenger', p)).toHaveLength(1);
  });
});

describe('who may', () => {
  it("answers another company's cards and owners as not found", async () => {
    const p = await newPassenger();
    const mine = await addPassengerCard(p);
    const theirs = them.accounts.accessToken;
    for (const [name, body] of [
      ['Passenger/GetPassengerCreditCardDetails', { id: mine.id }],
      ['Passenger/UpdateCard', { id: mine.id, holderName: 'Mine now' }],
      ['Passenger/DeleteCard', { id: mine.id }],
      ['PaymentTransaction/MakePassengerCardDefault', { id: mine.id }],
      ['PaymentTransaction/CheckCardValidityAndDetails', { id: mine.id }],
      ['Passenger/CreateCard', { passengerID: p, token: visa }],
      ['Passenger/GetPassengerCreditCardList', { passengerID: p }],
      ['Passenger/GetTableSummaryPassengerCreditCards', { passengerID: p }],
      ['Passenger/GetPassengerClientCreditCardList', { passengerID: p }],
      ['PaymentTransaction/GetCustomerCard', { passengerID: p }],
      ['PaymentTransaction/GetCustomerID', { passengerID: p }],
      ['PaymentTransaction/AddPassengerCreditCard', { passengerID: p, token: visa }],
      ['Client/CreateCard', { clientID: w.clientId, token: visa }],
      ['Client/GetClientCreditCards', { clientID: w.clientId }],
      ['Client/GetTableSummaryClientCreditCards', { clientID: w.clientId }],
      ['PaymentTransaction/GetClientCustomerCard', { clientID: w.clientId }],
      ['PaymentTransaction/GetClientCustomerID', { clientID: w.clientId }],
    ] as const) {
      const res = await askRaw(name, body, theirs);
      expect(res.status, name).toBe(404);
    }
    expect(await defaultsOf('passenger', p)).toEqual([mine.id]);
  });

  it('refuses a role without Payment with 403', async () => {
    const p = await newPassenger();
    const mine = await addPassengerCard(p);
    for (const [name, body] of [
      ['Passenger/CreateCard', { passengerID: p, token: visa }],
      ['Passenger/GetPassengerCreditCardList', { passengerID: p }],
      ['Passenger/DeleteCard', { id: mine.id }],
      ['Client/GetClientCreditCards', { clientID: w.clientId }],
      ['PaymentTransaction/MakePassengerCardDefault', { id: mine.id }],
      ['PaymentTransaction/CheckCardValidityAndDetails', { id: mine.id }],
      ['PaymentTransaction/GetCustomerID', { passengerID: p }],
    ] as const) {
      const res = await askRaw(name, body, w.dispatcher.accessToken);
      expect(res.status, name).toBe(403);
    }
  });

  it('shows a signed-in passenger only their own cards; a visitor has none', async () => {
    await addPassengerCard(passengerUserId);
    const other = await newPassenger();
    await addPassengerCard(other);
    const mine = await ask('PaymentTransaction/GetWebBookerCustomerCard', {}, passengerUser.accessToken);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((c) => c.ownerId)).toEqual([passengerUserId]);
    const id = await ask('PaymentTransaction/GetWebBookerCustomerID', {}, passengerUser.accessToken);
    expect(id.body.data).toMatchObject({ ownerKind: 'passenger', ownerId: passengerUserId });
    const visit = await call(t.app, 'Booking/GetWebBookerUserID', { companyID: w.company.id });
    const visitor = visit.body.data.token;
    const none = await ask('PaymentTransaction/GetWebBookerCustomerCard', {}, visitor);
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const noId = await ask('PaymentTransaction/GetWebBookerCustomerID', {}, visitor);
    expect(noId.status).toBe(404);
    expect(noId.body.message).toMatch(/sign in as a passenger/);
    // A passenger reaches no office card call.
    expect(
      (await ask('Passenger/GetPassengerCreditCardList', { passengerID: other }, passengerUser.accessToken)).status,
    ).toBe(403);
  });
});

describe('driver cards on the one card table', () => {
  it('attaches a card form token at the provider and takes brand, digits and expiry from it', async () => {
    const res = await callRaw(
      t.app,
      'Driver/CreateCard',
      { providerToken: visa, brand: 'Amex', last4: '0000', expMonth: 1, expYear: year + 5 },
      w.driver.accessToken,
    );
    bodies.push(JSON.stringify(res.body));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: year });
    const [row] = await t.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.id, (res.body.data as { id: number }).id));
    expect(row).toMatchObject({ ownerKind: 'driver', provider: 'offline' });
    expect(row?.cardRef).not.toContain('4242424242424242');
    const checked = await ask('PaymentTransaction/CheckCardValidityAndDetails', { id: row!.id });
    expect(checked.body.data).toMatchObject({ canCharge: true, last4: '4242' });
    const driverId = row!.ownerId;
    const office = await ask('PaymentTransaction/GetDriverCreditCards', { driverID: driverId });
    expect(office.status).toBe(200);
    expect(office.body.data.map((c) => c.id)).toEqual([row!.id]);
    expect(
      (await ask('PaymentTransaction/GetDriverCreditCards', { driverID: driverId }, them.accounts.accessToken)).status,
    ).toBe(404);
    expect(
      (await ask('PaymentTransaction/GetDriverCreditCards', { driverID: driverId }, w.dispatcher.accessToken)).status,
    ).toBe(403);
    expect(fieldsOf((await askRaw('PaymentTransaction/GetDriverCreditCards', {})).body)).toContain('driverID');
  });
});
