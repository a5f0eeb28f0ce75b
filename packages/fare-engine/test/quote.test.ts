import { describe, expect, it } from 'vitest';
import {
  compileRules,
  PricingInputError,
  type PricingRulesInput,
  type Quote,
  quote,
  standardModelSchema,
} from '../src';
import { cityJourney, lateInJune, londonRules, noonInJune } from './fixtures';

const byCode = (q: Quote) => Object.fromEntries(q.items.map((i) => [i.code, i.amount]));
/** Rules the schema refuses, sent as a caller could. */
const unchecked = (rules: unknown) => rules as PricingRulesInput;
const total = (q: Quote) => q.items.reduce((a, i) => a + i.amount, 0);

function refusal(fn: () => unknown): PricingInputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PricingInputError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the standard model, worked', () => {
  const rules = londonRules();

  it('prices a city journey component by component', () => {
    const q = quote(cityJourney, rules, noonInJune);
    // base 3.50 (first km included); 1–5 km at 1.50 = 6.00, 5–10 km at 1.20 = 6.00, 10–12.4 km at 1.00 = 2.40;
    // 25 min at 0.20 = 5.00; 10 min waited, 5 free, 5 at 0.30 = 1.50; 5 km dead mileage, 3 free, 2 at 0.50 = 1.00
    expect(byCode(q)).toEqual({ base: 350, distance: 1440, time: 500, waiting: 150, deadMileage: 100 });
    expect(q.price).toBe(2540);
    expect(q).toMatchObject({
      net: 2117,
      vat: 423,
      currency: 'GBP',
      vatMode: 'inclusive',
      pickupLocal: '2026-06-10T12:00',
    });
    expect(q.pricedBy).toEqual({ kind: 'standard', id: 1, version: 3, name: 'Standard tariff', via: 'companyDefault' });
    expect(q.items.find((i) => i.code === 'distance')?.detail).toBe(
      '12.4 km: 1–5 km at 1.50/km, 5–10 km at 1.20/km, 10–12.4 km at 1.00/km',
    );
  });

  it('keeps charging the last band past its end, never capped', () => {
    const q = quote({ distanceMetres: 50_000 }, rules, noonInJune);
    // 4 km × 1.50 + 5 km × 1.20 + 40 km × 1.00 (the last band runs on past 20 km)
    expect(byCode(q).distance).toBe(600 + 600 + 4000);
  });

  it('applies the night peak at 23:30 as ×1.5 and says so', () => {
    const q = quote(cityJourney, rules, lateInJune);
    expect(byCode(q).peak).toBe(1270);
    expect(q.price).toBe(3810);
    expect(q.considered.find((c) => c.kind === 'peakTime')).toMatchObject({ name: 'Night', matched: true });
    expect(q.considered.find((c) => c.kind === 'peakPeriod')).toMatchObject({ name: 'Christmas', matched: false });
  });

  it('takes the peak that adds most when a peak time and a peak period both match', () => {
    // Christmas Eve 23:00 (GMT): the night peak adds 12.70 on 25.40, Christmas 20.00.
    const q = quote(cityJourney, rules, '2026-12-24T23:00:00Z');
    expect(byCode(q).peak).toBe(2000);
    const night = q.considered.find((c) => c.kind === 'peakTime');
    expect(night).toMatchObject({ matched: true });
    expect(night?.why).toMatch(/but Christmas adds more/);
  });

  it('raises a short journey to the minimum fare', () => {
    const q = quote({ distanceMetres: 1500 }, rules, noonInJune);
    expect(byCode(q)).toEqual({ base: 350, distance: 75, minimumFare: 375 });
    expect(q.price).toBe(800);
  });

  it('gives the airport pick-up its longer grace', () => {
    const q = quote({ ...cityJourney, waitingSeconds: 1800, isAirportPickup: true }, rules, noonInJune);
    expect(byCode(q).waiting).toBeUndefined();
    const town = quote({ ...cityJourney, waitingSeconds: 1800 }, rules, noonInJune);
    expect(byCode(town).waiting).toBe(750);
  });

  it('adds VAT on top when prices exclude it, as its own line', () => {
    const q = quote(cityJourney, londonRules({ vat: { mode: 'exclusive', ratePercent: '20' } }), noonInJune);
    expect(q).toMatchObject({ net: 2540, vat: 508, price: 3048 });
    expect(byCode(q).vat).toBe(508);
    expect(total(q)).toBe(q.price);
  });

  it('adds extras at their own VAT rate', () => {
    const q = quote(
      {
        ...cityJourney,
        extras: [
          { expenseTypeId: 1, quantity: 2 },
          { expenseTypeId: 2, quantity: 1 },
        ],
      },
      rules,
      noonInJune,
    );
    expect(q.items.filter((i) => i.code === 'extra').map((i) => [i.label, i.amount])).toEqual([
      ['Child seat', 1000],
      ['Parking', 350],
    ]);
    // fare 25.40 + seats 10.00 at 20 % (35.40 → net 29.50, VAT 5.90), parking 3.50 at 0 %
    expect(q).toMatchObject({ price: 3890, net: 2950 + 350, vat: 590 });
  });

  it('applies a discount last, never below the minimum fare', () => {
    const tenPercent = quote(
      { ...cityJourney, discount: { kind: 'percentage', percent: '10', code: 'SPRING' } },
      rules,
      noonInJune,
    );
    expect(byCode(tenPercent).discount).toBe(-254);
    expect(tenPercent.price).toBe(2286);
    expect(tenPercent.items.at(-1)).toMatchObject({ code: 'discount', label: 'Discount SPRING' });
    const big = quote({ distanceMetres: 3000, discount: { kind: 'fixed', amount: 5000 } }, rules, noonInJune);
    // 3.50 + 2 km × 1.50 = 6.50 → minimum 8.00, and the discount cannot take it lower
    expect(big.price).toBe(800);
    expect(byCode(big).discount).toBe(0);
  });

  it('rounds the fare to the company step, never below the minimum', () => {
    const up = londonRules({ rounding: { mode: 'half-up', step: 50, stepMode: 'up' } });
    expect(quote(cityJourney, up, noonInJune)).toMatchObject({ price: 2550 });
    expect(byCode(quote(cityJourney, up, noonInJune)).rounding).toBe(10);
    const down = londonRules({ rounding: { mode: 'half-up', step: 300, stepMode: 'down' } });
    // 8.00 rounded down to 3.00 steps would be 6.00: below the minimum, so up to 9.00
    expect(quote({ distanceMetres: 1500 }, down, noonInJune).price).toBe(900);
  });
});

