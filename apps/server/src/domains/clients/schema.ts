import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, timestamps } from '../../platform/db/columns';

export const clientTypes = pgTable(
  'client_types',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('client_types_company_id_key').on(t.companyId, t.id),
    uniqueIndex('client_types_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** A corporate account. A child client points at its parent; a client is never its own ancestor. */
export const clients = pgTable(
  'clients',
  {
    id: idColumn(),
    companyId: companyColumn(),
    parentClientId: integer(),
    clientTypeId: integer(),
    accountNo: text(),
    name: text().notNull(),
    contactName: text(),
    email: text(),
    phone: text(),
    address: text(),
    postcode: text(),
    vatNumber: text(),
    notes: text(),
    photoKey: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('clients_company_id_key').on(t.companyId, t.id),
    uniqueIndex('clients_account_no_key').on(t.companyId, sql`lower(${t.accountNo})`),
    index('clients_name_idx').on(t.companyId, t.name),
    index('clients_parent_idx').on(t.companyId, t.parentClientId),
    foreignKey({
      columns: [t.companyId, t.parentClientId],
      foreignColumns: [t.companyId, t.id],
    }),
    foreignKey({
      columns: [t.companyId, t.clientTypeId],
      foreignColumns: [clientTypes.companyId, clientTypes.id],
    }),
  ],
);
