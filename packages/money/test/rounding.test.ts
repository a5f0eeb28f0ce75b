import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRounded, multiplyDivide, roundingModes, roundToStep, type RoundingMode } from '../src';

const modes = fc.constantFrom(...roundingModes);

describe('divideRounded', () => {
  it.each<[number, number, RoundingMode, number]>([
    [5, 2, 'half-up', 3],
    [-5, 2, 'half-up', -3],
    [5, 2, 'half-even', 2],
    [7, 2, 'half-even', 4],
    [-5, 2, 'half-even', -2],
    [21, 10, 'up', 3],
    [-21, 10, 'up', -3],
    [29, 10, 'down', 2],
    [-29, 10, 'down', -2],
    [24, 10, 'half-up', 2],
    [26, 10, 'half-even', 3],
    [20, 10, 'up', 2],
  ])('%i / %i with %s is %i', (n, d, mode, expected) => {
    expect(divideRounded(n, d, mode)).toBe(expected);
    expect(divideRounded(BigInt(n), BigInt(d), mode)).toBe(expected);
  });

  it('is exact next to 2^53 where a float division is not', () => {
    // 9007199254740991 / 2 = 4503599627370495.5 exactly: the float quotient says …496.
    expect(divideRounded(Number.MAX_SAFE_INTEGER, 2, 'down')).toBe(4503599627370495);
    expect(divideRounded(Number.MAX_SAFE_INTEGER, 2, 'half-even')).toBe(4503599627370496);
    expect(divideRounded(Number.MAX_SAFE_INTEGER - 2, 3, 'down')).toBe(3002399751580329);
  });

  it('agrees with exact bigint arithmetic, within one minor unit of the true quotient', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.integer({ min: 1, max: 1_000_000_000 }), modes, (n, d, mode) => {
        const q = divideRounded(n, d, mode);
        expect(divideRounded(BigInt(n), BigInt(d), mode)).toBe(q);
        // |q·d − n| < d, and ≤ d/2 for the nearest modes
        const error = BigInt(q) * BigInt(d) - BigInt(n);
        const abs = error < 0n ? -error : error;
        expect(abs < BigInt(d)).toBe(true);
        if (mode === 'half-up' || mode === 'half-even') expect(abs * 2n <= BigInt(d)).toBe(true);
      }),
    );
  });

  it('refuses a fraction or a zero denominator', () => {
    expect(() => divideRounded(1.5, 2, 'half-up')).toThrow(/whole numbers/);
    expect(() => divideRounded(1, 0, 'half-up')).toThrow(/positive/);
  });
});

describe('roundToStep', () => {
  it('rounds to 50 pence in every mode', () => {
    expect(roundToStep(1225, 50, 'half-up')).toBe(1250);
    expect(roundToStep(1224, 50, 'half-up')).toBe(1200);
    expect(roundToStep(1225, 50, 'half-even')).toBe(1200);
    expect(roundToStep(1275, 50, 'half-even')).toBe(1300);
    expect(roundToStep(1201, 50, 'up')).toBe(1250);
    expect(roundToStep(1249, 50, 'down')).toBe(1200);
    expect(roundToStep(1234, 1, 'up')).toBe(1234);
  });

  it('is never off by more than half a step to the nearest, nor by a whole step up or down', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 1, max: 10_000 }),
        modes,
        (minor, step, mode) => {
          const rounded = roundToStep(minor, step, mode);
          expect(rounded % step === 0).toBe(true);
          const off = Math.abs(rounded - minor);
          if (mode === 'half-up' || mode === 'half-even') expect(off * 2).toBeLessThanOrEqual(step);
          else expect(off).toBeLessThan(step);
          if (mode === 'up') expect(Math.abs(rounded)).toBeGreaterThanOrEqual(Math.abs(minor));
          if (mode === 'down') expect(Math.abs(rounded)).toBeLessThanOrEqual(Math.abs(minor));
        },
      ),
    );
  });

  it('never rounds a larger amount below a smaller one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 1, max: 500 }),
        modes,
        (a, more, step, mode) => {
          expect(roundToStep(a + more, step, mode)).toBeGreaterThanOrEqual(roundToStep(a, step, mode));
        },
      ),
    );
  });
});

describe('multiplyDivide', () => {
  it('is a rate times a quantity over a unit, rounded once and exact past 2^53', () => {
    expect(multiplyDivide(12_400, 150, 1000, 'half-up')).toBe(1860);
    expect(multiplyDivide(1500, 20, 60, 'half-up')).toBe(500);
    expect(multiplyDivide(9_999_999, 9_999_999_999, 1000, 'down')).toBe(99_999_989_990_000);
    expect(multiplyDivide(9_999_999, 9_999_999_999, 1000, 'up')).toBe(99_999_989_990_001);
    expect(() => multiplyDivide(1.5, 2, 1, 'up')).toThrow(/whole numbers/);
  });
});
