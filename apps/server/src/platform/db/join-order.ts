import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Runs a read whose joins are written in the order they should run (the driving table, then
 * look-ups by key), with the planner told to keep that order. A booking line joins seven look-up
 * tables; PostgreSQL's search over their orders cost about 30 ms of planning for a query that then
 * ran in 5 (docs/ARCHITECTURE.md). Inside a caller's transaction the read runs as it is: a setting
 * there would outlive the read.
 */
export async function inWrittenJoinOrder<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  const inTransaction: boolean = db instanceof PgTransaction;
  if (inTransaction) return read(db);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local join_collapse_limit = 1`);
      return read(tx);
    },
    { accessMode: 'read only' },
  );
}
