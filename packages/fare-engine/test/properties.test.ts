import { roundingModes, vatFromGross } from '@cabdesk/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules, type JourneyInput, type PricingRulesInput, quote } from '../src';
import { londonRules } from './fixtures';

/** A valid mileage table: contiguous bands from 0 with random ends and rates. */
const bands = fc
  .array(fc.record({ lengthKm: fc.integer({ min: 1, max: 30 }), ratePerKm: fc.integer({ min: 0, max: 500 }) }), {
    minLength: 0,
    maxLength: 10,
  })
  .map((list) => {
    let from = 0;
    return list.map((b, i) => {
      const band = { fromKm: from, toKm: i === list.length - 1 ? null : from + b.lengthKm, ratePerKm: b.ratePerKm };
      from += b.lengthKm;
      return band;
    });
  });

const clock = fc
  .integer({ min: 0, max: 23 })
  .chain((h) =>
    fc.integer({ min: 0, max: 59 }).map((m) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  );

const peakTime = fc
  .record({
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    from: clock,
    to: clock,
    charge: fc.oneof(
      fc.integer({ min: 100, max: 300 }).map((pct) => ({ multiplier: (pct / 100).toFixed(2) })),
      fc.integer({ min: 0, max: 3000 }).map((surcharge) => ({ surcharge })),
    ),
  })
  .filter((p) => p.from !== p.to)
  .map((p) => ({ id: 1, name: 'Peak', weekdays: p.weekdays, from: p.from, to: p.to, ...p.charge }));

/** Rules with one random standard model as the company default. */
const standardRules = fc
  .record({
    baseFare: fc.integer({ min: 0, max: 2000 }),
    includedKm: fc.integer({ min: 0, max: 5 }),
    mileageSteps: bands,
    ratePerMinute: fc.integer({ min: 0, max: 100 }),
    minimumFare: fc.integer({ min: 0, max: 5000 }),
    waitingRate: fc.integer({ min: 0, max: 100 }),
    deadRate: fc.integer({ min: 0, max: 200 }),
    peakTimes: fc.array(peakTime, { maxLength: 3 }).map((list) => list.map((p, i) => ({ ...p, id: i + 1 }))),
    vatMode: fc.constantFrom('inclusive' as const, 'exclusive' as const),
    vatRate: fc.constantFrom('0', '5', '20', '17.5'),
    roundingMode: fc.constantFrom('half-up' as const, 'half-even' as const),
    step: fc.constantFrom(1, 5, 10, 50, 100),
    stepMode: fc.constantFrom(...roundingModes),
  })
  .map((r): PricingRulesInput => ({
    currency: 'GBP',
    timeZone: 'Europe/London',
    vat: { mode: r.vatMode, ratePercent: r.vatRate },
    rounding: { mode: r.roundingMode, step: r.step, stepMode: r.stepMode },
    models: [
      {
        kind: 'standard',
        id: 1,
        version: 1,
        name: 'Random',
        baseFare: r.baseFare,
        includedKm: r.includedKm,
        mileageSteps: r.mileageSteps,
        ratePerMinute: r.ratePerMinute,
        minimumFare: r.minimumFare,
        waiting: { graceMinutes: 3, airportGraceMinutes: 20, ratePerMinute: r.waitingRate },
        deadMileage: { mode: 'fromLastDropOff', ratePerKm: r.deadRate, freeKm: 2 },
        peakTimes: r.peakTimes,
      },
    ],
    defaultModelId: 1,
  }));

const journey = fc.record({
  distanceMetres: fc.integer({ min: 0, max: 300_000 }),
  durationSeconds: fc.integer({ min: 0, max: 4 * 3600 }),
  waitingSeconds: fc.integer({ min: 0, max: 3600 }),
  isAirportPickup: fc.boolean(),
  deadMileageMetres: fc.integer({ min: 0, max: 30_000 }),
});

const discount = fc.option(
  fc.oneof(
    fc.integer({ min: 0, max: 100 }).map((p) => ({ kind: 'percentage' as const, percent: String(p) })),
    fc.integer({ min: 0, max: 10_000 }).map((amount) => ({ kind: 'fixed' as const, amount })),
  ),
  { nil: undefined },
);

const instant = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2030-12-31T23:59:59Z'),
  noInvalidDate: true,
});

