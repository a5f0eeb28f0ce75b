import { describe, expect, it } from 'vitest';
import { multiplier, percent } from '../src/schemas';

describe('a decimal field', () => {
  it('answers text that is not a number with the field’s message, never an exception', () => {
    for (const text of ['', '  ', 'abc', '1,5', '--1']) {
      const result = percent().safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['must be a decimal number such as 1.25']);
    }
  });

  it('checks the range of a number it could read', () => {
    expect(percent().safeParse('17.5').success).toBe(true);
    expect(percent().safeParse('100.01').error?.issues[0]?.message).toBe('must be at most 100');
    expect(multiplier().safeParse('0').error?.issues[0]?.message).toBe('must be more than 0');
    expect(percent().safeParse('1234567890123').error?.issues[0]?.message).toBe('must have at most 12 digits');
  });
});
