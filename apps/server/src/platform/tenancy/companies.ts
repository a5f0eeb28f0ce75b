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
    /**
     * Dispatch: a job with no driver whose pick-up is this many minutes away or less is flagged on
     * the board and announced once to the dispatchers.
     */
    nearPickupMinutes: integer().notNull().default(30),
    /**
     * Driver app: when set, "Arrived" is refused further than this many metres from the pick-up.
     * Null (the default) allows it anywhere, marked on the booking when implausible.
     */
    arriveWithinMetres: integer(),
    isVatRegistered: boolean().notNull().default(false),
    /** VAT rate in basis points: 2000 = 20 %. */
    vatRateBp: integer().notNull().default(2000),
    vatNumber: text(),
    /** Prices and tariffs include VAT (a VAT-registered company's gross prices); false: VAT is added on top. */
    pricesIncludeVat: boolean().notNull().default(true),
    /** The offline distance estimate: the straight line between stops times this (roads are longer). */
    roadFactor: numeric({ precision: 3, scale: 2 }).notNull().default('1.30'),
    /** Fares are rounded to a multiple of this many minor units (10: to the ten pence; 1: not at all). */
    fareRoundingStep: integer().notNull().default(10),
    baseLat: numeric({ precision: 9, scale: 6 }),
    baseLng: numeric({ precision: 9, scale: 6 }),
    parentCompanyId: integer().references((): AnyPgColumn => companies.id),
    logoMain: text(),
    logoNavBar: text(),
    logoPassengerMain: text(),
    logoPassengerNavBar: text(),
    loaderStyle: text().notNull().default('standard'),
    /** The company's look (docs/web.md "Company look"); null means the product's default. */
    primaryColor: text(),
    theme: text().notNull().default('light'),
    pageTitle: text(),
    footerText: text(),
    iconUrl: text(),
    appName: text(),
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
    check('companies_near_pickup_minutes_check', sql`${t.nearPickupMinutes} between 1 and 1440`),
    check('companies_arrive_within_metres_check', sql`${t.arriveWithinMetres} between 10 and 100000`),
    check('companies_road_factor_check', sql`${t.roadFactor} between 1 and 3`),
    check('companies_fare_rounding_step_check', sql`${t.fareRoundingStep} between 1 and 10000`),
    check('companies_theme_check', sql`${t.theme} in ('light', 'dark')`),
    check('companies_primary_color_check', sql`${t.primaryColor} ~ '^#[0-9a-fA-F]{6}$'`),
    check('companies_date_format_check', sql`${t.dateFormat} in ('d-m-Y', 'd/m/Y', 'd.m.Y', 'm/d/Y', 'Y-m-d')`),
  ],
);
