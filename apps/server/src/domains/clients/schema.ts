import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';
import { pricingModels } from '../pricing/schema';
import { taxes } from '../reference-data/schema';

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
    invoicePeriod: text({ enum: ['per_booking', 'weekly', 'fortnightly', 'monthly'] })
      .notNull()
      .default('monthly'),
    invoiceSplit: text({ enum: ['single', 'per_passenger', 'per_reference', 'per_booking'] })
      .notNull()
      .default('single'),
    invoiceGroup: text({ enum: ['own', 'parent'] })
      .notNull()
      .default('own'),
    taxId: integer(),
    paymentMethod: text({ enum: ['account', 'card', 'cash'] })
      .notNull()
      .default('account'),
    currency: char({ length: 3 }).notNull().default('GBP'),
    pricingModelId: integer(),
    pricingMode: text(),
    graceWaitingMinutes: smallint().notNull().default(10),
    priority: smallint().notNull().default(2),
    representativeStaffId: integer(),
    creditLimitMinor: bigint({ mode: 'number' }),
    /** Which booking events send which messages: { sms: [...], email: [...], phoneCall: [...] }. */
    notifications: jsonb().$type<{ sms: string[]; email: string[]; phoneCall: string[] }>(),
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
    sameCompany(t, t.taxId, taxes),
    sameCompany(t, t.pricingModelId, pricingModels),
  ],
);

/** Kinds of reference a client asks bookers for: cost centre, PO number, employee id. */
export const clientReferenceTypes = pgTable(
  'client_reference_types',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('client_reference_types_company_id_key', t),
    uniqueIndex('client_reference_types_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** A reference a client's bookings carry (its label, type and whether a booking needs it). */
export const clientReferences = pgTable(
  'client_references',
  {
    id: idColumn(),
    companyId: companyColumn(),
    clientId: integer().notNull(),
    referenceTypeId: integer().notNull(),
    label: text().notNull(),
    isMandatory: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('client_references_company_id_key', t),
    index('client_references_client_idx').on(t.companyId, t.clientId),
    sameCompany(t, t.clientId, clients).onDelete('cascade'),
    sameCompany(t, t.referenceTypeId, clientReferenceTypes),
  ],
);