describe('models and precedence', () => {
  const rules = londonRules();

  it('a matching fixed-price row wins over every model, and says why the others did not price', () => {
    const q = quote(
      {
        ...cityJourney,
        clientId: 900,
        vehicleTypeId: 2,
        pickupLocationKeys: ['location:7', 'zone:40'],
        dropoffLocationKeys: ['postcode:SW1A'],
      },
      rules,
      lateInJune,
    );
    expect(q.price).toBe(6500);
    expect(q.pricedBy).toEqual({
      kind: 'fixed',
      id: 2,
      version: 1,
      name: 'Airport prices',
      via: 'fixedPrice',
      fixedRow: 501,
    });
    expect(byCode(q)).toEqual({ fixedPrice: 6500 });
    expect(q.considered.map((c) => [c.kind, c.matched])).toEqual([
      ['fixedPrice', true],
      ['clientModel', false],
      ['vehicleTypeModel', false],
      ['companyDefault', false],
    ]);
    expect(q.considered[1]?.why).toMatch(/not needed: the fixed price priced/);
  });

  it('prefers the row for the vehicle type, and matches a row the other way round', () => {
    const exec = quote(
      { vehicleTypeId: 3, pickupLocationKeys: ['location:7'], dropoffLocationKeys: ['postcode:SW1A'] },
      rules,
      noonInJune,
    );
    expect(exec.price).toBe(9000);
    const back = quote(
      { vehicleTypeId: 3, pickupLocationKeys: ['postcode:SW1A'], dropoffLocationKeys: ['location:7'] },
      rules,
      noonInJune,
    );
    expect(back.price).toBe(6500);
    expect(back.items[0]?.detail).toMatch(/other way round/);
    // row 503 does not match in reverse
    const zoneBack = quote(
      { pickupLocationKeys: ['zone:41'], dropoffLocationKeys: ['zone:40'], distanceMetres: 2000 },
      rules,
      noonInJune,
    );
    expect(zoneBack.pricedBy.via).toBe('companyDefault');
    expect(zoneBack.considered[0]?.why).toMatch(/no row from \[zone:41\] to \[zone:40\]/);
  });

  it("the client's model comes before the vehicle type's, and falls through when it has no route", () => {
    const zone = quote(
      { ...cityJourney, clientId: 900, vehicleTypeId: 2, pickupZoneIds: [11], dropoffZoneIds: [10] },
      rules,
      noonInJune,
    );
    expect(zone.pricedBy).toMatchObject({ kind: 'zone', id: 3, via: 'clientModel' });
    expect(byCode(zone)).toEqual({ zonePrice: 2500 });
    const noRoute = quote(
      { ...cityJourney, clientId: 900, vehicleTypeId: 2, pickupZoneIds: [99], dropoffZoneIds: [10] },
      rules,
      noonInJune,
    );
    expect(noRoute.pricedBy).toMatchObject({ kind: 'vehicle', id: 4, via: 'vehicleTypeModel' });
    expect(noRoute.considered[1]).toMatchObject({ kind: 'clientModel', id: 3, matched: false });
    expect(noRoute.considered[1]?.why).toMatch(/no route from the pick-up's zones \[99\]/);
  });

  it('a zone route with a tariff prices by its rates', () => {
    const q = quote(
      { distanceMetres: 4000, clientId: 900, pickupZoneIds: [10], dropoffZoneIds: [12] },
      rules,
      noonInJune,
    );
    expect(byCode(q)).toEqual({ base: 500, distance: 400, minimumFare: 300 });
  });

  it("a vehicle model multiplies the standard rates, or uses the vehicle type's own", () => {
    const estate = quote({ distanceMetres: 10_000, vehicleTypeId: 2 }, rules, noonInJune);
    // standard 4.00 + 10 km × 2.00 = 24.00, ×1.25 adds 6.00
    expect(byCode(estate)).toEqual({ base: 400, distance: 2000, vehicleType: 600 });
    const minibus = quote({ distanceMetres: 10_000, vehicleTypeId: 4 }, rules, noonInJune);
    expect(minibus.price).toBe(4000);
    const short = quote({ distanceMetres: 100, vehicleTypeId: 2 }, rules, noonInJune);
    expect(short.price).toBe(1250); // the minimum of 10.00, ×1.25 too
  });

  it('hourly hire bills at least the minimum hours, by vehicle type', () => {
    const saloon = quote({ hours: 1.5 }, rules, noonInJune);
    expect(saloon.pricedBy).toMatchObject({ kind: 'hourly', via: 'companyDefault' });
    expect(saloon.price).toBe(8000);
    expect(saloon.items[0]?.detail).toBe('2 h at 40.00/h (1.5 h booked, the minimum is 2 h)');
    expect(quote({ hours: 4.25, vehicleTypeId: 3 }, rules, noonInJune).price).toBe(25_500);
    const noFixed = quote(
      { hours: 3, pickupLocationKeys: ['location:7'], dropoffLocationKeys: ['postcode:SW1A'] },
      rules,
      noonInJune,
    );
    expect(noFixed.considered[0]?.why).toMatch(/not hourly hires/);
  });

  it('refuses an hourly hire when the company has no hourly model', () => {
    const e = refusal(() => quote({ hours: 2 }, londonRules({ defaultHourlyModelId: null }), noonInJune));
    expect(e.field).toBe('hours');
  });
});

describe('bad input', () => {
  it('names the mileage step that overlaps, is out of order, or leaves a gap', () => {
    const model = {
      kind: 'standard',
      id: 1,
      version: 1,
      name: 'Bad bands',
      mileageSteps: [
        { fromKm: 0, toKm: 5, ratePerKm: 100 },
        { fromKm: 5, toKm: 10, ratePerKm: 100 },
        { fromKm: 8, toKm: 12, ratePerKm: 100 },
      ],
    };
    const overlap = standardModelSchema.safeParse(model);
    expect(overlap.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mileageSteps.2.fromKm', 'overlaps the band above, which ends at 10 km'],
    ]);
    const unordered = standardModelSchema.safeParse({
      ...model,
      mileageSteps: [
        { fromKm: 5, toKm: 10, ratePerKm: 100 },
        { fromKm: 0, toKm: 5, ratePerKm: 100 },
      ],
    });
    expect(unordered.error?.issues[0]?.path.join('.')).toBe('mileageSteps.1.fromKm');
    const gap = standardModelSchema.safeParse({
      ...model,
      mileageSteps: [
        { fromKm: 0, toKm: 5, ratePerKm: 100 },
        { fromKm: 6, ratePerKm: 100 },
      ],
    });
    expect(gap.error?.issues[0]?.message).toMatch(/gap/);
    const open = standardModelSchema.safeParse({
      ...model,
      mileageSteps: [
        { fromKm: 0, ratePerKm: 1 },
        { fromKm: 3, ratePerKm: 1 },
      ],
    });
    expect(open.error?.issues[0]?.path.join('.')).toBe('mileageSteps.0.toKm');
  });

  it('refuses a negative rate and a peak window of no length, naming the field in the rules', () => {
    const rules = londonRules();
    const models = rules.models as Record<string, unknown>[];
    const negative = {
      ...rules,
      models: [{ ...models[0], mileageSteps: [{ fromKm: 0, ratePerKm: -5 }] }, ...models.slice(1)],
    };
    expect(refusal(() => quote(cityJourney, unchecked(negative), noonInJune)).field).toBe(
      'models.0.mileageSteps.0.ratePerKm',
    );
    const zeroPeak = {
      ...rules,
      models: [
        {
          ...models[0],
          peakTimes: [{ id: 1, name: 'Nothing', weekdays: [1], from: '22:00', to: '22:00', multiplier: '2' }],
        },
        ...models.slice(1),
      ],
    };
    const e = refusal(() => quote(cityJourney, unchecked(zeroPeak), noonInJune));
    expect(e.errors).toEqual([
      { field: 'models.0.peakTimes.0.to', message: 'must differ from from: the window has no length' },
    ]);
  });

  it('refuses rules that point at a missing model or a default that cannot price every journey', () => {
    expect(refusal(() => quote(cityJourney, londonRules({ defaultModelId: 77 }), noonInJune)).field).toBe(
      'defaultModelId',
    );
    expect(
      refusal(() => quote(cityJourney, londonRules({ defaultModelId: 3 }), noonInJune)).errors[0]?.message,
    ).toMatch(/standard or vehicle model, not zone/);
    const dup = londonRules();
    const fixed = (dup.models as { kind: string; rows?: unknown[] }[])[1] as { rows: unknown[] };
    fixed.rows = [...fixed.rows, { from: 'location:7', to: 'postcode:SW1A', price: 1 }];
    expect(refusal(() => quote(cityJourney, dup, noonInJune)).errors[0]).toEqual({
      field: 'models.1.rows.3.to',
      message: 'repeats the row at index 0',
    });
  });

  it('refuses a journey it cannot price, naming the field', () => {
    const rules = londonRules();
    expect(refusal(() => quote({ extras: [{ expenseTypeId: 9, quantity: 1 }] }, rules, noonInJune)).field).toBe(
      'extras.0.expenseTypeId',
    );
    expect(refusal(() => quote({ distanceMetres: -1 }, rules, noonInJune)).field).toBe('distanceMetres');
    expect(refusal(() => quote({ distanceMetres: 1.5 }, rules, noonInJune)).field).toBe('distanceMetres');
    expect(refusal(() => quote({ pickupLocationKeys: ['heathrow'] }, rules, noonInJune)).field).toBe(
      'pickupLocationKeys.0',
    );
    expect(refusal(() => quote({}, rules, 'not a time')).field).toBe('pickupAt');
  });
});

