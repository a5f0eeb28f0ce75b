import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltName, CallInput } from '@cabdesk/contract';
import { bookings } from '../src/domains/bookings/schema';
import { companies } from '../src/domains/company/schema';
import { vehicleTypes } from '../src/domains/vehicles/schema';
import { call, callData } from './client';
import { createTestApp, type TestApp } from './harness';
import { bookingBody, bookingWorld, type BookingWorld, heathrow, stPauls, westminster } from './factories-bookings';

const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

let t: TestApp;
let w: BookingWorld;
let them: BookingWorld;
let cityId: number;
let contractId: number;

const quote = (body: CallInput<'Booking/GetBookingQuote'>, token = w.admin.accessToken) =>
  call(t.app, 'Booking/GetBookingQuote', body, token);
const as = <K extends BuiltName>(name: K, body: CallInput<K>, token = w.admin.accessToken) =>
  callData(t.app, name, body, token);

/** A Tuesday at a time of day (UTC, which is London's clock in winter), a month ahead. */
function tuesdayAt(hhmm: string): string {
  const d = new Date(Date.UTC(2027, 0, 12));
  const [h, m] = hhmm.split(':').map(Number);
  d.setUTCHours(h as number, m as number, 0, 0);
  return d.toISOString();
}

const city = {
  kind: 'standard' as const,
  name: 'City tariff',
  baseFare: 300,
  includedKm: 1,
  mileageSteps: [
    { fromKm: 1, toKm: 5, ratePerKm: 200 },
    { fromKm: 5, toKm: 20, ratePerKm: 150 },
    { fromKm: 20, ratePerKm: 120 },
  ],
  minimumFare: 600,
  peakTimes: [{ id: 1, name: 'Night', weekdays: [1, 2, 3, 4, 5, 6, 7], from: '22:00', to: '05:00', multiplier: '1.5' }],
  isDefault: true,
};

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
  them = await bookingWorld(t.app, t.db);
  cityId = (await as('Pricing/Create', city)).id;
  contractId = (
    await as('Pricing/Create', {
      kind: 'standard',
      name: 'Acme contract',
      baseFare: 0,
      mileageSteps: [{ fromKm: 0, ratePerKm: 100 }],
      minimumFare: 1000,
    })
  ).id;
  await as('ClientPricingModelAssignment/Update', { clientID: w.clientId, pricingModelID: contractId });
});

