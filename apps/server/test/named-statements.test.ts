import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementNaming } from '../src/platform/db/named-statements';
import { createTestApp, type TestApp } from './harness';

/**
 * Short parametrised statements are prepared once per connection by name; long texts, statements
 * without parameters and texts past the limits go unnamed as before, and answers never change.
 */
let t: TestApp;
let pool: pg.Pool;

const preparedOn = async (client: pg.PoolClient) =>
  (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (r) => r.statement,
  );

beforeAll(async () => {
  t = await createTestApp();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
  pool.on('connect', statementNaming({ maxText: 200, maxNames: 4, perConnection: 3 }));
});

afterAll(async () => {
  await pool.end();
});

describe('statements named by their text', () => {
  it('prepares a short parametrised statement once and answers as an unnamed one would', async () => {
    const client = await pool.connect();
    try {
      // Values in the config, and beside it as Drizzle passes them.
      const first = await client.query({ text: 'select $1::int + 1 as n', values: [1] });
      const second = await client.query({ text: 'select $1::int + 1 as n' }, [41]);
      expect([first.rows[0].n, second.rows[0].n]).toEqual([2, 42]);
      expect(await preparedOn(client)).toEqual(['select $1::int + 1 as n']);
    } finally {
      client.release();
    }
  });

  it('leaves long texts and statements without parameters unnamed', async () => {
    const client = await pool.connect();
    try {
      const long = `select $1::text as s -- ${'x'.repeat(200)}`;
      expect((await client.query({ text: long, values: ['a'] })).rows[0].s).toBe('a');
      await client.query({ text: 'select 2 as n' });
      expect(await preparedOn(client)).not.toContain(long);
      expect(await preparedOn(client)).not.toContain('select 2 as n');
    } finally {
      client.release();
    }
  });

  it('stops naming past a connection’s limit and the pool’s, and still answers every statement', async () => {
    const client = await pool.connect();
    try {
      const answers: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const res = await client.query({ text: `select $1::int + ${i} as n`, values: [100] });
        answers.push(res.rows[0].n);
      }
      expect(answers).toEqual([100, 101, 102, 103, 104, 105, 106, 107]);
      expect((await preparedOn(client)).length).toBe(3);
    } finally {
      client.release();
    }
  });
});
