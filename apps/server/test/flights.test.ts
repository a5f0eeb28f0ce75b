import { beforeAll, describe, expect, it } from 'vitest';
import {
  offlineFlights,
  offlinePostcodes,
  flightProviderOf,
  postcodeProviderOf,
} from '../src/domains/flights/providers';
import { normalisePostcode, placeOfPostcode } from '../src/domains/flights/outward-codes';
import { splitFlightNumber } from '../src/domains/flights/airlines';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { book, bookingWorld, type BookingWorld } from './factories-bookings';

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
});

describe('offline providers', () => {
  it('derive the same details from the same flight number and day', async () => {
    const a = await offlineFlights.details('BA123', '2030-05-01');
    const b = await offlineFlights.details('BA123', '2030-05-01');
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      airlineCode: 'BA',
      airlineName: 'British Airways',
      provider: 'offline',
      isEstimate: true,
    });
    expect(a.scheduledArrival?.startsWith('2030-05-01T')).toBe(true);
    expect(Date.parse(a.scheduledDeparture as string)).toBeLessThan(Date.parse(a.scheduledArrival as string));
    expect((await offlineFlights.details('U2 8012', '2030-05-01')).airlineName).toBe('easyJet');
    expect((await offlineFlights.details('ZZ1', '2030-05-01')).airlineName).toBeNull();
  });

  it('place UK postcodes by their outward code, or their area', async () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(placeOfPostcode('TW6 2GA')).toMatchObject({ outward: 'TW6', place: 'Heathrow Airport' });
    expect(placeOfPostcode('SW19 5AE')).toMatchObject({ outward: 'SW' });
    expect(placeOfPostcode('XZ1 0AA')).toBeNull();
    expect(await offlinePostcodes.locate('XX1 1XX')).toBeNull();
    expect(splitFlightNumber('EZY8012')).toEqual({ prefix: 'EZY', number: 8012, suffix: '' });
  });

  it('are chosen unless configuration names a live service (which tests never call)', () => {
    expect(flightProviderOf({ flightApi: undefined }).name).toBe('offline');
    expect(flightProviderOf({ flightApi: { url: 'https://flights.example', key: 'k' } }).name).toBe('http');
    expect(postcodeProviderOf({ postcodeApiUrl: undefined }).name).toBe('offline');
    expect(postcodeProviderOf({ postcodeApiUrl: 'https://api.postcodes.io' }).name).toBe('http');
    expect(t.config.flightApi).toBeUndefined();
  });
});

describe('FlightDetails/GetFlightDetails and Flight/GetFlightDetails', () => {
  it('answer flight details for a number and day', async () => {
    for (const name of ['FlightDetails/GetFlightDetails', 'Flight/GetFlightDetails'] as const) {
      const res = await call(t.app, name, { flightNumber: 'ba 123', date: '2030-05-01' }, w.dispatcher.accessToken);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        flightNumber: 'BA123',
        airlineName: 'British Airways',
        provider: 'offline',
      });
    }
  });

  it('name a bad flight number or date, and refuse a driver', async () => {
    const bad = await call(
      t.app,
      'FlightDetails/GetFlightDetails',
      { flightNumber: 'hello world' },
      w.admin.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['flightNumber']);
    const date = await call(
      t.app,
      'Flight/GetFlightDetails',
      { flightNumber: 'BA1', date: '01-05-2030' },
      w.admin.accessToken,
    );
    expect(fieldsOf(date.body)).toEqual(['date']);
    expect(
      (await call(t.app, 'FlightDetails/GetFlightDetails', { flightNumber: 'BA1' }, w.driver.accessToken)).status,
    ).toBe(403);
  });
});

describe('FlightDetails/Get', () => {
  it("answers a booking's flight on its pick-up day, null without one, 404 for another company", async () => {
    const withFlight = await book(t.app, w, { flightNumber: 'LH900' });
    const res = await call(t.app, 'FlightDetails/Get', { id: withFlight.id }, w.admin.accessToken);
    expect(res.body.data).toMatchObject({ flightNumber: 'LH900', airlineName: 'Lufthansa' });
    expect(res.body.data?.scheduledArrival?.slice(0, 10)).toBe(String(withFlight.pickupAt).slice(0, 10));
    const without = await book(t.app, w);
    expect((await call(t.app, 'FlightDetails/Get', { id: without.id }, w.admin.accessToken)).body.data).toBeNull();
    expect((await call(t.app, 'FlightDetails/Get', { id: withFlight.id }, them.admin.accessToken)).status).toBe(404);
    expect((await call(t.app, 'FlightDetails/Get', { id: withFlight.id }, w.driver.accessToken)).status).toBe(403);
  });
});

describe('FlightDetails/GetPostCode', () => {
  it("answers the company's known places first, then the postcode's area", async () => {
    const res = await call(t.app, 'FlightDetails/GetPostCode', { postcode: 'tw6' }, w.admin.accessToken);
    expect(res.body.data.map((m) => [m.source, m.placeName])).toEqual([
      ['known_location', 'Heathrow Terminal 5'],
      ['outward_code', 'Heathrow Airport'],
    ]);
    const full = await call(t.app, 'FlightDetails/GetPostCode', { postcode: 'SW1A 1AA' }, w.admin.accessToken);
    expect(full.body.data.map((m) => m.source)).toEqual(['outward_code']);
  });

  it("does not show another company's places, names a bad postcode and refuses a driver", async () => {
    const other = await call(t.app, 'FlightDetails/GetPostCode', { postcode: 'TW6 2GA' }, them.admin.accessToken);
    expect(other.body.data.filter((m) => m.source === 'known_location')).toHaveLength(1);
    const bad = await call(t.app, 'FlightDetails/GetPostCode', { postcode: 'hello' }, w.admin.accessToken);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['postcode']);
    expect((await call(t.app, 'FlightDetails/GetPostCode', { postcode: 'TW6' }, w.driver.accessToken)).status).toBe(
      403,
    );
  });
});
