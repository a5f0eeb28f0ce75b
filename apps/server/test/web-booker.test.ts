import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '@cabdesk/contract';
import { bookings } from '../src/domains/bookings/schema';
import { bookingFormSettings } from '../src/domains/company/schema';
import { passengers } from '../src/domains/passengers/schema';
import { users } from '../src/domains/auth/schema';
import { webBookerVisits } from '../src/domains/web-booker/schema';
import { call, callData, callRaw } from './client';
import { bookingWorld, type BookingWorld, daysAhead, stPauls, westminster } from './factories-bookings';
import { createUser, signIn } from './factories';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;

const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);
const countRows = async (table: typeof bookings | typeof passengers, companyId = w.company.id) =>
  (await t.db.select({ id: table.id }).from(table).where(eq(table.companyId, companyId))).length;

/** A new visit of the company's web booker: its token. */
async function visit(companyId = w.company.id): Promise<string> {
  const data = await callData(t.app, 'Booking/GetWebBookerUserID', { companyID: companyId });
  return data.token;
}

const details = { firstName: 'Vera', surname: 'Visitor', phone: '+44 7700 900777', email: 'vera@example.com' };

function visitorBooking(extra: Partial<CallInput<'Booking/Create'>> = {}): CallInput<'Booking/Create'> {
  return {
    pickupAt: daysAhead(1),
    stops: [westminster, stPauls],
    vehicleTypeId: w.saloonId,
    newPassenger: details,
    ...extra,
  };
}

beforeAll(async () => {
  t = await createTestApp({ WEB_BOOKER_RATE_LIMIT: '200' });
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
});

describe('finding the company', () => {
  it('finds the company by its page marker, with or without the passenger tail', async () => {
    for (const identifier of [w.company.shortName, `${w.company.shortName.toLowerCase()}_PassApp`]) {
      const res = await call(t.app, 'Common/GetCompanyIdForWebBooker', { identifier });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ companyID: w.company.id, companyIdentifier: w.company.shortName });
      expect(res.body.data.look.primaryColor).toMatch(/^#/);
    }
  });

  it('answers 404 for an unknown marker and 400 for none', async () => {
    expect((await call(t.app, 'Common/GetCompanyIdForWebBooker', { identifier: 'NOPE_NOT_HERE' })).status).toBe(404);
    const empty = await callRaw(t.app, 'Common/GetCompanyIdForWebBooker', {});
    expect(empty.status).toBe(400);
    expect(fieldsOf(empty.body)).toEqual(['identifier']);
  });

  it('answers the marker of a company id, 404 for an unknown id', async () => {
    const res = await call(t.app, 'Common/GetCompanyIdentifierForWebBooker', { companyID: them.company.id });
    expect(res.body.data).toMatchObject({ companyID: them.company.id, companyIdentifier: them.company.shortName });
    expect((await call(t.app, 'Common/GetCompanyIdentifierForWebBooker', { companyID: 999_999 })).status).toBe(404);
    expect(
      fieldsOf((await callRaw(t.app, 'Common/GetCompanyIdentifierForWebBooker', { companyID: 'x' })).body),
    ).toEqual(['companyID']);
  });

  it('says how VAT is shown', async () => {
    const res = await call(t.app, 'Common/GetTaxForWebBooker', { companyID: w.company.id });
    expect(res.body.data).toMatchObject({ pricesIncludeVat: true, currency: expect.any(String) });
    expect((await call(t.app, 'Common/GetTaxForWebBooker', { companyID: 999_999 })).status).toBe(404);
  });

  it('lists the hourly-hire choices', async () => {
    const res = await call(t.app, 'Vehicle/GetHourListForWebBookerScreen', {});
    expect(res.body.data[0]).toEqual({ minutes: 60, text: '1 hour' });
  });
});

