import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, tenantKey, timestamps } from '../../platform/db/columns';

/** Tax rates of a company, in basis points (2000 = 20 %). */
export const taxes = pgTable(
  'taxes',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    rateBp: integer().notNull(),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [tenantKey('taxes_company_id_key', t), uniqueIndex('taxes_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

export const tagTypes = ['driver', 'vehicle', 'client', 'passenger', 'booking'] as const;

export const tags = pgTable(
  'tags',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    tagType: text({ enum: tagTypes }).notNull(),
    colour: text().notNull().default('#228be6'),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('tags_company_id_key', t),
    uniqueIndex('tags_name_key').on(t.companyId, t.tagType, sql`lower(${t.name})`),
  ],
);

/** Which tags a driver, vehicle, client or passenger carries. */
export const entityTags = pgTable(
  'entity_tags',
  {
    companyId: companyColumn(),
    tagId: integer().notNull(),
    ownerType: text({ enum: tagTypes }).notNull(),
    ownerId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.ownerType, t.ownerId] }),
    index('entity_tags_owner_idx').on(t.companyId, t.ownerType, t.ownerId),
    sameCompany(t, t.tagId, tags).onDelete('cascade'),
  ],
);

export const locationTypes = ['airport', 'station', 'hotel', 'office', 'hospital', 'port', 'venue', 'other'] as const;

/** Places the office books often: airports, stations, hotels, client offices. */
export const knownLocations = pgTable(
  'known_locations',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    locationType: text({ enum: locationTypes }).notNull().default('other'),
    address: text().notNull(),
    postcode: text(),
    lat: numeric({ precision: 9, scale: 6 }),
    lng: numeric({ precision: 9, scale: 6 }),
    notes: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('known_locations_company_id_key', t),
    uniqueIndex('known_locations_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** Dates a repeat booking skips (bank holidays, office closures). */
export const exclusions = pgTable(
  'exclusions',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    startDate: date().notNull(),
    endDate: date().notNull(),
    notes: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [tenantKey('exclusions_company_id_key', t), index('exclusions_dates_idx').on(t.companyId, t.startDate)],
);

/** A drawn area (polygon of [lat, lng] points) for zone pricing and dispatch. */
export const zones = pgTable(
  'zones',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    description: text(),
    colour: text().notNull().default('#1c7ed6'),
    polygon: jsonb().$type<[number, number][]>().notNull(),
    priority: smallint().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [tenantKey('zones_company_id_key', t), uniqueIndex('zones_name_key').on(t.companyId, sql`lower(${t.name})`)],
);

/** What a driver may claim on a job (parking, tolls, waiting), with its tax. */
export const bookingExpenseTypes = pgTable(
  'booking_expense_types',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    taxId: integer(),
    defaultAmountMinor: bigint({ mode: 'number' }),
    isAvailableInDriverApp: boolean().notNull().default(true),
    requiresReceipt: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('booking_expense_types_company_id_key', t),
    uniqueIndex('booking_expense_types_name_key').on(t.companyId, sql`lower(${t.name})`),
    sameCompany(t, t.taxId, taxes),
  ],
);

/** A code a passenger or the office enters for money off: a percentage or a fixed amount. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: idColumn(),
    companyId: companyColumn(),
    code: text().notNull(),
    description: text(),
    discountType: text({ enum: ['percent', 'amount'] }).notNull(),
    percentBp: integer(),
    amountMinor: bigint({ mode: 'number' }),
    validFrom: date(),
    validTo: date(),
    maxUses: integer(),
    usedCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantKey('discount_codes_company_id_key', t),
    uniqueIndex('discount_codes_code_key').on(t.companyId, sql`upper(${t.code})`),
  ],
);