const sumOf = (items: { amount: number }[]) => items.reduce((a, i) => a + i.amount, 0);

describe('the fare engine, for any rules and journey', () => {
  it('never prices below the minimum fare, whatever the discount', () => {
    fc.assert(
      fc.property(standardRules, journey, discount, instant, (rules, j, d, at) => {
        const q = quote({ ...j, discount: d }, rules, at);
        const minimum = (rules.models[0] as { minimumFare: number }).minimumFare;
        // the fare in the rules' own terms: the gross when prices include VAT, else the net
        expect(q.vatMode === 'inclusive' ? q.price : q.net).toBeGreaterThanOrEqual(minimum);
      }),
    );
  });

  it('never charges less for a longer journey under a mileage model', () => {
    fc.assert(
      fc.property(
        standardRules,
        journey,
        fc.integer({ min: 0, max: 100_000 }),
        discount,
        instant,
        (rules, j, more, d, at) => {
          const compiled = compileRules(rules);
          const shorter = quote({ ...j, discount: d }, compiled, at);
          const longer = quote({ ...j, discount: d, distanceMetres: j.distanceMetres + more }, compiled, at);
          expect(longer.price).toBeGreaterThanOrEqual(shorter.price);
        },
      ),
    );
  });

  it('never charges less for a longer journey under a vehicle model, whatever its multiplier', () => {
    fc.assert(
      fc.property(
        standardRules,
        fc.integer({ min: 1, max: 400 }).map((pct) => (pct / 100).toFixed(2)),
        journey,
        fc.integer({ min: 0, max: 100_000 }),
        instant,
        (rules, multiplier, j, more, at) => {
          const {
            kind: _kind,
            id: _id,
            version: _version,
            name: _name,
            peakTimes,
            ...tariff
          } = rules.models[0] as Record<string, unknown>;
          const vehicleRules = compileRules({
            ...rules,
            models: [
              {
                kind: 'vehicle',
                id: 1,
                version: 1,
                name: 'By vehicle',
                standard: tariff as never,
                vehicles: [{ vehicleTypeId: 1, multiplier }],
                peakTimes: peakTimes as never,
              },
            ],
          });
          const shorter = quote({ ...j, vehicleTypeId: 1 }, vehicleRules, at);
          const longer = quote({ ...j, vehicleTypeId: 1, distanceMetres: j.distanceMetres + more }, vehicleRules, at);
          expect(longer.price).toBeGreaterThanOrEqual(shorter.price);
          expect(shorter.items.reduce((a, i) => a + i.amount, 0)).toBe(shorter.price);
        },
      ),
    );
  });

  it('adds every breakdown up to the price, and net and VAT to the gross', () => {
    const fixture = compileRules(londonRules());
    const anyJourney: fc.Arbitrary<JourneyInput> = fc.record({
      distanceMetres: fc.integer({ min: 0, max: 200_000 }),
      durationSeconds: fc.integer({ min: 0, max: 7200 }),
      waitingSeconds: fc.integer({ min: 0, max: 3600 }),
      deadMileageMetres: fc.integer({ min: 0, max: 20_000 }),
      isAirportPickup: fc.boolean(),
      clientId: fc.constantFrom(null, 900, 901),
      vehicleTypeId: fc.constantFrom(null, 1, 2, 3, 4),
      pickupZoneIds: fc.subarray([10, 11, 12, 40]),
      dropoffZoneIds: fc.subarray([10, 11, 12, 41]),
      pickupLocationKeys: fc.subarray(['location:7', 'postcode:SW1A', 'zone:40', 'zone:41']),
      dropoffLocationKeys: fc.subarray(['location:7', 'postcode:SW1A', 'zone:40', 'zone:41']),
      extras: fc.array(fc.record({ expenseTypeId: fc.constantFrom(1, 2), quantity: fc.integer({ min: 1, max: 4 }) }), {
        maxLength: 3,
      }),
      hours: fc.option(
        fc.integer({ min: 1, max: 40 }).map((q) => q / 4),
        { nil: null },
      ),
      discount,
    });
    fc.assert(
      fc.property(
        fc.oneof(standardRules.map(compileRules), fc.constant(fixture)),
        anyJourney,
        instant,
        (rules, j, at) => {
          let q;
          try {
            q = quote(j, rules, at);
          } catch {
            return; // the random rules have no hourly model: refused by name, tested elsewhere
          }
          expect(sumOf(q.items)).toBe(q.price);
          expect(q.net + q.vat).toBe(q.price);
          expect(Number.isSafeInteger(q.price) && q.price >= 0).toBe(true);
          expect(q.items.every((i) => Number.isSafeInteger(i.amount))).toBe(true);
        },
      ),
    );
  });

  it('agrees on the gross with VAT inclusive and exclusive: an exclusive price split inclusively gives back its net and VAT', () => {
    fc.assert(
      fc.property(standardRules, journey, instant, (rules, j, at) => {
        const exclusive = quote(j, { ...rules, vat: { ...rules.vat, mode: 'exclusive' } }, at);
        const mode = rules.rounding?.mode ?? 'half-up';
        expect(vatFromGross(exclusive.price, rules.vat.ratePercent, mode)).toEqual({
          net: exclusive.net,
          vat: exclusive.vat,
          gross: exclusive.price,
        });
        // the same fare written VAT-inclusive at that gross prices the same
        const inclusive = quote(j, { ...rules, vat: { ...rules.vat, mode: 'inclusive' } }, at);
        expect(inclusive.net + inclusive.vat).toBe(inclusive.price);
        expect(inclusive.price).toBe(exclusive.net);
      }),
    );
  });

  it('follows the precedence: fixed row, client model, vehicle type model, company default', () => {
    const rules = compileRules(londonRules());
    fc.assert(
      fc.property(
        fc.record({
          clientId: fc.constantFrom(null, 900, 901),
          vehicleTypeId: fc.constantFrom(null, 1, 2, 3),
          pickupZoneIds: fc.subarray([10, 11, 99]),
          dropoffZoneIds: fc.subarray([10, 11, 12]),
          pickupLocationKeys: fc.subarray(['location:7', 'postcode:SW1A', 'zone:40']),
          dropoffLocationKeys: fc.subarray(['location:7', 'postcode:SW1A', 'zone:41']),
          distanceMetres: fc.integer({ min: 0, max: 50_000 }),
        }),
        (j) => {
          const q = quote(j, rules, '2026-06-10T11:00:00Z');
          const has = (list: string[], key: string) => list.includes(key);
          const fixed =
            (has(j.pickupLocationKeys, 'location:7') && has(j.dropoffLocationKeys, 'postcode:SW1A')) ||
            (has(j.pickupLocationKeys, 'postcode:SW1A') && has(j.dropoffLocationKeys, 'location:7')) ||
            (has(j.pickupLocationKeys, 'zone:40') && has(j.dropoffLocationKeys, 'zone:41'));
          const zoneRoute = j.pickupZoneIds.some((p) =>
            j.dropoffZoneIds.some((d) => (p === 10 && (d === 11 || d === 12)) || (p === 11 && d === 10)),
          );
          const expected = fixed
            ? 'fixedPrice'
            : j.clientId === 900 && zoneRoute
              ? 'clientModel'
              : j.vehicleTypeId === 2
                ? 'vehicleTypeModel'
                : 'companyDefault';
          expect(q.pricedBy.via).toBe(expected);
          const steps = q.considered.filter((c) => !c.kind.startsWith('peak'));
          expect(steps.map((c) => c.kind)).toEqual(['fixedPrice', 'clientModel', 'vehicleTypeModel', 'companyDefault']);
          expect(steps.filter((c) => c.matched).map((c) => c.kind)).toEqual([expected]);
          expect(steps.every((c) => c.why.length > 0)).toBe(true);
        },
      ),
    );
  });
});