describe('a visit', () => {
  it('starts with a token and the booking-form rules, and writes a visit', async () => {
    await t.db
      .insert(bookingFormSettings)
      .values({ companyId: them.company.id, settings: { minLeadMinutes: 120, allowAsap: false } })
      .onConflictDoUpdate({
        target: bookingFormSettings.companyId,
        set: { settings: { minLeadMinutes: 120, allowAsap: false } },
      });
    const res = await call(t.app, 'Booking/GetWebBookerUserID', { companyID: them.company.id });
    expect(res.status).toBe(200);
    expect(res.body.data?.rules).toMatchObject({ minLeadMinutes: 120, allowAsap: false });
    // A lead time alone also takes "as soon as possible" off the page.
    await t.db
      .update(bookingFormSettings)
      .set({ settings: { minLeadMinutes: 30 } })
      .where(eq(bookingFormSettings.companyId, them.company.id));
    const lead = await call(t.app, 'Booking/GetWebBookerUserID', { companyID: them.company.id });
    expect(lead.body.data?.rules).toMatchObject({ minLeadMinutes: 30, allowAsap: false });
    const [row] = await t.db.select().from(webBookerVisits).where(eq(webBookerVisits.id, res.body.data!.userID));
    expect(row?.companyId).toBe(them.company.id);
    expect((await call(t.app, 'Booking/GetWebBookerUserID', { companyID: 999_999 })).status).toBe(404);
  });

  it('opens nothing of the office to a visitor token', async () => {
    const token = await visit();
    expect((await call(t.app, 'Booking/GetTableSummary', {}, token)).status).toBe(403);
    expect((await call(t.app, 'Passenger/GetTableSummary', {}, token)).status).toBe(403);
    expect((await callRaw(t.app, 'Booking/Update', { id: 1, pickupAt: daysAhead(2) }, token)).status).toBe(403);
  });
});

describe('Vehicle/GetVehiclePricingListForWebBooker', () => {
  const journey = { stops: [westminster, stPauls], pickupAt: daysAhead(1), passengerCount: 1, luggageCount: 0 };

  it('prices every active type that fits, through the server', async () => {
    const token = await visit();
    const res = await call(t.app, 'Vehicle/GetVehiclePricingListForWebBooker', journey, token);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((r) => r.vehicleTypeId);
    expect(ids).toEqual(expect.arrayContaining([w.saloonId, w.mpvId]));
    expect(ids).not.toContain(w.offTypeId);
    const quote = await call(
      t.app,
      'Booking/GetBookingQuote',
      { stops: journey.stops, vehicleTypeId: w.saloonId, pickupAt: journey.pickupAt },
      w.admin.accessToken,
    );
    expect(res.body.data.find((r) => r.vehicleTypeId === w.saloonId)?.priceMinor).toBe(quote.body.data.priceMinor);
  });

  it('leaves out the types with too few seats: none for 9 passengers', async () => {
    const token = await visit();
    const five = await call(
      t.app,
      'Vehicle/GetVehiclePricingListForWebBooker',
      { ...journey, passengerCount: 5 },
      token,
    );
    expect(five.body.data.map((r) => r.vehicleTypeId)).toEqual([w.mpvId]);
    const nine = await call(
      t.app,
      'Vehicle/GetVehiclePricingListForWebBooker',
      { ...journey, passengerCount: 9 },
      token,
    );
    expect(nine.body.data).toEqual([]);
  });

  it('refuses a pick-up in the past, an unplaced pick-up, and no token', async () => {
    const token = await visit();
    const past = await call(
      t.app,
      'Vehicle/GetVehiclePricingListForWebBooker',
      { ...journey, pickupAt: daysAhead(-1) },
      token,
    );
    expect(past.status).toBe(400);
    expect(fieldsOf(past.body)).toEqual(['pickupAt']);
    const nowhere = await call(
      t.app,
      'Vehicle/GetVehiclePricingListForWebBooker',
      { ...journey, stops: [{ address: 'Zzqx Nowhere Lane 999' }, stPauls] },
      token,
    );
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors?.[0]).toMatchObject({
      field: 'stops.0',
      message: 'We could not find that pick-up address: choose one from the list.',
    });
    expect((await call(t.app, 'Vehicle/GetVehiclePricingListForWebBooker', journey)).status).toBe(401);
  });
});

