import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { statementNaming } from './named-statements';

// Dates and timestamps come back as text: times are formatted once, explicitly, in UTC.
pg.types.setTypeParser(1082, (v) => v); // date
// bigint counts fit in a JS number for every figure this product keeps.
pg.types.setTypeParser(20, (v) => Number(v));

/** A database handle or an open transaction: services accept either. */
export type Db = PgDatabase<NodePgQueryResultHKT>;
export type RootDb = NodePgDatabase & { $client: pg.Pool };

/**
 * Limits on every connection, so no bug can hold the pool for ever: a statement (lock waits
 * included) is cancelled after `statementMs`, and a transaction left idle (a call awaiting something
 * outside its own connection) is ended after `idleInTransactionMs`. 0 switches a limit off (bulk
 * loading, migrations).
 */
export interface ConnectionLimits {
  statementMs: number;
  idleInTransactionMs: number;
}

export const defaultLimits: ConnectionLimits = { statementMs: 30_000, idleInTransactionMs: 10_000 };

export function createDb(url: string, max = 20, limits: ConnectionLimits = defaultLimits): RootDb {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    statement_timeout: limits.statementMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    // PostgreSQL's JIT compiles a query it costs high before running it: a report of 12,000 driver
    // rows spent 850 ms compiling and 240 ms running. The product's queries are short and many;
    // compiling never pays for itself here (docs/reports.md#speed).
    options: '-c jit=off',
  });
  // A dropped connection must not take the process down; the next query gets a fresh one. A
  // connection ended by a limit while a call holds it reports on the client itself, not the pool.
  pool.on('error', () => undefined);
  const nameStatements = statementNaming();
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    nameStatements(client);
  });
  return drizzle({ client: pool, casing: 'snake_case' });
}
