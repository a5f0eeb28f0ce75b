import { type AnyPgColumn, foreignKey, integer, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from '../tenancy/companies';

/** Integer identity key; the spec's ids are numbers. */
export const idColumn = () => integer().primaryKey().generatedByDefaultAsIdentity();

/** Every tenant-owned row names its company; the server fills it from the token. */
export const companyColumn = () =>
  integer()
    .notNull()
    .references(() => companies.id);

export const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdBy: integer(),
});

/** `unique (company_id, id)`: the target of composite references from other tenant tables. */
export const tenantKey = (name: string, t: { companyId: AnyPgColumn; id: AnyPgColumn }) =>
  unique(name).on(t.companyId, t.id);

/**
 * A reference to a row of the same company: `(company_id, column) → target (company_id, id)`. A row can
 * never point at another company's row, whatever a query forgets.
 */
export const sameCompany = (
  t: { companyId: AnyPgColumn },
  column: AnyPgColumn,
  target: { companyId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ columns: [t.companyId, column], foreignColumns: [target.companyId, target.id] });

/** A CHECK that a text column holds one of the listed values. */
export const inList = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;
