import { sql, type SQL } from 'drizzle-orm';

/** What a profitability tab groups by: the booking's column and how its row is named. */
export interface Dimension {
  key: SQL;
  /** The row's name from its id `k` (a column reference), in the caller's company `c`. */
  name: (k: SQL, c: number) => SQL;
  /** The vehicle's type, for the vehicle tab. */
  extra?: (k: SQL, c: number) => SQL;
  /**
   * Whether its rows have days worked (drivers and vehicles do, clients do not): counting distinct
   * days makes PostgreSQL sort the period's bookings, the larger part of a client year's time.
   */
  worksDays: boolean;
}

export const dimensions = {
  client: {
    key: sql`b.client_id`,
    name: (k, c) => sql`(select x.name from clients x where x.company_id = ${c} and x.id = ${k})`,
    worksDays: false,
  },
  driver: {
    key: sql`b.driver_id`,
    name: (k, c) =>
      sql`(select trim(concat_ws(' ', x.first_name, x.last_name)) from drivers x where x.company_id = ${c} and x.id = ${k})`,
    worksDays: true,
  },
  vehicle: {
    key: sql`b.vehicle_id`,
    name: (k, c) => sql`(select x.registration from vehicles x where x.company_id = ${c} and x.id = ${k})`,
    extra: (k, c) =>
      sql`(select t.name from vehicles x join vehicle_types t on t.company_id = x.company_id and t.id = x.vehicle_type_id
           where x.company_id = ${c} and x.id = ${k})`,
    worksDays: true,
  },
} satisfies Record<string, Dimension>;

export type DimensionName = keyof typeof dimensions;
