import type { RootDb } from '../../../apps/server/src/platform/db/client';

/** The period and clients the invoice-generate scenario bills. */
export interface InvoiceGenerateSeed {
  fromDate: string;
  toDate: string;
  clients: number;
  jobs: number;
}

const NAME = 'Invoice bench client ';

/**
 * `clients` clients on account, each with `jobsPerClient` completed account jobs of last month
 * (company calendar), validated at their price: what generation bills, among the million bookings of
 * the operations seed. Generated in SQL with generate_series. Seeded once; a later run (reused seed)
 * deletes the drafts the previous run made, so the same jobs are billable again.
 */
export async function seedInvoiceGenerate(
  db: RootDb,
  companyId: number,
  clients: number,
  jobsPerClient: number,
  log: (line: string) => void,
): Promise<InvoiceGenerateSeed> {
  const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
  const period = (
    await q(
      `select to_char(m, 'YYYY-MM-DD') as from_date, to_char(m + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as to_date, tz
       from (select date_trunc('month', (now() at time zone timezone)::date) - interval '1 month' as m, timezone as tz
             from companies where id = $1) c`,
      [companyId],
    )
  ).rows[0] as { from_date: string; to_date: string; tz: string };
  const existing = (
    await q(`select id from clients where company_id = $1 and name like $2 order by id`, [companyId, `${NAME}%`])
  ).rows.map((r: { id: number }) => r.id);
  if (existing.length) {
    const dropped = await q(
      `delete from invoices where company_id = $1 and status = 'draft' and client_id = any($2::int[])`,
      [companyId, existing],
    );
    await q(`delete from invoice_runs where company_id = $1 and status <> 'running'`, [companyId]);
    const jobs = (
      await q(`select count(*)::int as n from bookings where company_id = $1 and client_id = any($2::int[])`, [
        companyId,
        existing,
      ])
    ).rows[0] as { n: number };
    log(
      `  invoice-generate: reusing ${existing.length} clients (${jobs.n} jobs); ${dropped.rowCount} drafts of a run before deleted`,
    );
    // As autovacuum would: statistics read right after the delete, without a vacuum, count the pages
    // of dead lines as an empty table, and the planner then scans every line of the company for each
    // job's "not on an invoice yet" (0.7 s a client instead of some 50 ms).
    await q('vacuum analyze invoices, invoice_lines');
    return { fromDate: period.from_date, toDate: period.to_date, clients: existing.length, jobs: jobs.n };
  }
  const clientIds = (
    await q(`insert into clients (company_id, name) select $1, $2 || g from generate_series(1, $3) g returning id`, [
      companyId,
      NAME,
      clients,
    ])
  ).rows.map((r: { id: number }) => r.id);
  const refs = (
    await q(
      `select (select array_agg(id) from (select id from passengers where company_id = $1 order by id limit 2000) p) as passengers,
              (select array_agg(id) from vehicle_types where company_id = $1) as vehicle_types,
              (select array_agg(id) from (select id from drivers where company_id = $1 order by id limit 2000) d) as drivers`,
      [companyId],
    )
  ).rows[0] as { passengers: number[]; vehicle_types: number[]; drivers: number[] | null };
  // Each job on a day of the month, in the company's time zone, with a pick-up and a drop-off.
  const made = await q(
    `with b as (
       insert into bookings (company_id, status, payment_status, pickup_at, passenger_id, client_id, vehicle_type_id,
         driver_id, passenger_count, price_minor, driver_price_minor, currency, source, payment_method, distance_metres,
         completed_at, created_at, updated_at)
       select $1, 'completed', 'unpaid', t, ($3::int[])[1 + (k % array_length($3::int[], 1))], c,
         ($4::int[])[1 + (k % array_length($4::int[], 1))],
         case when $5::int[] is not null then ($5::int[])[1 + (k % array_length($5::int[], 1))] end,
         1, 1500 + (k % 9000), 1000 + (k % 6000), 'GBP', 'office', 'account', 2000 + (k % 40000),
         t + interval '40 minutes', t - interval '2 days', t - interval '2 days'
       from unnest($2::int[]) c, generate_series(1, $6) j,
         lateral (select (c * 7919 + j * 104729) as k) kk,
         lateral (select (($7::date + ((k % (($8::date - $7::date) + 1))) * interval '1 day')::timestamp
                   + (k % 960) * interval '1 minute' + interval '6 hours') at time zone $9 as t) tt
       returning id, company_id, price_minor
     ), s as (
       insert into booking_stops (company_id, booking_id, seq, kind, address, postcode)
       select b.company_id, b.id, s.seq, s.kind, s.kind || ' ' || (b.id % 5000) || ' High Street', 'SW1A ' || (b.id % 9) || 'AA'
       from b cross join (values (0, 'pickup'), (1, 'dropoff')) s(seq, kind)
     ), v as (
       insert into booking_validations (company_id, booking_id, status, accepted_minor)
       select company_id, id, 'validated', price_minor from b
     )
     select count(*)::int as n from b`,
    [
      companyId,
      clientIds,
      refs.passengers,
      refs.vehicle_types,
      refs.drivers,
      jobsPerClient,
      period.from_date,
      period.to_date,
      period.tz,
    ],
  );
  const jobs = (made.rows[0] as { n: number }).n;
  await q('analyze clients, bookings, booking_stops, booking_validations, invoices, invoice_lines');
  log(
    `  invoice-generate: ${clientIds.length} clients on account, ${jobs} validated jobs from ${period.from_date} to ${period.to_date}`,
  );
  return { fromDate: period.from_date, toDate: period.to_date, clients: clientIds.length, jobs };
}
