import { serverPath } from '../paths';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const migrationsFolder = serverPath('drizzle');

const MIGRATION_LOCK = 72_010_001;

/**
 * Applies the committed SQL migrations; safe on every start, and safe when several server
 * processes start at once (they queue on an advisory lock).
 */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // An index built on a large table may take longer than any call is allowed to.
    await client.query('set statement_timeout = 0; set idle_in_transaction_session_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.query('reset statement_timeout; reset idle_in_transaction_session_timeout').catch(() => undefined);
    client.release();
  }
}
