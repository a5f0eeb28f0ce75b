import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

// Dates and timestamps come back as text: times are formatted once, explicitly, in UTC.
pg.types.setTypeParser(1082, (v) => v); // date
// bigint counts fit in a JS number for every figure this product keeps.
pg.types.setTypeParser(20, (v) => Number(v));

export type Schema = typeof schema;
/** A database handle or an open transaction: services accept either. */
export type Db = PgDatabase<NodePgQueryResultHKT, Schema>;
export type RootDb = NodePgDatabase<Schema> & { $client: pg.Pool };

export function createDb(url: string, max = 20): RootDb {
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped connection must not take the process down; the next query gets a fresh one.
  pool.on('error', () => undefined);
  return drizzle({ client: pool, schema, casing: 'snake_case' });
}
