import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareRatios, multiply, percentage, ratio, ratioPlus, ratioText, ratioTimes } from '../src';

describe('ratio', () => {
  it('reads decimal strings exactly, in lowest terms', () => {
    expect(ratio('1.25')).toEqual({ num: 5, den: 4 });
    expect(ratio('0.1')).toEqual({ num: 1, den: 10 });
    expect(ratio('20')).toEqual({ num: 20, den: 1 });
    expect(ratio('-0.50')).toEqual({ num: -1, den: 2 });
    expect(ratio([6, -4])).toEqual({ num: -3, den: 2 });
    expect(ratio(3)).toEqual({ num: 3, den: 1 });
  });

  it('refuses what is not an exact decimal', () => {
    expect(() => ratio('1e3')).toThrow(/decimal/);
    expect(() => ratio('1.2.3')).toThrow(/decimal/);
    expect(() => ratio(0.1)).toThrow(/whole number/);
    expect(() => ratio([1, 0])).toThrow(/zero/);
  });

  it('adds, multiplies, compares and writes ratios', () => {
    expect(ratioTimes('1.5', '1.2')).toEqual({ num: 9, den: 5 });
    expect(ratioPlus('0.1', '0.2')).toEqual({ num: 3, den: 10 });
    expect(compareRatios('0.3', ratioPlus('0.1', '0.2'))).toBe(0);
    expect(compareRatios('1.25', '1.3')).toBe(-1);
    expect(ratioText('1.250')).toBe('1.25');
    expect(ratioText([1, 3])).toBe('1/3');
    expect(ratioText('-0.05')).toBe('-0.05');
  });
});

describe('multiply and percentage', () => {
  it('rounds once, with the mode asked', () => {
    expect(multiply(1000, '1.25', 'half-up')).toBe(1250);
    expect(multiply(1001, '0.5', 'half-up')).toBe(501);
    expect(multiply(1001, '0.5', 'half-even')).toBe(500);
    expect(multiply(999, [1, 3], 'up')).toBe(333);
    expect(multiply(1000, [1, 3], 'up')).toBe(334);
    expect(percentage(1999, '20', 'half-up')).toBe(400);
    expect(percentage(1234, '17.5', 'down')).toBe(215);
  });

  it('stays exact when the product passes 2^53', () => {
    expect(multiply(90_000_000_001, '1.23456789', 'half-up')).toBe(111_111_110_101);
    expect(multiply(90_000_000_001, '1.23456789', 'down')).toBe(111_111_110_101);
    expect(() => multiply(90_000_000_000, '123456.789', 'half-up')).toThrow(/range/);
  });

  it('is within one minor unit of the exact product, and within a half for the nearest modes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e11, max: 1e11 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.constantFrom('half-up', 'half-even', 'up', 'down' as const),
        (minor, num, den, mode) => {
          const exact = BigInt(minor) * BigInt(num);
          // A result past 2^53 is refused with MoneyRangeError: only representable ones are compared here.
          fc.pre((exact < 0n ? -exact : exact) / BigInt(den) < BigInt(Number.MAX_SAFE_INTEGER));
          const result = multiply(minor, [num, den], mode);
          const off = BigInt(result) * BigInt(den) - exact;
          const abs = off < 0n ? -off : off;
          expect(abs < BigInt(den)).toBe(true);
          if (mode.startsWith('half')) expect(abs * 2n <= BigInt(den)).toBe(true);
        },
      ),
    );
  });
});
