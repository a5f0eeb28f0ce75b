import { boolean, foreignKey, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, timestamps } from '../../platform/db/columns';
import { users } from '../auth/schema';
import { clients } from '../clients/schema';

/** A passenger, optionally travelling on a client's account. */
export const passengers = pgTable(
  'passengers',
  {
    id: idColumn(),
    companyId: companyColumn(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    clientId: integer(),
    title: text(),
    firstName: text().notNull(),
    surname: text().notNull(),
    email: text(),
    phone: text(),
    mobile: text(),
    isVip: boolean().notNull().default(false),
    notes: text(),
    photoKey: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('passengers_company_id_key').on(t.companyId, t.id),
    uniqueIndex('passengers_user_key').on(t.userId),
    index('passengers_name_idx').on(t.companyId, t.surname, t.firstName),
    index('passengers_client_idx').on(t.companyId, t.clientId),
    foreignKey({ columns: [t.companyId, t.clientId], foreignColumns: [clients.companyId, clients.id] }),
  ],
);