describe('Booking/GetPassengerForWebBooker', () => {
  it("never attaches a visitor to someone else's record, reuses the visitor's own, and answers the same either way", async () => {
    const before = await countRows(passengers);
    const theirs = await call(
      t.app,
      'Booking/GetPassengerForWebBooker',
      { firstName: 'Someone', surname: 'Else', phone: '+44 7700 900001', email: 'x@example.com' },
      await visit(),
    );
    const fresh = { firstName: 'New', surname: 'Person', phone: '+44 7700 900555', email: 'new@example.com' };
    const first = await call(t.app, 'Booking/GetPassengerForWebBooker', fresh, await visit());
    const again = await call(
      t.app,
      'Booking/GetPassengerForWebBooker',
      { ...fresh, email: 'NEW@example.com' },
      await visit(),
    );
    for (const res of [theirs, first, again]) expect(res.status).toBe(200);
    expect(theirs.body.message).toBe(first.body.message);
    expect(Object.keys(theirs.body.data ?? {})).toEqual(Object.keys(first.body.data ?? {}));
    // Ada's phone with another name: a record of the visitor's own; the same visitor again: theirs reused.
    expect(await countRows(passengers)).toBe(before + 2);
    const [ada] = await t.db.select().from(passengers).where(eq(passengers.id, w.passengerId));
    expect(ada?.firstName).toBe('Ada');
    const visits = await t.db.select({ passengerId: webBookerVisits.passengerId }).from(webBookerVisits);
    expect(visits.map((v) => v.passengerId)).not.toContain(w.passengerId);
  });

  it('names a missing or wrong field, writes nothing, and needs a token', async () => {
    const before = await countRows(passengers);
    const token = await visit();
    const res = await callRaw(t.app, 'Booking/GetPassengerForWebBooker', { ...details, email: 'not-mail' }, token);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['email']);
    const missing = await call(t.app, 'Booking/GetPassengerForWebBooker', { firstName: 'Only' }, token);
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['surname']);
    expect((await call(t.app, 'Booking/GetPassengerForWebBooker', details)).status).toBe(401);
    expect(await countRows(passengers)).toBe(before);
  });
});

