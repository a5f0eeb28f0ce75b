import { driverPayModelSchema } from '@cabdesk/pay-engine';
import type { RootDb } from '../../../apps/server/src/platform/db/client';

/** The week and drivers the driver-pay-generate scenario pays. */
export interface DriverPayGenerateSeed {
  fromDate: string;
  toDate: string;
  drivers: number;
  jobs: number;
}

const MODEL = 'Pay bench commission';

/**
 * `driverIds` drivers paid by a commission model (a night peak, a jobs bonus, a weekly deduction: every
 * part of a statement), each with `jobsPerDriver` done jobs of last week (Monday to Sunday, company
 * calendar) validated at their price, cash, card and account in turn, among the million bookings of
 * the operations seed. Generated in SQL with generate_series. Seeded once; a later run (reused seed)
 * deletes the statements the previous run made, so the same jobs are paid again.
 */
export async function seedDriverPayGenerate(
  db: RootDb,
  companyId: number,
  driverIds: number[],
  jobsPerDriver: number,
  log: (line: string) => void,
): Promise<DriverPayGenerateSeed> {
  const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
  const period = (
    await q(
      `select to_char(w, 'YYYY-MM-DD') as from_date, to_char(w + interval '6 days', 'YYYY-MM-DD') as to_date, tz
       from (select date_trunc('week', (now() at time zone timezone)::date) - interval '7 days' as w, timezone as tz
             from companies where id = $1) c`,
      [companyId],
    )
  ).rows[0] as { from_date: string; to_date: string; tz: string };
  const existing = (
    await q(`select id from driver_payment_models where company_id = $1 and name = $2`, [companyId, MODEL])
  ).rows[0] as { id: number } | undefined;
  if (existing) {
    const paid = (
      await q(`select id from drivers where company_id = $1 and default_payment_model_id = $2`, [
        companyId,
        existing.id,
      ])
    ).rows.map((r: { id: number }) => r.id);
    for (const table of ['driver_statement_jobs', 'driver_statement_lines', 'driver_statement_settlements']) {
      await q(`delete from ${table} where company_id = $1`, [companyId]);
    }
    await q(`update driver_expenses set statement_id = null where company_id = $1`, [companyId]);
    const dropped = await q(`delete from driver_statements where company_id = $1`, [companyId]);
    await q(`delete from driver_pay_runs where company_id = $1 and status <> 'running'`, [companyId]);
    const jobs = (
      await q(
        `select count(*)::int as n from bookings b join booking_validations v on v.company_id = b.company_id and v.booking_id = b.id
          where b.company_id = $1 and b.driver_id = any($2::int[])
            and (b.pickup_at at time zone $5)::date between $3::date and $4::date`,
        [companyId, paid, period.from_date, period.to_date, period.tz],
      )
    ).rows[0] as { n: number };
    log(
      `  driver-pay-generate: reusing ${paid.length} drivers (${jobs.n} jobs); ${dropped.rowCount} statements of a run before deleted`,
    );
    await q('vacuum analyze driver_statements, driver_statement_jobs, driver_statement_lines');
    return { fromDate: period.from_date, toDate: period.to_date, drivers: paid.length, jobs: jobs.n };
  }
  const model = (
    await q(
      `insert into driver_payment_models (company_id, name, description, basis, current_version)
       values ($1, $2, 'The driver-pay bench', 'commission', 1) returning id`,
      [companyId, MODEL],
    )
  ).rows[0] as { id: number };
  const rules = driverPayModelSchema.parse({
    id: model.id,
    version: 1,
    name: MODEL,
    basis: 'commission',
    commission: { cashPercent: '25', cardPercent: '22.5', accountPercent: '20' },
    peakTimes: [{ id: 1, name: 'Weekend nights', weekdays: [5, 6], from: '22:00', to: '05:00', multiplier: '1.2' }],
    bonuses: [{ id: 1, name: 'Busy week', measure: 'jobs', bands: [{ from: 20, amount: 2500 }] }],
    deductions: [{ id: 1, name: 'App subscription', kind: 'subscription', weeklyAmount: 1250, companyCarOnly: false }],
  });
  // Made a year before, so it is in force for every job of the week.
  await q(
    `insert into driver_pay_model_versions (company_id, model_id, version, rules, created_at)
     values ($1, $2, 1, $3, now() - interval '1 year')`,
    [companyId, model.id, JSON.stringify(rules)],
  );
  await q(
    `update drivers set default_payment_model_id = $2, bank_sort_code = '20-00-00',
       bank_account_number = lpad((40000000 + id)::text, 8, '0')
     where company_id = $1 and id = any($3::int[])`,
    [companyId, model.id, driverIds],
  );
  const made = await q(
    `with b as (
       insert into bookings (company_id, status, payment_status, pickup_at, driver_id, passenger_count, price_minor,
         currency, source, payment_method, distance_metres, on_board_at, completed_at, created_at, updated_at)
       select $1, 'completed', 'paid', t, d, 1, 1500 + (k % 9000), 'GBP', 'office',
         (array['cash', 'card', 'account'])[1 + (j % 3)], 2000 + (k % 40000),
         t + interval '5 minutes', t + interval '40 minutes', t - interval '2 days', t - interval '2 days'
       from unnest($2::int[]) d, generate_series(1, $3) j,
         lateral (select (d * 7919 + j * 104729) as k) kk,
         lateral (select (($4::date + (j % 7) * interval '1 day')::timestamp
                   + (k % 1080) * interval '1 minute' + interval '5 hours') at time zone $5 as t) tt
       returning id, company_id, price_minor
     ), v as (
       insert into booking_validations (company_id, booking_id, status, accepted_minor)
       select company_id, id, 'validated', price_minor from b
     )
     select count(*)::int as n from b`,
    [companyId, driverIds, jobsPerDriver, period.from_date, period.tz],
  );
  const jobs = (made.rows[0] as { n: number }).n;
  await q('analyze drivers, bookings, booking_validations, driver_statements, driver_statement_jobs');
  log(
    `  driver-pay-generate: ${driverIds.length} drivers on a commission model, ${jobs} validated jobs from ${period.from_date} to ${period.to_date}`,
  );
  return { fromDate: period.from_date, toDate: period.to_date, drivers: driverIds.length, jobs };
}
