import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '@cabdesk/contract';
import { bookings, bookingStops } from '../src/domains/bookings/schema';
import { nominatim, photon } from '../src/domains/places/geocoder';
import { postcodeIn, wordsOf } from '../src/domains/places/places';
import { ConfigError, loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { bookingBody, bookingWorld, type BookingWorld, westminster } from './factories-bookings';

/**
 * An address service on loopback standing for Nominatim and Photon: it knows one street, answers
 * nothing for anything else, and fails for "broken". Nothing here reaches the internet.
 */
const asked: URL[] = [];
let service: Server;
let serviceUrl: string;

function startService(): Promise<void> {
  service = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    asked.push(url);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    res.setHeader('content-type', 'application/json');
    if (q.includes('broken')) {
      res.statusCode = 500;
      res.end('{}');
      return;
    }
    const known = q.includes('acacia avenue');
    if (url.pathname.endsWith('/search')) {
      res.end(
        JSON.stringify(
          known
            ? [
                {
                  lat: '52.2053',
                  lon: '0.1218',
                  name: 'Acacia Avenue',
                  display_name: '4 Acacia Avenue, Cambridge, CB1 2AB, United Kingdom',
                  address: { postcode: 'CB1 2AB', city: 'Cambridge' },
                },
                { lat: 'not a number', lon: '1' },
              ]
            : [],
        ),
      );
      return;
    }
    if (url.pathname.endsWith('/api')) {
      res.end(
        JSON.stringify({
          type: 'FeatureCollection',
          features: known
            ? [
                {
                  geometry: { type: 'Point', coordinates: [0.1218, 52.2053] },
                  properties: { housenumber: '4', street: 'Acacia Avenue', city: 'Cambridge', postcode: 'CB1 2AB' },
                },
              ]
            : [],
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end('[]');
  });
  return new Promise((done) =>
    service.listen(0, '127.0.0.1', () => {
      serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/geo`;
      done();
    }),
  );
}

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;

const search = (input: CallInput<'Booking/GetAddressPlaces'>, token = w.dispatcher.accessToken) =>
  call(t.app, 'Booking/GetAddressPlaces', input, token);
const create = (body: CallInput<'Booking/Create'>, token = w.dispatcher.accessToken) =>
  call(t.app, 'Booking/Create', body, token);
const countBookings = async () =>
  (await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.companyId, w.company.id))).length;
const nowhere = { address: 'Flurble Wibbleton Grange' };
/** An address nobody knows until a pin is dropped for it; then it is a past address. */
const pinnedLater = { address: 'Quibble Snark Hollow' };
const reading = { address: '12 Queen Street, Reading RG1 1AA' };

beforeAll(async () => {
  await startService();
  t = await createTestApp({ GEOCODER_URL: serviceUrl, GEOCODER_KIND: 'nominatim' });
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
});
afterAll(() => new Promise<void>((done) => service.close(() => done())));

describe('reading a typed address', () => {
  it('finds a full UK postcode inside an address and splits words', () => {
    expect(postcodeIn('12 Queen Street, Reading rg11aa')).toBe('RG1 1AA');
    expect(postcodeIn('Flat 2, 10 High Street')).toBeNull();
    expect(wordsOf("St Paul's, LONDON  london")).toEqual(['st', "paul's", 'london']);
  });

  it('configures the address service by kind and names a wrong one', () => {
    expect(loadConfig({}).geocoder).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: 'https://photon.example', GEOCODER_KIND: 'photon' }).geocoder).toEqual({
      url: 'https://photon.example',
      kind: 'photon',
    });
    expect(loadConfig({ GEOCODER_URL: 'https://nominatim.example' }).geocoder?.kind).toBe('nominatim');
    expect(() => loadConfig({ GEOCODER_URL: 'nominatim.example' })).toThrow(/GEOCODER_URL: must be/);
    expect(() => loadConfig({ GEOCODER_KIND: 'google' })).toThrow(ConfigError);
  });

  it('reads Nominatim and Photon answers from a service on loopback', async () => {
    const [n] = await nominatim(serviceUrl).search('4 Acacia Avenue', 5);
    expect(n).toMatchObject({ lat: 52.2053, lng: 0.1218, postcode: 'CB1 2AB' });
    const [p] = await photon(serviceUrl).search('4 Acacia Avenue', 5);
    expect(p).toMatchObject({ lat: 52.2053, lng: 0.1218, address: '4 Acacia Avenue, Cambridge, CB1 2AB' });
    expect(await photon(serviceUrl).search('nothing here', 5)).toEqual([]);
    await expect(nominatim(serviceUrl).search('broken street', 5)).rejects.toThrow();
    const last = asked.find((u) => u.pathname === '/geo/search');
    expect(last?.searchParams.get('format')).toBe('jsonv2');
  });
});

describe('Booking/GetAddressPlaces', () => {
  it('places a free-text address by the district of its postcode', async () => {
    const res = await search({ text: reading.address });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ source: 'postcode_district', postcode: 'RG1 1AA' });
    expect(res.body.data[0]?.lat).toBeCloseTo(51.455, 2);
    expect(res.body.data[0]?.lng).toBeCloseTo(-0.971, 2);
  });

  it("offers the company's past addresses by their words in any order, never another company's", async () => {
    const kingfisher = { address: 'Flat 3, 27 Kingfisher Court, Brentford', lat: 51.4863, lng: -0.3091 };
    expect((await create(bookingBody(w, { stops: [kingfisher, westminster] }))).status).toBe(200);
    const ours = await search({ text: 'brentford kingfisher 27' });
    expect(ours.body.data[0]).toMatchObject({ source: 'past_address', address: kingfisher.address, lat: 51.4863 });
    const theirs = await search({ text: 'brentford kingfisher 27' }, them.dispatcher.accessToken);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((p) => p.address)).not.toContain(kingfisher.address);
    expect(theirs.body.data.some((p) => p.source === 'past_address')).toBe(false);
  });

  it('offers known places, then asks the address service only when nothing of ours matched', async () => {
    const before = asked.length;
    const known = await search({ text: 'terminal heathrow' });
    expect(known.body.data[0]).toMatchObject({ source: 'known_location', placeName: 'Heathrow Terminal 5' });
    expect(asked.length).toBe(before);
    const far = await search({ text: '4 Acacia Avenue' });
    expect(far.body.data).toEqual([
      expect.objectContaining({ source: 'provider', postcode: 'CB1 2AB', lat: 52.2053, lng: 0.1218 }),
    ]);
    expect(asked.length).toBe(before + 1);
    expect((await search({ text: nowhere.address })).body.data).toEqual([]);
  });

  it('answers 502 in words when the address service fails, and 400 for nothing typed', async () => {
    const res = await search({ text: 'broken lane' });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/place the address on the map/);
    const empty = await search({ text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.field).toBe('text');
    expect((await search({ text: 'x' }, w.driver.accessToken)).status).toBe(403);
  });
});

describe('saving a booking with addresses nobody placed', () => {
  it('places a free-text address with a postcode when the booking is saved, and prices it', async () => {
    const res = await create(bookingBody(w, { stops: [reading, westminster] }));
    expect(res.status).toBe(200);
    const b = res.body.data;
    expect(b.stops[0]?.lat).toBeCloseTo(51.455, 2);
    expect(b.priceMinor).toBeGreaterThan(0);
    expect(b.distanceMetres).toBeGreaterThan(50_000);
    expect(b.isUnplaced).toBe(false);
  });

  it('refuses an office booking with an unplaced stop unless the person confirms, naming the stop', async () => {
    const before = await countBookings();
    const res = await create(bookingBody(w, { stops: [westminster, nowhere] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'stops.1',
        message: `We could not find '${nowhere.address}': place the drop-off on the map, or confirm saving it not placed and not priced.`,
        rule: `We could not find '${nowhere.address}': place the drop-off on the map, or confirm saving it not placed and not priced.`,
      },
    ]);
    expect(await countBookings()).toBe(before);
  });

  it('saves it unplaced when confirmed, with no price, and flags it on the list and the board', async () => {
    const res = await create(bookingBody(w, { stops: [westminster, nowhere], allowUnplaced: true }));
    expect(res.status).toBe(200);
    const b = res.body.data;
    expect(b).toMatchObject({ isUnplaced: true, priceMinor: null, distanceMetres: null });
    expect(b.stops[1]).toMatchObject({ address: nowhere.address, lat: null, lng: null });
    const list = await call(t.app, 'Booking/GetTableSummary', { perPage: 100 }, w.dispatcher.accessToken);
    const rows = list.body.data;
    expect(rows.find((r) => r.id === b.id)?.isUnplaced).toBe(true);
    expect(rows.filter((r) => r.id !== b.id).every((r) => !r.isUnplaced)).toBe(true);
    const board = await call(
      t.app,
      'Booking/GetBookingDispatch',
      { date: b.pickupAt.slice(0, 10) },
      w.dispatcher.accessToken,
    );
    const line = board.body.data.tabs.flatMap((tab) => tab.data).find((r) => r.id === b.id);
    expect(line?.isUnplaced).toBe(true);
  });

  it('never saves a booking from outside the office without a placed pick-up, even if asked', async () => {
    const before = await countBookings();
    for (const source of ['passenger_app', 'web', 'client_portal', 'api'] as const) {
      const res = await create(bookingBody(w, { stops: [nowhere, westminster], source, allowUnplaced: true }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Place the pick-up on the map: we could not find '${nowhere.address}'.`);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['stops.0']);
    }
    expect(await countBookings()).toBe(before);
    const placed = await create(
      bookingBody(w, {
        stops: [{ address: 'Dropped Pin Yard', lat: 51.5, lng: -0.12 }, westminster],
        source: 'passenger_app',
      }),
    );
    expect(placed.status).toBe(200);
    expect(placed.body.data.status).toBe('pending');
  });

  it('asks the same on a change of stops, and stores a pin the person dropped', async () => {
    const made = (await create(bookingBody(w))).body.data;
    const change = (extra: Partial<CallInput<'Booking/Update'>>) =>
      call(
        t.app,
        'Booking/Update',
        { id: made.id, version: made.version, stops: [westminster, pinnedLater], ...extra },
        w.dispatcher.accessToken,
      );
    const refused = await change({});
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('stops.1');
    const remote = await change({ source: 'client_portal', allowUnplaced: true });
    expect(remote.status).toBe(400);
    const pinned = await change({ stops: [westminster, { ...pinnedLater, lat: 51.52, lng: -0.1 }] });
    expect(pinned.status).toBe(200);
    const stops = await t.db
      .select({ lat: bookingStops.lat, lng: bookingStops.lng })
      .from(bookingStops)
      .where(and(eq(bookingStops.companyId, w.company.id), eq(bookingStops.bookingId, made.id)));
    expect(stops.map((s) => [Number(s.lat), Number(s.lng)])).toContainEqual([51.52, -0.1]);
    expect(pinned.body.data.isUnplaced).toBe(false);
    // The pin dropped once places the same address next time.
    expect((await search({ text: 'snark quibble hollow' })).body.data[0]).toMatchObject({
      source: 'past_address',
      lat: 51.52,
    });
  });

  it('quotes a free-text address with a postcode and names one it cannot find', async () => {
    const q = await call(t.app, 'Booking/GetBookingQuote', { stops: [reading, westminster] }, w.dispatcher.accessToken);
    expect(q.status).toBe(200);
    expect(q.body.data.priceMinor).toBeGreaterThan(0);
    const lost = await call(
      t.app,
      'Booking/GetBookingQuote',
      { stops: [westminster, nowhere] },
      w.dispatcher.accessToken,
    );
    expect(lost.status).toBe(400);
    expect(lost.body.errors?.[0]?.field).toBe('stops.1');
  });
});
