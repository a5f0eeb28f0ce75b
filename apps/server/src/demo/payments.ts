import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { ownedKinds } from '../domains/ledger/post';
import { keepFiguresFromPayments } from '../domains/payments/booking-money';

/*
 * The demo's money, written set by set in SQL (thousands of bookings in a second): saved cards of
 * passengers who pay by card, at the offline provider and in the product; card payments of done card
 * jobs (a few declined), authorisations of upcoming ones; cash collected by the drivers of done cash
 * jobs; and the journal entries of all of it, so every balance and the reconciliation agree. Account
 * jobs stay unpaid until they are invoiced.
 */
export async function seedPayments(db: Db, companyId: number): Promise<void> {
  // The company id is written into the SQL as a number: parameters in an INSERT's select list would be text.
  const c = sql.raw(String(Math.trunc(companyId)));
  const account = sql.raw(`'company_${Math.trunc(companyId)}'`);
  await db.execute(sql`
    update bookings set payment_status = 'unpaid', card_authorised_minor = 0, card_captured_minor = 0,
      card_refunded_minor = 0, cash_collected_minor = 0
    where company_id = ${c} and (payment_status <> 'unpaid' or card_captured_minor <> 0 or cash_collected_minor <> 0
      or card_authorised_minor <> 0 or card_refunded_minor <> 0)`);

  // Saved cards: one per passenger who pays by card (one in fifty expired; every seventh a Mastercard).
  await db.execute(sql`
    with payers as (
      select distinct p.id, p.email from passengers p
      join bookings b on b.company_id = p.company_id and b.passenger_id = p.id and b.payment_method = 'card'
      where p.company_id = ${c}
    ), customers as (
      insert into offline_provider_objects (id, account, kind, data)
      select 'cus_demo_' || ${c} || '_' || id, ${account}, 'customer',
             jsonb_build_object('id', 'cus_demo_' || ${c} || '_' || id, 'email', email, 'name', null)
      from payers returning id
    )
    insert into payment_customers (company_id, owner_kind, owner_id, provider, customer_ref)
    select ${c}, 'passenger', split_part(id, '_', 4)::int, 'offline', id from customers`);
  await db.execute(sql`
    with cards as (
      select pc.owner_id as passenger_id, pc.customer_ref,
             case when pc.owner_id % 7 = 0 then '5555555555554444' else '4242424242424242' end as number,
             case when pc.owner_id % 7 = 0 then 'mastercard' else 'visa' end as brand,
             1 + pc.owner_id % 12 as exp_month,
             case when pc.owner_id % 50 = 0 then 2025 else 2028 + pc.owner_id % 4 end as exp_year
      from payment_customers pc where pc.company_id = ${c} and pc.owner_kind = 'passenger'
    ), stored as (
      insert into offline_provider_objects (id, account, kind, data)
      select 'card_demo_' || ${c} || '_' || passenger_id, ${account}, 'card',
             jsonb_build_object('id', 'card_demo_' || ${c} || '_' || passenger_id, 'customerId', customer_ref,
               'brand', brand, 'last4', right(number, 4), 'expMonth', exp_month, 'expYear', exp_year,
               'number', number, 'detached', false)
      from cards returning id
    )
    insert into payment_cards (company_id, owner_kind, owner_id, provider, customer_ref, card_ref, brand, last4,
                               exp_month, exp_year, is_default)
    select ${c}, 'passenger', passenger_id, 'offline', customer_ref, 'card_demo_' || ${c} || '_' || passenger_id,
           brand, right(number, 4), exp_month, exp_year, true
    from cards`);

  // Done card jobs: paid by card, one in twelve declined; upcoming confirmed card jobs: authorised.
  await db.execute(sql`
    with jobs as (
      select b.id, b.passenger_id, b.price_minor, b.currency, coalesce(b.completed_at, b.pickup_at) as at,
             b.status, pc.id as card_id, pc.card_ref, pc.customer_ref, pc.brand, pc.last4,
             case when b.status in ('completed', 'no_show') then (case when b.id % 12 = 0 then 'failed' else 'succeeded' end)
                  else 'requires_capture' end as outcome
      from bookings b
      join payment_cards pc on pc.company_id = b.company_id and pc.owner_kind = 'passenger'
                           and pc.owner_id = b.passenger_id and pc.is_default
      where b.company_id = ${c} and b.payment_method = 'card' and b.price_minor > 0
        and (b.status in ('completed', 'no_show') or (b.status in ('confirmed', 'allocated') and b.id % 3 = 0))
    ), intents as (
      insert into offline_provider_objects (id, account, kind, data)
      select 'pi_demo_' || ${c} || '_' || id, ${account}, 'intent', jsonb_build_object(
        'id', 'pi_demo_' || ${c} || '_' || id,
        'status', case outcome when 'failed' then 'requires_payment_method' else outcome end,
        'amount', price_minor, 'currency', lower(currency),
        'amountCapturable', case outcome when 'requires_capture' then price_minor else 0 end,
        'amountReceived', case outcome when 'succeeded' then price_minor else 0 end,
        'customerId', customer_ref, 'cardId', card_ref, 'clientSecret', 'pi_demo_secret',
        'lastError', case outcome when 'failed' then jsonb_build_object('code', 'card_declined', 'message', 'The card was declined.') end,
        'metadata', jsonb_build_object('bookingId', id::text, 'companyId', '${c}'))
      from jobs returning id
    ), payments as (
      insert into card_payments (company_id, booking_id, provider, intent_ref, idempotency_key, card_id, brand, last4,
                                 payer_kind, payer_id, status, amount_minor, captured_minor, currency, error_code,
                                 error_message, created_at, updated_at)
      select ${c}, id, 'offline', 'pi_demo_' || ${c} || '_' || id, 'demo:' || ${c} || ':' || id, card_id, brand, last4,
             'passenger', passenger_id, outcome, price_minor, case outcome when 'succeeded' then price_minor else 0 end,
             currency, case outcome when 'failed' then 'card_declined' end,
             case outcome when 'failed' then 'The card was declined.' end, at, at
      from jobs returning id, booking_id, status, amount_minor, currency, brand, last4, intent_ref, payer_id, created_at
    )
    insert into payment_transactions (company_id, booking_id, passenger_id, driver_id, card_payment_id, kind, method,
                                      amount_minor, currency, reference, provider_ref, created_at, updated_at)
    select ${c}, p.booking_id, p.payer_id, b.driver_id, p.id,
           case p.status when 'succeeded' then 'charge' when 'failed' then 'declined' else 'authorisation' end,
           'card', p.amount_minor, p.currency, initcap(p.brand) || ' ending ' || p.last4, p.intent_ref,
           p.created_at, p.created_at
    from payments p join bookings b on b.company_id = ${c} and b.id = p.booking_id`);

  // Cash jobs done by a driver: the driver collected the fare.
  await db.execute(sql`
    insert into payment_transactions (company_id, booking_id, client_id, passenger_id, driver_id, kind, method,
                                      amount_minor, currency, created_at, updated_at)
    select ${c}, b.id, b.client_id, b.passenger_id, b.driver_id, 'cashCollection', 'cash', b.price_minor, b.currency,
           coalesce(b.completed_at, b.pickup_at), coalesce(b.completed_at, b.pickup_at)
    from bookings b
    where b.company_id = ${c} and b.payment_method = 'cash' and b.status in ('completed', 'no_show')
      and b.driver_id is not null and b.price_minor > 0 and b.passenger_id is not null`);

  await db.execute(sql`
    update bookings b set payment_status = case when t.kind = 'authorisation' then 'authorised' else 'paid' end
    from payment_transactions t
    where t.company_id = ${c} and b.company_id = ${c} and b.id = t.booking_id
      and t.kind in ('charge', 'cashCollection', 'authorisation')`);
  await keepFiguresFromPayments(db, companyId);

  await postDemoLedger(db, companyId);
}

