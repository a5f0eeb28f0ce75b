import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, timestamps } from '../../platform/db/columns';
import { users } from '../auth/schema';
import { clients } from '../clients/schema';

/**
 * What the office types to find a passenger: the name as it is spoken, and the digits of both phone
 * numbers. The search and its trigram indexes (migration 0007) are built from these, so they match.
 */
export const passengerNameText = (t: { firstName: PgColumn; surname: PgColumn }) =>
  sql`(${t.firstName} || ' ' || ${t.surname})`;
export const passengerPhoneDigits = (t: { mobile: PgColumn; phone: PgColumn }) =>
  sql`regexp_replace(coalesce(${t.mobile}, '') || ' ' || coalesce(${t.phone}, ''), '\\D', '', 'g')`;

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
    index('passengers_name_trgm_idx').using('gin', sql`${passengerNameText(t)} gin_trgm_ops`),
    index('passengers_phone_trgm_idx').using('gin', sql`${passengerPhoneDigits(t)} gin_trgm_ops`),
    foreignKey({ columns: [t.companyId, t.clientId], foreignColumns: [clients.companyId, clients.id] }),
  ],
);
