import { describe, expect, it } from 'vitest';
import { day, fromMinor, toMinor } from './format';

describe('money and dates', () => {
  it('turns typed amounts into minor units exactly', () => {
    expect(toMinor('12.5')).toBe(1250);
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor('19,99')).toBe(1999);
    expect(toMinor('-3.05')).toBe(-305);
    expect(toMinor(7)).toBe(700);
    expect(fromMinor(1250)).toBe('12.50');
    expect(fromMinor(-305)).toBe('-3.05');
  });

  it('shows calendar dates as d-m-Y', () => {
    expect(day('2026-03-07')).toBe('07-03-2026');
    expect(day(null)).toBe('—');
  });
});
