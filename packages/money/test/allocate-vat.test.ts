import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, roundingModes, vatFromGross, vatFromNet } from '../src';

describe('allocate', () => {
  it('gives the leftover pennies to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [50, 30, 20])).toEqual([500, 300, 200]);
    expect(allocate(5, [1, 2])).toEqual([2, 3]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(7, [0, 1, 0])).toEqual([0, 7, 0]);
  });

  it('refuses weights it cannot split by', () => {
    expect(() => allocate(10, [])).toThrow();
    expect(() => allocate(10, [0, 0])).toThrow(/zero/);
    expect(() => allocate(10, [1, -1])).toThrow(/weight/);
  });

  it('always adds up to exactly the amount, each part within one unit of its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 20 }).filter((w) => w.some((x) => x > 0)),
        (minor, weights) => {
          const parts = allocate(minor, weights);
          expect(parts).toHaveLength(weights.length);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(minor);
          const total = weights.reduce((a, b) => a + b, 0);
          parts.forEach((part, i) => {
            const share = (minor * (weights[i] as number)) / total;
            expect(Math.abs(part - share)).toBeLessThan(1 + 1e-6 * Math.abs(share));
          });
        },
      ),
    );
  });
});

describe('VAT', () => {
  it('splits a gross and adds to a net with worked figures', () => {
    expect(vatFromGross(1200, '20', 'half-up')).toEqual({ net: 1000, vat: 200, gross: 1200 });
    expect(vatFromGross(1000, '20', 'half-up')).toEqual({ net: 833, vat: 167, gross: 1000 });
    expect(vatFromNet(833, '20', 'half-up')).toEqual({ net: 833, vat: 167, gross: 1000 });
    expect(vatFromNet(1000, '0', 'half-up')).toEqual({ net: 1000, vat: 0, gross: 1000 });
    expect(vatFromGross(1175, '17.5', 'half-even')).toEqual({ net: 1000, vat: 175, gross: 1175 });
  });

  it('inclusive and exclusive agree on the gross: a net made gross and split again gives the same net and VAT', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        fc.integer({ min: 0, max: 10_000 }).map((hundredths) => (hundredths / 100).toFixed(2)),
        fc.constantFrom(...roundingModes),
        (net, rate, mode) => {
          const exclusive = vatFromNet(net, rate, mode);
          expect(exclusive.net + exclusive.vat).toBe(exclusive.gross);
          if (mode === 'half-up' || mode === 'half-even')
            expect(vatFromGross(exclusive.gross, rate, mode)).toEqual(exclusive);
        },
      ),
    );
  });

  it('an inclusive split always adds up, and its net made gross again is within one minor unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e11 }),
        fc.integer({ min: 0, max: 10_000 }).map((hundredths) => (hundredths / 100).toFixed(2)),
        fc.constantFrom('half-up', 'half-even' as const),
        (gross, rate, mode) => {
          const split = vatFromGross(gross, rate, mode);
          expect(split.net + split.vat).toBe(gross);
          expect(Math.abs(vatFromNet(split.net, rate, mode).gross - gross)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
