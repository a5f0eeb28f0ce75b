import { hashPassword } from '../../../apps/server/src/platform/auth/passwords';
import type { RootDb } from '../../../apps/server/src/platform/db/client';

/** What the driver-path scenario needs: each driver's sign-in account and the walkers' jobs. */
export interface DriverPathSeed {
  /** The user id behind each driver, in the order of the driver ids given. */
  userIds: number[];
  /** For each walking driver (the first `walkers` drivers), its allocated jobs in the order to walk them. */
  jobs: number[][];
}

/**
 * Gives `driverIds` sign-in accounts (the operations seed makes drivers without one) and allocates
 * `jobsEach` of today's bookings to each of the first `walkers` of them, ready for the driver to
 * confirm. Run just before the scenario, so the earlier scenarios see the seed without these rows.
 */
export async function seedDriverPath(
  db: RootDb,
  companyId: number,
  driverIds: number[],
  walkers: number,
  jobsEach: number,
): Promise<DriverPathSeed> {
  const client = db.$client;
  // Nobody signs in with these accounts (the bench mints their tokens), but a real hash keeps the rows honest.
  const hash = await hashPassword('bench driver password');
  await client.query(
    `with fresh as (
       insert into users (company_id, kind, email, full_name, password_hash)
       select d.company_id, 'driver', 'driver' || d.id || '@bench.test', d.first_name || ' ' || d.last_name, $3
       from drivers d where d.company_id = $1 and d.id = any($2::int[]) and d.user_id is null
       returning id, email
     )
     update drivers d set user_id = fresh.id from fresh
     where d.company_id = $1 and fresh.email = 'driver' || d.id || '@bench.test'`,
    [companyId, driverIds, hash],
  );
  const users = new Map<number, number>(
    (
      await client.query(`select id, user_id from drivers where company_id = $1 and id = any($2::int[])`, [
        companyId,
        driverIds,
      ])
    ).rows.map((r: { id: number; user_id: number }) => [r.id, r.user_id]),
  );

  const walking = driverIds.slice(0, walkers);
  // Each job on the driver's shift vehicle, picked up within today's next hours, with a pick-up and a drop-off.
  const rows = (
    await client.query(
      `with made as (
         insert into bookings (company_id, status, pickup_at, passenger_id, vehicle_type_id, driver_id, vehicle_id,
           passenger_count, price_minor, driver_price_minor, currency, source, payment_method, distance_metres,
           allocated_at)
         select $1, 'allocated', now() + (15 + j * 5) * interval '1 minute',
           (select id from passengers p where p.company_id = $1 order by p.id offset (s.driver_id % 1000) limit 1),
           v.vehicle_type_id, s.driver_id, s.vehicle_id, 1, 2500 + j * 100, 1800 + j * 50, 'GBP', 'office', 'cash',
           6000, now()
         from driver_shifts s
         join vehicles v on v.company_id = s.company_id and v.id = s.vehicle_id
         cross join generate_series(0, $3 - 1) j
         where s.company_id = $1 and s.driver_id = any($2::int[]) and s.ended_at is null
         returning id, driver_id, pickup_at
       ), stops as (
         insert into booking_stops (company_id, booking_id, seq, kind, address, postcode, lat, lng)
         select $1, m.id, k.seq, k.kind, k.kind || ' ' || m.id || ' Station Road', 'SW1A 1AA',
                51.5074 + k.seq * 0.02, -0.1278 + k.seq * 0.03
         from made m cross join (values (0, 'pickup'), (1, 'dropoff')) k(seq, kind)
       )
       select id, driver_id from made order by driver_id, pickup_at, id`,
      [companyId, walking, jobsEach],
    )
  ).rows as { id: number; driver_id: number }[];
  const jobsOf = new Map<number, number[]>(walking.map((d) => [d, []]));
  for (const row of rows) jobsOf.get(row.driver_id)?.push(row.id);
  return {
    userIds: driverIds.map((d) => users.get(d) ?? 0),
    jobs: walking.map((d) => jobsOf.get(d) ?? []),
  };
}