/** The journal of the demo's money: fares earned, card payments, cash collected; balances from the lines. */
async function postDemoLedger(db: Db, companyId: number): Promise<void> {
  const c = sql.raw(String(Math.trunc(companyId)));
  await db.execute(sql`
    insert into ledger_accounts (company_id, kind, owner_id)
    select distinct ${c}, kind, owner_id from (
      select case when b.payment_method = 'account' and b.client_id is not null then 'clientReceivable' else 'passengerReceivable' end as kind,
             case when b.payment_method = 'account' and b.client_id is not null then b.client_id else b.passenger_id end as owner_id
      from bookings b where b.company_id = ${c} and b.status in ('completed', 'no_show') and b.price_minor > 0
        and coalesce(b.passenger_id, b.client_id) is not null
      union all select 'driverCash', driver_id from payment_transactions
        where company_id = ${c} and kind = 'cashCollection'
      union all select 'revenue', 0 union all select 'cardClearing', 0
    ) accounts where owner_id is not null
    on conflict do nothing`);

  const receivable = sql`(select a.id from ledger_accounts a where a.company_id = ${c}
      and a.kind = case when b.payment_method = 'account' and b.client_id is not null then 'clientReceivable' else 'passengerReceivable' end
      and a.owner_id = case when b.payment_method = 'account' and b.client_id is not null then b.client_id else b.passenger_id end)`;
  const companyAccount = (kind: string) =>
    sql`(select a.id from ledger_accounts a where a.company_id = ${c} and a.kind = ${kind} and a.owner_id = 0)`;

  await db.execute(sql`
    with entries as (
      insert into journal_entries (company_id, kind, description, booking_id, idempotency_key, posted_at)
      select ${c}, 'fareEarned', 'Fare of booking ' || b.id, b.id, 'booking:' || b.id || ':earned',
             coalesce(b.completed_at, b.pickup_at)
      from bookings b where b.company_id = ${c} and b.status in ('completed', 'no_show') and b.price_minor > 0
        and coalesce(b.passenger_id, b.client_id) is not null
      returning id, booking_id
    )
    insert into journal_lines (company_id, entry_id, account_id, amount_minor)
    select ${c}, e.id, ${receivable}, b.price_minor from entries e join bookings b on b.company_id = ${c} and b.id = e.booking_id
    union all
    select ${c}, e.id, ${companyAccount('revenue')}, -b.price_minor from entries e join bookings b on b.company_id = ${c} and b.id = e.booking_id`);

  await db.execute(sql`
    with entries as (
      insert into journal_entries (company_id, kind, description, booking_id, idempotency_key, posted_at)
      select ${c}, case t.kind when 'charge' then 'cardPayment' else 'cashCollection' end,
             case t.kind when 'charge' then 'Card payment for booking ' else 'Cash collected for booking ' end || t.booking_id,
             t.booking_id,
             case t.kind when 'charge' then 'card:' || t.provider_ref || ':received:' || t.amount_minor
                  else 'booking:' || t.booking_id || ':cash' end,
             t.created_at
      from payment_transactions t where t.company_id = ${c} and t.kind in ('charge', 'cashCollection')
      returning id, booking_id, kind
    ), lines as (
      select e.id as entry_id, e.kind, t.amount_minor, t.driver_id, b.payment_method, b.client_id, b.passenger_id
      from entries e
      join payment_transactions t on t.company_id = ${c} and t.booking_id = e.booking_id
       and t.kind = case e.kind when 'cardPayment' then 'charge' else 'cashCollection' end
      join bookings b on b.company_id = ${c} and b.id = e.booking_id
    )
    insert into journal_lines (company_id, entry_id, account_id, amount_minor)
    select ${c}, l.entry_id,
           case l.kind when 'cardPayment' then ${companyAccount('cardClearing')}
                else (select a.id from ledger_accounts a where a.company_id = ${c} and a.kind = 'driverCash' and a.owner_id = l.driver_id) end,
           l.amount_minor
    from lines l
    union all
    select ${c}, l.entry_id,
           (select a.id from ledger_accounts a where a.company_id = ${c}
              and a.kind = case when l.payment_method = 'account' and l.client_id is not null then 'clientReceivable' else 'passengerReceivable' end
              and a.owner_id = case when l.payment_method = 'account' and l.client_id is not null then l.client_id else l.passenger_id end),
           -l.amount_minor
    from lines l`);

  await db.execute(sql`
    update payment_transactions t set journal_entry_id = e.id
    from journal_entries e
    where t.company_id = ${c} and e.company_id = ${c} and e.booking_id = t.booking_id
      and e.kind = case t.kind when 'charge' then 'cardPayment' when 'cashCollection' then 'cashCollection' end`);

  // Owned accounts keep their balance on their row; company-wide ones are summed when read (docs/ledger.md).
  await db.execute(sql`
    update ledger_accounts a set balance_minor = coalesce(
      (select sum(l.amount_minor) from journal_lines l where l.company_id = ${c} and l.account_id = a.id), 0)
    where a.company_id = ${c} and a.kind in (${sql.join(
      ownedKinds.map((k) => sql`${k}`),
      sql`, `,
    )})`);
}
