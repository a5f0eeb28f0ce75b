import { expect } from 'vitest';

/**
 * Every row passes the test, and there is at least one row: `rows.every(…)` alone is true for an
 * empty list, so a filter that lost all its rows would pass. A failure shows the rows that do not.
 */
export function expectEvery<T>(rows: readonly T[], test: (row: T) => boolean, what = 'rows'): void {
  expect(rows.length, `${what}: the list is empty`).toBeGreaterThan(0);
  expect(
    rows.filter((row) => !test(row)),
    `${what} that do not pass`,
  ).toEqual([]);
}