describe('a visitor books', () => {
  it('arrives pending, priced by the server whatever price was sent, on the office list', async () => {
    const token = await visit();
    const res = await call(
      t.app,
      'Booking/Create',
      visitorBooking({ priceMinor: 1, paymentMethod: 'account', source: 'office', clientId: w.clientId }),
      token,
    );
    expect(res.status).toBe(200);
    const made = res.body.data!;
    expect(made).toMatchObject({ status: 'pending', source: 'web', clientId: null, paymentMethod: 'cash' });
    const quote = await call(
      t.app,
      'Booking/GetBookingQuote',
      { stops: [westminster, stPauls], vehicleTypeId: w.saloonId, pickupAt: daysAhead(1) },
      w.admin.accessToken,
    );
    expect(made.priceMinor).toBe(quote.body.data.priceMinor);
    expect(made.priceMinor).not.toBe(1);
    expect(made.confirmationToken).toMatch(/^[\w-]{40,}$/);

    const office = await call(t.app, 'Booking/GetTableSummary', { id: made.id }, w.dispatcher.accessToken);
    expect(office.body.data[0]).toMatchObject({ id: made.id, status: 'pending', passengerName: 'Vera Visitor' });

    const confirmation = await call(t.app, 'Booking/GetConformationWebBookerBookingDetails', {
      companyID: w.company.id,
      token: made.confirmationToken!,
    });
    expect(confirmation.status).toBe(200);
    expect(confirmation.body.data).toMatchObject({
      bookingId: made.id,
      status: 'pending',
      priceMinor: made.priceMinor,
    });
  });

  it('uses the details given earlier in the visit', async () => {
    const token = await visit();
    await callData(t.app, 'Booking/GetPassengerForWebBooker', details, token);
    const { newPassenger: _n, ...rest } = visitorBooking();
    const res = await call(t.app, 'Booking/Create', rest, token);
    expect(res.status).toBe(200);
    expect(res.body.data?.passengerName).toBe('Vera Visitor');
  });

  it('makes one booking per visit', async () => {
    const token = await visit();
    expect((await call(t.app, 'Booking/Create', visitorBooking(), token)).status).toBe(200);
    const before = await countRows(bookings);
    const again = await call(t.app, 'Booking/Create', visitorBooking(), token);
    expect(again.status).toBe(409);
    expect(await countRows(bookings)).toBe(before);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    await t.db
      .insert(bookingFormSettings)
      .values({ companyId: w.company.id, settings: { minLeadMinutes: 60 } })
      .onConflictDoUpdate({ target: bookingFormSettings.companyId, set: { settings: { minLeadMinutes: 60 } } });
    const soon = new Date(Date.now() + 20 * 60_000).toISOString();
    const cases: [Partial<CallInput<'Booking/Create'>>, string][] = [
      [{ pickupAt: daysAhead(-1) }, 'pickupAt'],
      [{ pickupAt: soon }, 'pickupAt'],
      [{ pickupAt: undefined, isAsap: true }, 'isAsap'],
      [{ vehicleTypeId: 999_999 }, 'vehicleTypeId'],
      [{ vehicleTypeId: them.saloonId }, 'vehicleTypeId'],
      [{ stops: [{ address: 'Zzqx Nowhere Lane 999' }, stPauls] }, 'stops.0'],
      [{ passengerId: w.passengerId, newPassenger: undefined }, 'passengerId'],
      [{ newPassenger: undefined }, 'newPassenger'],
      [{ isBackEntry: true, pickupAt: daysAhead(-1) }, 'isBackEntry'],
      [{ repeat: { weekDays: [1], endDate: daysAhead(20).slice(0, 10) } }, 'repeat'],
    ];
    const bookingsBefore = await countRows(bookings);
    const passengersBefore = await countRows(passengers);
    for (const [extra, field] of cases) {
      const res = await call(t.app, 'Booking/Create', visitorBooking(extra), await visit());
      expect(res.status, field).toBe(400);
      expect(fieldsOf(res.body), field).toEqual([field]);
    }
    expect(await countRows(bookings)).toBe(bookingsBefore);
    expect(await countRows(passengers)).toBe(passengersBefore);
    const unplaced = await call(
      t.app,
      'Booking/Create',
      visitorBooking({ stops: [{ address: 'Zzqx Nowhere Lane 999' }, stPauls] }),
      await visit(),
    );
    expect(unplaced.body.message).toContain('We could not find that pick-up address: choose one from the list');
    await t.db.delete(bookingFormSettings).where(eq(bookingFormSettings.companyId, w.company.id));
  });

  it("keeps company B's visitors to company B, and A's confirmation unreadable through B", async () => {
    const token = await visit(them.company.id);
    const res = await call(t.app, 'Booking/Create', visitorBooking({ pickupAt: daysAhead(2) }), token);
    // Company A's vehicle type is not company B's.
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['vehicleTypeId']);

    const mine = await callData(t.app, 'Booking/Create', visitorBooking(), await visit());
    const through = await call(t.app, 'Booking/GetConformationWebBookerBookingDetails', {
      companyID: them.company.id,
      token: mine.confirmationToken!,
    });
    expect(through.status).toBe(404);
    const guessed = await call(t.app, 'Booking/GetConformationWebBookerBookingDetails', {
      companyID: w.company.id,
      token: 'not-a-real-token',
    });
    expect(guessed.status).toBe(404);
    const theirs = await call(t.app, 'Booking/GetTableSummary', { perPage: 0 }, them.admin.accessToken);
    expect(theirs.body.data.map((b) => b.id)).not.toContain(mine.id);
  });
});

