import type { RootDb } from '../../../apps/server/src/platform/db/client';

/** What the operations benchmarks need to know about the seeded company. */
export interface OperationsSeed {
  companyId: number;
  /** A day (YYYY-MM-DD, company time zone) holding the busy board. */
  busyDay: string;
  busyDayBookings: number;
  onlineDrivers: number;
  bookings: number;
  driverIds: number[];
  bookingOnBusyDay: number;
}

export interface OperationsSize {
  bookings: number;
  busyDayBookings: number;
  onlineDrivers: number;
  passengers: number;
  clients: number;
  /** Bookings of each smaller company, so tenant filters have work to do. */
  otherCompanyBookings: number;
}

const CHUNK = 100_000;
/** Central London; drivers and stops scatter around it. */
const [LAT, LNG] = [51.5074, -0.1278];

async function exec(db: RootDb, sql: string, params: unknown[] = []) {
  return db.$client.query(sql, params);
}

async function ids(db: RootDb, sql: string, params: unknown[]): Promise<number[]> {
  return (await exec(db, sql, params)).rows.map((r: { id: number }) => r.id);
}

/**
 * A year of bookings for one company (most of them in the past and done, a busy board today) plus
 * people, fleet and online drivers with positions. Generated in SQL with generate_series: a million
 * rows take about a minute rather than an hour of single inserts.
 */
export async function seedOperations(
  db: RootDb,
  companyId: number,
  size: OperationsSize,
  log: (line: string) => void,
): Promise<OperationsSeed> {
  const vehicleTypeIds = await ids(
    db,
    `insert into vehicle_types (company_id, name, max_passengers, max_luggage, sort_order)
     select $1, t.name, t.pax, t.bags, t.ord from (values ('Saloon',4,2,1),('Estate',4,4,2),('MPV',6,6,3),('Executive',3,3,4)) t(name,pax,bags,ord)
     returning id`,
    [companyId],
  );
  const clientIds = await ids(
    db,
    `insert into clients (company_id, name) select $1, 'Client ' || g from generate_series(1, $2) g returning id`,
    [companyId, size.clients],
  );
  const passengerIds = await ids(
    db,
    `insert into passengers (company_id, first_name, surname, phone, email)
     select $1, 'Pax' || g, 'Surname' || (g % 997), '+4477' || lpad(g::text, 8, '0'), 'pax' || g || '@bench.test'
     from generate_series(1, $2) g returning id`,
    [companyId, size.passengers],
  );
  const vehicleIds = await ids(
    db,
    `insert into vehicles (company_id, vehicle_type_id, registration)
     select $1, ($2::int[])[1 + (g % array_length($2::int[], 1))], 'BN' || lpad(g::text, 5, '0')
     from generate_series(1, $3) g returning id`,
    [companyId, vehicleTypeIds, size.onlineDrivers],
  );
  const driverIds = await ids(
    db,
    `insert into drivers (company_id, callsign, first_name, last_name, phone, availability)
     select $1, 'D' || g, 'Driver', 'Number ' || g, '+4478' || lpad(g::text, 8, '0'), 1
     from generate_series(1, $2) g returning id`,
    [companyId, size.onlineDrivers],
  );
  await exec(
    db,
    `insert into driver_shifts (company_id, driver_id, vehicle_id, started_at)
     select $1, d, v, now() - interval '3 hours' from unnest($2::int[], $3::int[]) as x(d, v)`,
    [companyId, driverIds, vehicleIds],
  );
  await exec(
    db,
    `insert into driver_locations (driver_id, company_id, lat, lng, recorded_at)
     select d, $1, $3 + (random() - 0.5) * 0.4, $4 + (random() - 0.5) * 0.6, now() - random() * interval '60 seconds'
     from unnest($2::int[]) d`,
    [companyId, driverIds, LAT, LNG],
  );
  log(
    `  people and fleet: ${passengerIds.length} passengers, ${clientIds.length} clients, ${driverIds.length} drivers`,
  );

  const busyDay = (await exec(db, `select to_char(now() at time zone 'Europe/London', 'YYYY-MM-DD') as d`)).rows[0]
    .d as string;
  await insertBookings(db, {
    companyId,
    count: size.bookings,
    // Spread over a year: 300 days back, 65 ahead.
    pickupSql: `now() - interval '300 days' + random() * interval '365 days'`,
    refs: { vehicleTypeIds, clientIds, passengerIds, driverIds, vehicleIds },
    log,
  });
  await insertBookings(db, {
    companyId,
    count: size.busyDayBookings,
    pickupSql: `(($8::date)::timestamp at time zone 'Europe/London') + random() * interval '24 hours'`,
    extraParams: [busyDay],
    refs: { vehicleTypeIds, clientIds, passengerIds, driverIds, vehicleIds },
    log,
  });
  const bookingOnBusyDay = (
    await exec(
      db,
      `select id from bookings where company_id = $1 and status = 'confirmed'
        and pickup_at >= (($2::date)::timestamp at time zone 'Europe/London') order by pickup_at limit 1`,
      [companyId, busyDay],
    )
  ).rows[0]?.id as number;
  return {
    companyId,
    busyDay,
    busyDayBookings: size.busyDayBookings,
    onlineDrivers: driverIds.length,
    bookings: size.bookings + size.busyDayBookings,
    driverIds,
    bookingOnBusyDay,
  };
}

