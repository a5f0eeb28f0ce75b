import { describe, expect, it } from 'vitest';
import { add, amount, format, minorDigits, percentOf, split, subtract, sum, times, toStep } from '../src';

describe('amounts', () => {
  const gbp = (minor: number) => amount(minor, 'GBP');

  it('adds and subtracts within one currency only', () => {
    expect(add(gbp(150), gbp(275))).toEqual(gbp(425));
    expect(subtract(gbp(150), gbp(275))).toEqual(gbp(-125));
    expect(sum([gbp(1), gbp(2), gbp(3)], 'GBP')).toEqual(gbp(6));
    expect(() => add(gbp(1), amount(1, 'EUR'))).toThrow(/GBP and EUR/);
  });

  it('refuses floats and unsafe sums', () => {
    expect(() => gbp(1.5)).toThrow(/whole number/);
    expect(() => amount(1, 'pounds')).toThrow(/currency/);
    expect(() => add(gbp(Number.MAX_SAFE_INTEGER), gbp(1))).toThrow(/range/);
  });

  it('multiplies, takes percentages, splits and rounds to a step', () => {
    expect(times(gbp(1000), '1.5', 'half-up')).toEqual(gbp(1500));
    expect(percentOf(gbp(2550), '10', 'half-even')).toEqual(gbp(255));
    expect(split(gbp(1000), [1, 2]).map((a) => a.minor)).toEqual([333, 667]);
    expect(toStep(gbp(1226), 50, 'half-up')).toEqual(gbp(1250));
  });

  it('formats for a locale with the currency minor digits', () => {
    expect(minorDigits('GBP')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('BHD')).toBe(3);
    expect(format(gbp(1250))).toBe('£12.50');
    expect(format(gbp(-5))).toBe('-£0.05');
    expect(format(amount(123456, 'EUR'), 'de-DE')).toBe('1.234,56\u00a0€');
    expect(format(amount(1500, 'JPY'), 'en-GB')).toBe('JP¥1,500');
    expect(format(amount(Number.MAX_SAFE_INTEGER, 'GBP'), 'en-GB')).toBe('£90,071,992,547,409.91');
  });
});