describe('Booking/GetBookingQuote on the fare engine', () => {
  it('prices by the company default, with the night peak at 23:30 and 00:30 and not at noon', async () => {
    const noon = await quote({ stops: [westminster, heathrow], pickupAt: tuesdayAt('12:00') });
    expect(noon.status).toBe(200);
    expect(noon.body.data.breakdown.pricedBy).toMatchObject({ id: cityId, version: 1, via: 'companyDefault' });
    expect(noon.body.data.breakdown.items.map((i) => i.code)).not.toContain('peak');
    for (const time of ['23:30', '00:30']) {
      const night = await quote({ stops: [westminster, heathrow], pickupAt: tuesdayAt(time) });
      expect(night.body.data.breakdown.items.find((i) => i.code === 'peak')?.label).toContain('Night');
      expect(night.body.data.priceMinor).toBeGreaterThan(noon.body.data.priceMinor);
    }
    const sum = noon.body.data.breakdown.items.reduce((total, i) => total + i.amount, 0);
    expect(sum).toBe(noon.body.data.priceMinor);
    expect(noon.body.data.breakdown.net + noon.body.data.breakdown.vat).toBe(noon.body.data.priceMinor);
  });

  it("prices a client's journey by the client's model and says why the default was not needed", async () => {
    const res = await quote({ stops: [westminster, stPauls], clientId: w.clientId, pickupAt: tuesdayAt('12:00') });
    expect(res.body.data.breakdown.pricedBy).toMatchObject({ id: contractId, via: 'clientModel' });
    // 3 km or so at £1.00 a km is under the contract's £10.00 minimum.
    expect(res.body.data.priceMinor).toBe(1000);
    const steps = res.body.data.breakdown.considered.map((c) => [c.kind, c.matched]);
    expect(steps).toContainEqual(['clientModel', true]);
    expect(steps).toContainEqual(['companyDefault', false]);
    const other = await quote({
      stops: [westminster, stPauls],
      clientId: w.otherClientId,
      pickupAt: tuesdayAt('12:00'),
    });
    expect(other.body.data.breakdown.pricedBy.via).toBe('companyDefault');
  });

  it('prices under one chosen model, and names pricingModelID for a model of another company', async () => {
    const res = await quote({ stops: [westminster, heathrow], pricingModelID: contractId });
    expect(res.body.data.breakdown.pricedBy).toMatchObject({ id: contractId, via: 'chosenModel' });
    const theirs = await as(
      'Pricing/Create',
      { kind: 'standard', name: 'Theirs', mileageSteps: [{ fromKm: 0, ratePerKm: 50 }] },
      them.admin.accessToken,
    );
    const refused = await quote({ stops: [westminster, heathrow], pricingModelID: theirs.id });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(['pricingModelID']);
  });

  it('lets a fixed price win first, by postcode district, either way round when the row says so', async () => {
    await as('FixedPricing/Create', {
      fromKey: 'postcode:SW1A',
      toKey: 'postcode:TW6',
      priceMinor: 5500,
      reverseAlsoMatches: true,
    });
    const out = await quote({ stops: [westminster, heathrow], clientId: w.clientId, pickupAt: tuesdayAt('12:00') });
    expect(out.body.data.priceMinor).toBe(5500);
    expect(out.body.data.breakdown.pricedBy.via).toBe('fixedPrice');
    expect(out.body.data.isEstimate).toBe(false);
    const back = await quote({ stops: [heathrow, westminster], pickupAt: tuesdayAt('12:00') });
    expect(back.body.data.priceMinor).toBe(5500);
    const elsewhere = await quote({ stops: [westminster, stPauls], pickupAt: tuesdayAt('12:00') });
    expect(elsewhere.body.data.breakdown.pricedBy.via).toBe('companyDefault');
  });

  it("prices by the vehicle type's model when the client has none", async () => {
    const executive = (
      await as('Pricing/Create', {
        kind: 'standard',
        name: 'Executive',
        baseFare: 2000,
        mileageSteps: [{ fromKm: 0, ratePerKm: 300 }],
      })
    ).id;
    // VehicleType/Update's own tests cover setting it through the call.
    await t.db.update(vehicleTypes).set({ pricingModelId: executive }).where(eq(vehicleTypes.id, w.mpvId));
    const res = await quote({ stops: [westminster, stPauls], vehicleTypeId: w.mpvId, pickupAt: tuesdayAt('12:00') });
    expect(res.body.data.breakdown.pricedBy).toMatchObject({ id: executive, via: 'vehicleTypeModel' });
    const client = await quote({
      stops: [westminster, stPauls],
      vehicleTypeId: w.mpvId,
      clientId: w.clientId,
      pickupAt: tuesdayAt('12:00'),
    });
    expect(client.body.data.breakdown.pricedBy.via).toBe('clientModel');
  });

  it('adds VAT on top for a company whose prices exclude it, net and VAT adding up to the price', async () => {
    await t.db
      .update(companies)
      .set({ isVatRegistered: true, pricesIncludeVat: false })
      .where(eq(companies.id, them.company.id));
    const res = await quote({ stops: [westminster, heathrow], pickupAt: tuesdayAt('12:00') }, them.admin.accessToken);
    const vat = res.body.data.breakdown.items.find((i) => i.code === 'vat');
    expect(vat?.amount).toBeGreaterThan(0);
    expect(res.body.data.breakdown.vatMode).toBe('exclusive');
    expect(res.body.data.breakdown.net + res.body.data.breakdown.vat).toBe(res.body.data.priceMinor);
    expect(res.body.data.breakdown.vat).toBe(vat?.amount);
  });
});

describe('Bookings keep the price they were agreed at', () => {
  it('stores the version and breakdown; a later tariff change prices new journeys only', async () => {
    const made = await as('Booking/Create', bookingBody(w, { pickupAt: tuesdayAt('12:00') }));
    expect(made.priceBreakdown?.pricedBy).toMatchObject({ id: cityId, version: 1 });
    expect(made.priceMinor).toBe(made.priceBreakdown?.price);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.id));
    expect(row?.pricingModelVersionId).not.toBeNull();

    await as('Pricing/Update', { ...city, id: cityId, baseFare: 900 });
    const again = await as('Booking/GetBookingDetails', { id: made.id });
    expect(again.priceMinor).toBe(made.priceMinor);
    expect(again.priceBreakdown?.pricedBy.version).toBe(1);
    const fresh = await quote({ stops: bookingBody(w).stops, pickupAt: tuesdayAt('12:00'), vehicleTypeId: w.saloonId });
    expect(fresh.body.data.breakdown.pricedBy.version).toBe(2);
    expect(fresh.body.data.priceMinor).toBeGreaterThan(made.priceMinor ?? 0);
  });

  it("keeps the office's own price with the tariff's answer beside it", async () => {
    const made = await as('Booking/Create', bookingBody(w, { priceMinor: 4321, pickupAt: tuesdayAt('12:00') }));
    expect(made.priceMinor).toBe(4321);
    expect(made.priceBreakdown?.override).toMatchObject({ price: 4321 });
    expect(made.priceBreakdown?.price).not.toBe(4321);
  });

  it('ignores a price sent from outside the office: the server prices', async () => {
    const made = await as(
      'Booking/Create',
      bookingBody(w, { priceMinor: 1, source: 'web', pickupAt: tuesdayAt('12:00') }),
    );
    expect(made.status).toBe('pending');
    expect(made.priceMinor).toBe(made.priceBreakdown?.price);
    expect(made.priceMinor).toBeGreaterThan(1);
    expect(made.priceBreakdown?.override).toBeUndefined();
  });
});