describe('components in detail', () => {
  it('charges dead mileage only under a dead-mileage mode, and says from where', () => {
    const rules = londonRules();
    const model = (rules.models as Record<string, unknown>[])[0] as Record<string, unknown>;
    const fromDropOff = {
      ...rules,
      models: [{ ...model, deadMileage: { mode: 'fromLastDropOff', ratePerKm: 80 } }, ...rules.models.slice(1)],
    };
    const q = quote({ distanceMetres: 10_000, deadMileageMetres: 2500 }, fromDropOff as PricingRulesInput, noonInJune);
    expect(q.items.find((i) => i.code === 'deadMileage')).toEqual({
      code: 'deadMileage',
      label: 'Dead mileage',
      amount: 200,
      detail: "2.5 km from the vehicle's last drop-off, 2.5 km at 0.80/km",
    });
    const none = {
      ...rules,
      models: [{ ...model, deadMileage: { mode: 'none', ratePerKm: 80 } }, ...rules.models.slice(1)],
    };
    expect(
      byCode(quote({ distanceMetres: 10_000, deadMileageMetres: 2500 }, none as PricingRulesInput, noonInJune))
        .deadMileage,
    ).toBeUndefined();
  });

  it('names the peak window in words', () => {
    const q = quote(cityJourney, londonRules(), lateInJune);
    expect(q.items.find((i) => i.code === 'peak')?.detail).toBe('×1.5 of 25.40 (every day 22:00–05:00)');
    expect(q.considered.find((c) => c.kind === 'peakTime')?.why).toBe(
      'applies: Wed 2026-06-10 23:30 is within every day 22:00–05:00',
    );
  });

  it('quotes the same from the plain rules and their compiled form, and leaves the rules as they were', () => {
    const rules = londonRules();
    const before = JSON.stringify(rules);
    const a = quote(cityJourney, rules, lateInJune);
    const b = quote(cityJourney, compileRules(rules), lateInJune);
    expect(a).toEqual(b);
    expect(JSON.stringify(rules)).toBe(before);
  });
});

