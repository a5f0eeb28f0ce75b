import { describe, expect, it } from 'vitest';
import { fieldErrors, listParams, trueFalse, wholeNumber } from '../src/index';

describe('field rules', () => {
  it('accepts whole numbers as numbers or digits, and refuses anything else by name', () => {
    const n = wholeNumber({ min: 0, max: 100 });
    expect(n.parse(5)).toBe(5);
    expect(n.parse('42')).toBe(42);
    expect(n.safeParse('4x').success).toBe(false);
    expect(n.safeParse(1.5).success).toBe(false);
    expect(n.safeParse(101).success).toBe(false);
  });

  it('defaults list params the spec’s way: page 0, perPage 10', () => {
    expect(listParams.parse({})).toMatchObject({ page: 0, perPage: 10, userID: 0, id: 0, q: '' });
    const bad = listParams.safeParse({ perPage: 1000, page: -1 });
    expect(bad.success).toBe(false);
    if (!bad.success)
      expect(
        fieldErrors(bad.error)
          .map((e) => e.field)
          .sort(),
      ).toEqual(['page', 'perPage']);
  });

  it('reads the spec’s "True"/"False" flags', () => {
    expect(trueFalse().parse('True')).toBe(true);
    expect(trueFalse().parse('False')).toBe(false);
    expect(trueFalse().safeParse('maybe').success).toBe(false);
  });

  it('says "is required" for a missing field', () => {
    const result = listParams.extend({ name: wholeNumber() }).safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toContainEqual({ field: 'name', message: 'is required' });
  });
});
