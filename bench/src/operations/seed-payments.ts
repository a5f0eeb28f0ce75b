import { keepFiguresFromPayments } from '../../../apps/server/src/domains/payments/booking-money';
import type { RootDb } from '../../../apps/server/src/platform/db/client';

/**
 * The money behind the seeded bookings, in a few set-based statements (about a minute for a million
 * bookings): a succeeded card payment and its charge step for every paid card booking, a cash
 * collection for every paid cash booking, and `toPay` upcoming card bookings with nothing paid yet
 * for the card payment scenario to pay, spread over every passenger (one payer's account would make
 * every payment wait for the one before: its ledger balance is one row). The ledger is not seeded: the lists read none of it but the
 * drivers' cash balances, which start at zero.
 */
export async function seedPayments(
  db: RootDb,
  companyId: number,
  toPay: number,
  say: (line: string) => void,
): Promise<number[]> {
  const started = Date.now();
  const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
  // A database seeded by an earlier run (BENCH_REUSE_SEED) keeps its payments; what that run left unpaid
  // is paid now, and only the rest is made.
  const seeded = await q(`select 1 from card_payments where company_id = $1 and intent_ref like 'pi_seed_%' limit 1`, [
    companyId,
  ]);
  if (seeded.rowCount) {
    const left = await q(
      `select b.id from bookings b
       where b.company_id = $1 and b.payment_method = 'card' and b.status = 'confirmed' and b.payment_status = 'unpaid'
         and b.source = 'office' and b.pickup_at > now() + interval '1 day'
         and not exists (select 1 from card_payments c where c.company_id = b.company_id and c.booking_id = b.id)
       order by b.id limit $2`,
      [companyId, toPay],
    );
    const ids = left.rows.map((r: { id: number }) => r.id);
    const more = ids.length < toPay ? await upcomingToPay(db, companyId, toPay - ids.length) : [];
    say(`Payments seeded before: ${ids.length} bookings left to pay, ${more.length} made.`);
    return [...ids, ...more];
  }
  await q(
    `insert into card_payments (company_id, booking_id, provider, intent_ref, idempotency_key, brand, last4,
       payer_kind, payer_id, status, amount_minor, captured_minor, currency, created_at, updated_at)
     select b.company_id, b.id, 'offline', 'pi_seed_' || b.id, 'seed:' || b.id,
       (array['visa','mastercard','amex'])[1 + b.id % 3], lpad((b.id % 10000)::text, 4, '0'),
       'passenger', b.passenger_id, 'succeeded', b.price_minor, b.price_minor, b.currency,
       coalesce(b.completed_at, b.pickup_at), coalesce(b.completed_at, b.pickup_at)
     from bookings b
     where b.company_id = $1 and b.payment_method = 'card' and b.payment_status = 'paid' and b.price_minor > 0`,
    [companyId],
  );
  await q(
    `insert into payment_transactions (company_id, booking_id, client_id, passenger_id, driver_id, card_payment_id,
       kind, method, amount_minor, currency, provider_ref, created_at, updated_at)
     select c.company_id, c.booking_id, b.client_id, b.passenger_id, b.driver_id, c.id, 'charge', 'card',
       c.captured_minor, c.currency, c.intent_ref, c.created_at, c.created_at
     from card_payments c join bookings b on b.company_id = c.company_id and b.id = c.booking_id
     where c.company_id = $1`,
    [companyId],
  );
  await q(
    `insert into payment_transactions (company_id, booking_id, client_id, passenger_id, driver_id, kind, method,
       amount_minor, currency, created_at, updated_at)
     select b.company_id, b.id, b.client_id, b.passenger_id, b.driver_id, 'cashCollection', 'cash',
       b.price_minor + (case when b.id % 20 = 0 then 200 else 0 end), b.currency,
       coalesce(b.completed_at, b.pickup_at), coalesce(b.completed_at, b.pickup_at)
     from bookings b
     where b.company_id = $1 and b.payment_method = 'cash' and b.payment_status = 'paid' and b.driver_id is not null
       and b.price_minor > 0`,
    [companyId],
  );
  await keepFiguresFromPayments(db, companyId);
  const ids = await upcomingToPay(db, companyId, toPay);
  await q('analyze card_payments; analyze payment_transactions; analyze bookings');
  say(`Payments seeded in ${Math.round((Date.now() - started) / 1000)} s.`);
  return ids;
}

/** Upcoming confirmed card bookings with nothing paid, spread over every passenger. */
async function upcomingToPay(db: RootDb, companyId: number, toPay: number): Promise<number[]> {
  const toPayRows = await db.$client.query(
    `insert into bookings (company_id, status, payment_status, pickup_at, passenger_id, vehicle_type_id,
       passenger_count, price_minor, currency, source, payment_method, created_at, updated_at)
     select $1, 'confirmed', 'unpaid', now() + interval '3 days' + (g * interval '1 second'),
       p.ids[1 + g % array_length(p.ids, 1)], v.id, 1, 1500 + (g % 5000), 'GBP', 'office', 'card', now(), now()
     from generate_series(1, $2::int) g
     cross join (select array_agg(id) as ids from passengers where company_id = $1) p
     cross join (select id from vehicle_types where company_id = $1 order by id limit 1) v
     returning id`,
    [companyId, toPay],
  );
  return toPayRows.rows.map((r: { id: number }) => r.id);
}
