import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, smallint, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, sameCompany, timestamps } from '../../platform/db/columns';
import { taxes } from '../reference-data/schema';
import { drivers } from '../drivers/schema';
import { pricingModels } from '../pricing/schema';

/** A class of vehicle the company sells (saloon, estate, executive, MPV…). */
export const vehicleTypes = pgTable(
  'vehicle_types',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    description: text(),
    maxPassengers: smallint().notNull().default(4),
    maxLuggage: smallint().notNull().default(2),
    sortOrder: smallint().notNull().default(0),
    imageKey: text(),
    taxId: integer(),
    /** The pricing model this type is priced by (precedence: after the client's, before the default). */
    pricingModelId: integer(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('vehicle_types_company_id_key').on(t.companyId, t.id),
    uniqueIndex('vehicle_types_name_key').on(t.companyId, sql`lower(${t.name})`),
    sameCompany(t, t.taxId, taxes),
    sameCompany(t, t.pricingModelId, pricingModels),
  ],
);

/** A vehicle of the fleet, or a driver's own car (ownerDriverId). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: idColumn(),
    companyId: companyColumn(),
    vehicleTypeId: integer().notNull(),
    registration: text().notNull(),
    make: text(),
    model: text(),
    colour: text(),
    year: smallint(),
    seats: smallint(),
    vehicleClass: text(),
    ownerDriverId: integer(),
    notes: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('vehicles_company_id_key').on(t.companyId, t.id),
    uniqueIndex('vehicles_registration_key').on(t.companyId, sql`upper(replace(${t.registration}, ' ', ''))`),
    index('vehicles_type_idx').on(t.companyId, t.vehicleTypeId),
    foreignKey({
      columns: [t.companyId, t.vehicleTypeId],
      foreignColumns: [vehicleTypes.companyId, vehicleTypes.id],
    }),
    foreignKey({
      columns: [t.companyId, t.ownerDriverId],
      foreignColumns: [drivers.companyId, drivers.id],
    }),
  ],
);
