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
  const toPayRows = await q(
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
  await q('analyze card_payments; analyze payment_transactions; analyze bookings');
  say(`Payments seeded in ${Math.round((Date.now() - started) / 1000)} s.`);
  return toPayRows.rows.map((r: { id: number }) => r.id);
}