/**
 * What seedOperations answered, read back from a database it seeded before (BENCH_REUSE_SEED): the
 * seed takes minutes, a before/after comparison wants the same rows. Null when the company has no
 * online drivers yet.
 */
export async function seededOperations(db: RootDb, companyId: number): Promise<OperationsSeed | null> {
  const driverIds = await ids(
    db,
    `select d.id from drivers d join driver_shifts s on s.company_id = d.company_id and s.driver_id = d.id
      where d.company_id = $1 and s.ended_at is null order by d.id`,
    [companyId],
  );
  if (!driverIds.length) return null;
  const busyDay = (await exec(db, `select to_char(now() at time zone 'Europe/London', 'YYYY-MM-DD') as d`)).rows[0]
    .d as string;
  const counts = (
    await exec(
      db,
      `select count(*)::int as bookings,
        count(*) filter (where pickup_at >= (($2::date)::timestamp at time zone 'Europe/London')
          and pickup_at < (($2::date + 1)::timestamp at time zone 'Europe/London'))::int as busy
       from bookings where company_id = $1`,
      [companyId, busyDay],
    )
  ).rows[0] as { bookings: number; busy: number };
  const bookingOnBusyDay = (
    await exec(
      db,
      `select id from bookings where company_id = $1 and status = 'confirmed'
        and pickup_at >= (($2::date)::timestamp at time zone 'Europe/London') order by pickup_at limit 1`,
      [companyId, busyDay],
    )
  ).rows[0]?.id as number;
  return {
    companyId,
    busyDay,
    busyDayBookings: counts.busy,
    onlineDrivers: driverIds.length,
    bookings: counts.bookings,
    driverIds,
    bookingOnBusyDay,
  };
}

/** A smaller company with its own few thousand bookings. */
export async function seedSmallCompany(db: RootDb, companyId: number, count: number, log: (line: string) => void) {
  const [vehicleTypeIds, clientIds, passengerIds] = await Promise.all([
    ids(db, `insert into vehicle_types (company_id, name) values ($1, 'Saloon') returning id`, [companyId]),
    ids(
      db,
      `insert into clients (company_id, name) select $1, 'Other ' || g from generate_series(1, 20) g returning id`,
      [companyId],
    ),
    ids(
      db,
      `insert into passengers (company_id, first_name, surname) select $1, 'O' || g, 'Pax' from generate_series(1, 500) g returning id`,
      [companyId],
    ),
  ]);
  await insertBookings(db, {
    companyId,
    count,
    pickupSql: `now() - interval '300 days' + random() * interval '365 days'`,
    refs: { vehicleTypeIds, clientIds, passengerIds, driverIds: [], vehicleIds: [] },
    log,
  });
}

interface InsertBookings {
  companyId: number;
  count: number;
  pickupSql: string;
  extraParams?: unknown[];
  refs: {
    vehicleTypeIds: number[];
    clientIds: number[];
    passengerIds: number[];
    driverIds: number[];
    vehicleIds: number[];
  };
  log: (line: string) => void;
}

