import type { Db } from './client';

/**
 * Statements a hot read prepares by name (Drizzle's `.prepare('name')` with `sql.placeholder`), kept
 * per database handle: the query is built once per process instead of on every call, and each
 * connection parses it once and then reuses PostgreSQL's plan, where an unnamed statement is parsed
 * and planned on every call. The text of a name must never vary (no `inArray` over a list whose
 * length changes: use `= any(placeholder)`), since a connection keeps the first text it saw.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statements = byDb.get(db);
    if (!statements) {
      statements = build(db);
      byDb.set(db, statements);
    }
    return statements;
  };
}