describe('a signed-in passenger books', () => {
  it('books for themselves only, from the passenger app, priced by the server', async () => {
    const user = await createUser(t.db, w.company.id, 'passenger');
    const passenger = await signIn(t.app, user.email);
    const own = await call(t.app, 'Booking/GetPassengerForWebBooker', {}, passenger.accessToken);
    expect(own.status).toBe(200);
    const res = await call(
      t.app,
      'Booking/Create',
      visitorBooking({ passengerId: w.passengerId, priceMinor: 5 }),
      passenger.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', source: 'passenger_app' });
    expect(res.body.data?.passengerId).not.toBe(w.passengerId);
    expect(res.body.data?.priceMinor).not.toBe(5);
    const [row] = await t.db
      .select({ passengerId: bookings.passengerId })
      .from(bookings)
      .where(and(eq(bookings.companyId, w.company.id), eq(bookings.id, res.body.data!.id)));
    expect(row?.passengerId).toBe(passenger.session.uniqueTypeID);
  });
});

describe('a client portal user books', () => {
  it("prices by the client's model and books for the client's own passengers, on account", async () => {
    const user = await createUser(t.db, w.company.id, 'client');
    await t.db.update(users).set({ clientId: w.clientId }).where(eq(users.id, user.id));
    const portal = await signIn(t.app, user.email);
    const contract = await callData(
      t.app,
      'Pricing/Create',
      {
        kind: 'standard',
        name: 'Portal contract',
        baseFare: 0,
        mileageSteps: [{ fromKm: 0, ratePerKm: 10 }],
        minimumFare: 770,
      },
      w.admin.accessToken,
    );
    await callData(
      t.app,
      'ClientPricingModelAssignment/Update',
      { clientID: w.clientId, pricingModelID: contract.id },
      w.admin.accessToken,
    );
    const prices = await call(
      t.app,
      'Vehicle/GetVehiclePricingListForClientPortal',
      { stops: [westminster, stPauls], pickupAt: daysAhead(1), passengerCount: 1, luggageCount: 0 },
      portal.accessToken,
    );
    expect(prices.status).toBe(200);
    expect(prices.body.data.length).toBeGreaterThan(0);
    expect(prices.body.data.every((row) => row.priceMinor === 770)).toBe(true);

    const [own] = await t.db
      .insert(passengers)
      .values({ companyId: w.company.id, clientId: w.clientId, firstName: 'Cora', surname: 'Client' })
      .returning({ id: passengers.id });
    const made = await call(
      t.app,
      'Booking/Create',
      {
        pickupAt: daysAhead(1),
        stops: [westminster, stPauls],
        vehicleTypeId: w.saloonId,
        passengerId: own!.id,
        priceMinor: 1,
        clientReferences: [{ referenceId: w.referencePoId, value: 'PO-1234' }],
      },
      portal.accessToken,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      status: 'pending',
      source: 'client_portal',
      clientId: w.clientId,
      paymentMethod: 'account',
      priceMinor: 770,
    });
    const stranger = await call(
      t.app,
      'Booking/Create',
      { pickupAt: daysAhead(1), stops: [westminster, stPauls], vehicleTypeId: w.saloonId, passengerId: w.passengerId },
      portal.accessToken,
    );
    expect(stranger.status).toBe(400);
    expect(fieldsOf(stranger.body)).toEqual(['passengerId']);
  });
});

describe('rate limit', () => {
  it('answers 429 past the limit of an address, and other addresses go on', async () => {
    const ask = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/Vehicle/GetHourListForWebBookerScreen',
        headers: { 'x-forwarded-for': ip },
        payload: {},
      });
    let last = 0;
    for (let i = 0; i <= 200; i += 1) last = (await ask('203.0.113.9')).statusCode;
    expect(last).toBe(429);
    const refused = await ask('203.0.113.9');
    expect(refused.json()).toMatchObject({ code: 429, message: expect.stringMatching(/Too many requests/) });
    expect((await ask('203.0.113.10')).statusCode).toBe(200);
  });
});

