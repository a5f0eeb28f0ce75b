import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journeySchema, type JourneyInput, PricingInputError } from '../src';
import { readJourney } from '../src/read-journey';

/** Values around the edges of each field's rule, and a few that break it. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const number = fc.oneof(
  fc.integer({ min: -2, max: 20_000_000 }),
  fc.constantFrom(0.5, Number.NaN, 1e20, 2_147_483_648),
);
const loose = fc.oneof(number, fc.constantFrom('3', null, true, [], {}));
const keys = fc.array(fc.constantFrom('location:7', 'postcode:SW1A', 'zone:3', 'zone:0', 'heathrow', 7), {
  maxLength: 4,
});
const journeyLike = fc.record(
  {
    distanceMetres: maybe(fc.oneof(number, loose)),
    durationSeconds: maybe(number),
    waitingSeconds: maybe(number),
    deadMileageMetres: maybe(number),
    passengers: maybe(fc.oneof(number, fc.constant(101))),
    isAirportPickup: maybe(fc.oneof(fc.boolean(), fc.constant('yes'))),
    vehicleTypeId: maybe(fc.oneof(number, fc.constant(null))),
    clientId: maybe(fc.oneof(number, fc.constant(null))),
    pickupZoneIds: maybe(fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(1.5)), { maxLength: 3 })),
    dropoffZoneIds: maybe(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 60 })),
    pickupLocationKeys: maybe(keys),
    dropoffLocationKeys: maybe(keys),
    extras: maybe(
      fc.array(
        fc.oneof(
          fc.record({ expenseTypeId: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 0, max: 101 }) }),
          fc.record({ expenseTypeId: fc.constant(1), quantity: fc.constant(1), note: fc.constant('x') }),
          fc.constant(null),
        ),
        { maxLength: 3 },
      ),
    ),
    hours: maybe(fc.oneof(fc.constant(null), fc.constantFrom(0, 1.5, 2, 1 / 7))),
    discount: maybe(
      fc.oneof(
        fc.constant(null),
        fc.constant({ kind: 'percentage', percent: '10' }),
        fc.constant({ kind: 'fixed', amount: -1 }),
      ),
    ),
    unknownField: maybe(fc.constant(1)),
  },
  { requiredKeys: [] },
);

describe('reading a journey', () => {
  it('accepts exactly what the journey schema accepts, with the same defaults', () => {
    fc.assert(
      fc.property(journeyLike, (input) => {
        const expected = journeySchema.safeParse(input);
        if (expected.success) {
          expect(readJourney(input as JourneyInput)).toEqual(expected.data);
        } else {
          expect(() => readJourney(input as JourneyInput)).toThrow(PricingInputError);
        }
      }),
      { numRuns: 600 },
    );
  });
});
