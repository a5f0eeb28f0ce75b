import { describe, expect, it } from 'vitest';
import { amountProblem, amountText, parseAmount } from './amount';

describe('amounts typed in major units', () => {
  it('become whole minor units without float rounding', () => {
    expect(parseAmount('12.50')).toBe(1250);
    expect(parseAmount('12,5')).toBe(1250);
    expect(parseAmount('0.29')).toBe(29); // 0.29 * 100 is 28.999… as a float
    expect(parseAmount('1.1')).toBe(110);
    expect(parseAmount(' 7 ')).toBe(700);
    expect(parseAmount('999999999.99')).toBe(99_999_999_999);
  });

  it('refuse signs, letters, three decimals and empty text', () => {
    for (const text of ['-5', '+5', '12.345', 'abc', '', '1e3', '12.', '.50', '£12']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });

  it('say what is wrong', () => {
    expect(amountProblem('')).toBe('required');
    expect(amountProblem('-12.50')).toBe('format');
    expect(amountProblem('0.00')).toBe('zero');
    expect(amountProblem('1000000.01')).toBe('tooLarge');
    expect(amountProblem('12.50')).toBeNull();
  });

  it('go back to text for editing', () => {
    expect(amountText(1250)).toBe('12.50');
    expect(amountText(5)).toBe('0.05');
  });
});
