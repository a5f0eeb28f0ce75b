import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, timestamps } from '../../platform/db/columns';
import { driverPaymentModels } from '../pay-rules/schema';
import { users } from '../auth/schema';

export const driverTypes = pgTable(
  'driver_types',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    defaultPaymentModelId: integer(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('driver_types_company_id_key').on(t.companyId, t.id),
    uniqueIndex('driver_types_name_key').on(t.companyId, sql`lower(${t.name})`),
    sameCompany(t, t.defaultPaymentModelId, driverPaymentModels),
  ],
);

/** Subcontractors: other operators whose drivers take our jobs. */
export const vendors = pgTable(
  'vendors',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    contactName: text(),
    email: text(),
    phone: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [unique('vendors_company_id_key').on(t.companyId, t.id)],
);

/**
 * A driver. `availability`: 1 available, 2 busy, 3 offline (the spec's initial value), 4 on break.
 * A subcontracted driver names its vendor.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: idColumn(),
    companyId: companyColumn(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    driverTypeId: integer(),
    vendorId: integer(),
    callsign: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phone: text(),
    mobile: text(),
    dateOfBirth: date(),
    dateJoined: date(),
    nationality: text(),
    address: text(),
    postcode: text(),
    licenceNumber: text(),
    bankAccountName: text(),
    bankSortCode: text(),
    bankAccountNumber: text(),
    availability: smallint().notNull().default(3),
    defaultPaymentModelId: integer(),
    notes: text(),
    photoKey: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('drivers_company_id_key').on(t.companyId, t.id),
    uniqueIndex('drivers_user_key').on(t.userId),
    uniqueIndex('drivers_callsign_key').on(t.companyId, sql`lower(${t.callsign})`),
    index('drivers_name_idx').on(t.companyId, t.lastName, t.firstName),
    foreignKey({
      columns: [t.companyId, t.driverTypeId],
      foreignColumns: [driverTypes.companyId, driverTypes.id],
    }),
    foreignKey({ columns: [t.companyId, t.vendorId], foreignColumns: [vendors.companyId, vendors.id] }),
    sameCompany(t, t.defaultPaymentModelId, driverPaymentModels),
  ],
);