/**
 * Past bookings are mostly completed (some cancelled or no-shows) and hold a driver; future ones are
 * confirmed or pending; the next hours hold every dispatch status.
 */
async function insertBookings(db: RootDb, o: InsertBookings) {
  const { vehicleTypeIds, clientIds, passengerIds, driverIds, vehicleIds } = o.refs;
  const hasDrivers = driverIds.length > 0;
  for (let done = 0; done < o.count; done += CHUNK) {
    const n = Math.min(CHUNK, o.count - done);
    await exec(
      db,
      `with g as (
         select ${o.pickupSql} as pickup_at, random() as r, random() as r2, floor(random() * 1e9)::int as k
         from generate_series(1, $2)
       ), b as (
         insert into bookings (company_id, status, payment_status, pickup_at, passenger_id, client_id, vehicle_type_id,
           driver_id, vehicle_id, passenger_count, price_minor, driver_price_minor, currency, source, payment_method,
           distance_metres, completed_at, cancelled_at, created_at, updated_at)
         select $1,
           case when pickup_at < now() - interval '2 hours' then
                  case when r < 0.9 then 'completed' when r < 0.97 then 'cancelled' else 'no_show' end
                when pickup_at < now() + interval '2 hours' and ${hasDrivers} then
                  (array['confirmed','offered','allocated','accepted','on_route','arrived','on_board','pending'])[1 + (k % 8)]
                else case when r < 0.8 then 'confirmed' else 'pending' end end,
           case when pickup_at < now() - interval '2 hours' and r2 < 0.85 then 'paid' else 'unpaid' end,
           pickup_at,
           ($3::int[])[1 + (k % array_length($3::int[], 1))],
           case when r2 < 0.4 then ($4::int[])[1 + (k % array_length($4::int[], 1))] end,
           ($5::int[])[1 + (k % array_length($5::int[], 1))],
           case when ${hasDrivers} and (pickup_at < now() - interval '2 hours' or (pickup_at < now() + interval '2 hours' and k % 8 between 1 and 6))
                then ($6::int[])[1 + (k % array_length($6::int[], 1))] end,
           case when ${hasDrivers} and (pickup_at < now() - interval '2 hours' or (pickup_at < now() + interval '2 hours' and k % 8 between 1 and 6))
                then ($7::int[])[1 + (k % array_length($7::int[], 1))] end,
           1 + (k % 4), 1500 + (k % 9000), 1000 + (k % 6000), 'GBP',
           (array['office','phone','web','passenger_app','client_portal'])[1 + (k % 5)],
           (array['cash','card','account'])[1 + (k % 3)],
           2000 + (k % 40000),
           case when pickup_at < now() - interval '2 hours' and r < 0.9 then pickup_at + interval '40 minutes' end,
           case when pickup_at < now() - interval '2 hours' and r >= 0.9 and r < 0.97 then pickup_at - interval '1 hour' end,
           pickup_at - interval '2 days', pickup_at - interval '2 days'
         from g
         returning id
       ) select count(*) from b`,
      [
        o.companyId,
        n,
        passengerIds,
        clientIds,
        vehicleTypeIds,
        driverIds.length ? driverIds : [0],
        vehicleIds.length ? vehicleIds : [0],
        ...(o.extraParams ?? []),
      ],
    );
    o.log(`  bookings: ${done + n} of ${o.count}`);
  }
  // Stops for the new bookings: a pick-up and a drop-off each.
  await exec(
    db,
    `insert into booking_stops (company_id, booking_id, seq, kind, address, postcode, lat, lng)
     select b.company_id, b.id, s.seq, s.kind, s.kind || ' ' || (b.id % 5000) || ' High Street', 'SW1A ' || (b.id % 9) || 'AA',
            ${LAT} + ((b.id::bigint * 7919) % 1000 - 500) / 2500.0, ${LNG} + ((b.id::bigint * 104729) % 1000 - 500) / 1700.0
     from bookings b cross join (values (0, 'pickup'), (1, 'dropoff')) s(seq, kind)
     where b.company_id = $1 and not exists (select 1 from booking_stops x where x.booking_id = b.id)`,
    [o.companyId],
  );
}