describe('a chosen model', () => {
  const rules = londonRules();

  it('prices under one model whatever the precedence would pick', () => {
    const journey = { ...cityJourney, clientId: 900, vehicleTypeId: 2, pickupZoneIds: [10], dropoffZoneIds: [11] };
    expect(quote(journey, rules, noonInJune).pricedBy.via).toBe('clientModel');
    const standard = quote(journey, rules, noonInJune, { modelId: 1 });
    expect(standard.pricedBy).toMatchObject({ kind: 'standard', id: 1, via: 'chosenModel' });
    expect(standard.price).toBe(2540);
    expect(standard.considered[0]).toMatchObject({ kind: 'chosenModel', id: 1, matched: true });
    expect(quote(journey, rules, noonInJune, { modelId: 4 }).price).toBe(
      quote({ ...journey, clientId: null }, rules, noonInJune).price,
    );
  });

  it('refuses a model that is not there or cannot price the journey, naming modelId', () => {
    expect(refusal(() => quote(cityJourney, rules, noonInJune, { modelId: 99 })).errors).toEqual([
      { field: 'modelId', message: 'names no model among the rules (99)' },
    ]);
    const e = refusal(() => quote(cityJourney, rules, noonInJune, { modelId: 5 }));
    expect(e.errors[0]).toEqual({
      field: 'modelId',
      message: 'Hourly hire does not price this journey: an hourly model prices only hourly hires',
    });
  });
});

describe('large figures', () => {
  it('prices exactly where a float would not, and refuses a price beyond the exact range by name', () => {
    const rules = (ratePerKm: number, multiplier = '1'): PricingRulesInput => ({
      currency: 'GBP',
      timeZone: 'UTC',
      vat: { mode: 'exclusive', ratePercent: '0' },
      models: [
        {
          kind: 'standard',
          id: 1,
          version: 1,
          name: 'Dear',
          mileageSteps: [{ fromKm: 0, ratePerKm }],
          peakTimes: [
            { id: 1, name: 'All day', weekdays: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00', multiplier },
          ],
        },
      ],
      defaultModelId: 1,
    });
    // 9,999,999 m × 9,999,999,999 a km = 99,999,989,990,000,001 / 1000: past 2^53 before the division
    expect(quote({ distanceMetres: 9_999_999 }, rules(9_999_999_999), noonInJune).price).toBe(99_999_989_990_000);
    const e = refusal(() => quote({ distanceMetres: 9_999_999 }, rules(9_999_999_999, '100'), noonInJune));
    expect(e.field).toBe('distanceMetres');
  });
});
