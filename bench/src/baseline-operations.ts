import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * The booking list and the dispatch board as one would write them by hand: the same filters and
 * joins in plain SQL on a bare route — no token, no validation, no permission check, no query builder.
 */
const rowSql = `select b.id, b.status, b.payment_status, b.pickup_at, b.is_asap, b.price_minor, b.currency, b.version,
    p.first_name || ' ' || p.surname as passenger_name, p.phone as passenger_phone, c.name as client_name,
    d.first_name || ' ' || d.last_name as driver_name, d.callsign, vt.name as vehicle_type_name, v.registration,
    (select s.address from booking_stops s where s.booking_id = b.id order by s.seq limit 1) as pickup,
    (select s.address from booking_stops s where s.booking_id = b.id order by s.seq desc limit 1) as dropoff
  from bookings b
  left join passengers p on p.id = b.passenger_id
  left join clients c on c.id = b.client_id
  left join drivers d on d.id = b.driver_id
  left join vehicle_types vt on vt.id = b.vehicle_type_id
  left join vehicles v on v.id = b.vehicle_id`;

const tabStatuses: Record<string, string[]> = {
  unallocated: ['pending', 'confirmed'],
  offered: ['offered'],
  allocated: ['allocated', 'accepted'],
  active: ['on_route', 'arrived', 'on_board'],
  done: ['completed', 'no_show'],
  cancelled: ['cancelled', 'rejected'],
};

interface ListBody {
  page?: number;
  perPage?: number;
  fromDate?: string;
  toDate?: string;
  status?: string;
  statuses?: string[];
  clientId?: number;
  q?: string;
  sortType?: 'asc' | 'desc';
}

export function addOperationsBaseline(app: FastifyInstance, pool: pg.Pool, companyId: number) {
  app.post('/baseline/bookings', async (request) => {
    const body = request.body as ListBody;
    const params: unknown[] = [companyId];
    const where = ['b.company_id = $1'];
    const add = (clause: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(clause(params.length));
    };
    if (body.fromDate)
      add((n) => `b.pickup_at >= ($${n}::date)::timestamp at time zone 'Europe/London'`, body.fromDate);
    if (body.toDate) add((n) => `b.pickup_at < ($${n}::date + 1)::timestamp at time zone 'Europe/London'`, body.toDate);
    const statuses = [...(body.statuses ?? []), ...(body.status ? [body.status] : [])];
    if (statuses.length) add((n) => `b.status = any($${n})`, statuses);
    if (body.clientId) add((n) => `b.client_id = $${n}`, body.clientId);
    if (body.q?.trim())
      add(
        (n) =>
          `b.passenger_id in (select id from passengers where company_id = $1 and first_name || ' ' || surname ilike $${n})`,
        `%${body.q.trim()}%`,
      );
    const perPage = body.perPage ?? 25;
    const page = body.page ?? 0;
    const whereSql = where.join(' and ');
    const total = Number((await pool.query(`select count(*) from bookings b where ${whereSql}`, params)).rows[0].count);
    const rows = (
      await pool.query(
        `${rowSql} where ${whereSql} order by b.pickup_at ${body.sortType === 'asc' ? 'asc' : 'desc'}, b.id
         limit ${perPage} offset ${page * perPage}`,
        params,
      )
    ).rows;
    return { data: rows, total: Math.ceil(total / perPage), count: total };
  });

  app.post('/baseline/board', async (request) => {
    const body = request.body as { date: string; page?: number; perPage?: number; tab?: string };
    const perPage = body.perPage ?? 25;
    const day = `b.company_id = $1 and b.pickup_at >= ($2::date)::timestamp at time zone 'Europe/London'
      and b.pickup_at < ($2::date + 1)::timestamp at time zone 'Europe/London'`;
    const counts = (
      await pool.query(
        `select status, count(*)::int as n, sum(price_minor)::bigint as value from bookings b where ${day} group by status`,
        [companyId, body.date],
      )
    ).rows;
    const tab = body.tab ?? 'unallocated';
    const rows = (
      await pool.query(
        `${rowSql} where ${day} and b.status = any($3) order by b.pickup_at, b.id limit ${perPage} offset ${(body.page ?? 0) * perPage}`,
        [companyId, body.date, tabStatuses[tab] ?? tabStatuses.unallocated],
      )
    ).rows;
    return { counts, data: rows };
  });
}
