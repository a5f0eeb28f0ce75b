import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The tenancy root lives with the platform: every tenant-owned table's `company_id` references it
 * (platform/db/columns.ts), so the platform must own it rather than reach into a domain for it.
 */
/** An operator company: the tenant. Branding, VAT and locale live here. */
export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 20000 }),
    shortName: text().notNull(),
    name: text().notNull(),
    legalName: text(),
    email: text(),
    phone: text(),
    website: text(),
    address: text(),
    postcode: text(),
    timezone: text().notNull().default('Europe/London'),
    currency: char({ length: 3 }).notNull().default('GBP'),
    locale: text().notNull().default('en-GB'),
    /** How dates read on screens and documents: d-m-Y (the default), d/m/Y, d.m.Y, m/d/Y or Y-m-d. */
    dateFormat: text().notNull().default('d-m-Y'),
    isVatRegistered: boolean().notNull().default(false),
    /** VAT rate in basis points: 2000 = 20 %. */
    vatRateBp: integer().notNull().default(2000),
    vatNumber: text(),
    baseLat: numeric({ precision: 9, scale: 6 }),
    baseLng: numeric({ precision: 9, scale: 6 }),
    parentCompanyId: integer().references((): AnyPgColumn => companies.id),
    logoMain: text(),
    logoNavBar: text(),
    logoPassengerMain: text(),
    logoPassengerNavBar: text(),
    loaderStyle: text().notNull().default('standard'),
    imageKey: text(),
    monthlyBookingsGoal: integer(),
    monthlyRevenueGoalMinor: bigint({ mode: 'number' }),
    /** Passengers may create their own account on the passenger sign-in page. */
    passengerSignUp: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_short_name_key').on(sql`lower(${t.shortName})`),
    check('companies_date_format_check', sql`${t.dateFormat} in ('d-m-Y', 'd/m/Y', 'd.m.Y', 'm/d/Y', 'Y-m-d')`),
  ],
);