describe("a passenger's own bookings", () => {
  it('lists only their own bookings, whatever filter is sent', async () => {
    const me = await signIn(t.app, (await createUser(t.db, w.company.id, 'passenger')).email);
    const mine = await callData(t.app, 'Booking/Create', visitorBooking(), me.accessToken);
    const someoneElse = await callData(
      t.app,
      'Booking/Create',
      { pickupAt: daysAhead(1), stops: [westminster, stPauls], vehicleTypeId: w.saloonId, passengerId: w.passengerId },
      w.admin.accessToken,
    );
    const all = await call(t.app, 'Booking/GetTableSummary', { perPage: 0 }, me.accessToken);
    expect(all.status).toBe(200);
    expect(all.body.data.map((b) => b.id)).toEqual([mine.id]);
    const asked = await call(
      t.app,
      'Booking/GetTableSummary',
      { passengerId: w.passengerId, id: someoneElse.id },
      me.accessToken,
    );
    expect(asked.body.data).toEqual([]);
    const driver = await signIn(t.app, (await createUser(t.db, w.company.id, 'driver')).email);
    expect((await call(t.app, 'Booking/GetTableSummary', {}, driver.accessToken)).status).toBe(403);
  });

  it('cancels their own upcoming booking, nothing else', async () => {
    const me = await signIn(t.app, (await createUser(t.db, w.company.id, 'passenger')).email);
    const mine = await callData(t.app, 'Booking/Create', visitorBooking(), me.accessToken);
    const other = await callData(t.app, 'Booking/Create', visitorBooking(), await visit());
    expect(
      (await call(t.app, 'Booking/UpdateBookingStatus', { id: other.id, move: 'cancel' }, me.accessToken)).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'Booking/UpdateBookingStatus', { id: mine.id, move: 'confirm' }, me.accessToken)).status,
    ).toBe(403);
    const res = await call(t.app, 'Booking/UpdateBookingStatus', { id: mine.id, status: 'cancelled' }, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data?.status).toBe('cancelled');

    const onRoute = await callData(t.app, 'Booking/Create', visitorBooking(), me.accessToken);
    await t.db
      .update(bookings)
      .set({ status: 'on_route' })
      .where(and(eq(bookings.companyId, w.company.id), eq(bookings.id, onRoute.id)));
    const late = await call(t.app, 'Booking/UpdateBookingStatus', { id: onRoute.id, move: 'cancel' }, me.accessToken);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ currentStatus: 'on_route' });
  });
});

describe('Booking/GetPlacesForWebBooker', () => {
  it("finds the company's known places, never another customer's past address", async () => {
    await callData(
      t.app,
      'Booking/Create',
      {
        pickupAt: daysAhead(1),
        stops: [{ address: 'Quillfeather Mews 12', lat: 51.5, lng: -0.12 }, stPauls],
        vehicleTypeId: w.saloonId,
        passengerId: w.passengerId,
      },
      w.admin.accessToken,
    );
    const token = await visit();
    const heathrow = await call(t.app, 'Booking/GetPlacesForWebBooker', { text: 'heathrow 5' }, token);
    expect(heathrow.status).toBe(200);
    expect(heathrow.body.data[0]).toMatchObject({ source: 'known_location', placeName: 'Heathrow Terminal 5' });
    const secret = await call(t.app, 'Booking/GetPlacesForWebBooker', { text: 'Quillfeather Mews' }, token);
    expect(secret.body.data.map((p) => p.address)).not.toContain('Quillfeather Mews 12');
    const office = await call(t.app, 'Booking/GetAddressPlaces', { text: 'Quillfeather Mews' }, w.admin.accessToken);
    expect(office.body.data.map((p) => p.address)).toContain('Quillfeather Mews 12');
    expect(fieldsOf((await callRaw(t.app, 'Booking/GetPlacesForWebBooker', {}, token)).body)).toEqual(['text']);
    expect((await call(t.app, 'Booking/GetPlacesForWebBooker', { text: 'heathrow' })).status).toBe(401);
  });
});
