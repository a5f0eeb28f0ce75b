import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb, defaultLimits } from '../src/platform/db/client';
import { fromDatabaseError } from '../src/platform/db/errors';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

describe('limits on every database connection', () => {
  it('gives the app’s connections a statement and an idle-in-transaction time-out', async () => {
    const clients = await Promise.all([t.db.$client.connect(), t.db.$client.connect()]);
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ statement: string; idle: string }>(
          `select current_setting('statement_timeout') as statement,
                  current_setting('idle_in_transaction_session_timeout') as idle`,
        );
        expect(rows[0]).toEqual({
          statement: `${defaultLimits.statementMs / 1000}s`,
          idle: `${defaultLimits.idleInTransactionMs / 1000}s`,
        });
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('cancels a statement that runs too long, and says so with a 503 instead of a 500', async () => {
    const db = createDb(t.databaseUrl, 1, { statementMs: 200, idleInTransactionMs: 0 });
    try {
      const error = await db.execute(sql`select pg_sleep(2)`).catch((e: unknown) => e);
      expect(fromDatabaseError(error)).toMatchObject({ status: 503 });
      expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.$client.end();
    }
  });

  it('ends a transaction left idle, so a stuck call gives its connection back', async () => {
    const db = createDb(t.databaseUrl, 1, { statementMs: 0, idleInTransactionMs: 300 });
    try {
      const stuck = db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await new Promise((r) => setTimeout(r, 1000));
          await tx.execute(sql`select 2`);
        })
        .catch((e: unknown) => e);
      expect(await stuck).toBeInstanceOf(Error);
      // The one connection of this pool is free again.
      expect((await db.execute(sql`select 3 as three`)).rows).toEqual([{ three: 3 }]);
    } finally {
      await db.$client.end();
    }
  });
});
