import type { BuiltName, CallInput } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Answer, call } from './client';

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

/**
 * Asks the same call as two people and expects the same answer: a look-up a dispatcher uses must
 * give the dispatcher what it gives the admin. Answers the second person's body.
 */
export async function expectSameAnswer<K extends BuiltName>(
  app: FastifyInstance,
  name: K,
  input: CallInput<K>,
  reference: string,
  token: string,
): Promise<Answer<K>> {
  const expected = await call(app, name, input, reference);
  const actual = await call(app, name, input, token);
  expect(expected.status, `${name} for the reference`).toBe(200);
  expect(actual.status, name).toBe(200);
  expect(actual.body, name).toEqual(expected.body);
  return actual.body;
}
