import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ListParams } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { listPage } from '../../platform/http/list';
import { clients } from '../clients/schema';
import { drivers } from '../drivers/schema';
import { mine, passengerName, passengerSearch, storedPassenger } from './rows';
import { passengers } from './schema';

type Ctx = CallContext<Session>;
type Paging = Pick<ListParams, 'page' | 'perPage' | 'q'>;

// Case-insensitive: the database collates bytewise, and "baker" belongs with "Baker".
const byName = [asc(sql`lower(${passengers.surname})`), asc(sql`lower(${passengers.firstName})`), asc(passengers.id)];

function activePassengers(ctx: Ctx, input: Paging, extra?: SQL) {
  return and(mine(ctx), eq(passengers.isActive, true), passengerSearch(input.q), extra);
}

const countWhere = async (ctx: Ctx, where: SQL | undefined) =>
  (await ctx.db.select({ n: count() }).from(passengers).where(where))[0]?.n ?? 0;

/** Common/GetPassengerList and GetPassengerListWithSearch: active passengers by surname. */
export function passengerLookup(ctx: Ctx, input: Paging) {
  const where = activePassengers(ctx, input);
  return listPage(input, {
    count: () => countWhere(ctx, where),
    rows: (limit, offset) =>
      ctx.db
        .select({
          id: passengers.id,
          name: passengerName,
          email: passengers.email,
          phone: sql<string | null>`coalesce(${passengers.phone}, ${passengers.mobile})`,
          clientId: passengers.clientId,
        })
        .from(passengers)
        .where(where)
        .orderBy(...byName)
        .limit(limit)
        .offset(offset),
  });
}

/** Passenger/GetClientPassengerList: a client of the company, or 404. */
export async function clientPassengers(ctx: Ctx, input: Paging & { clientId: number }) {
  const [client] = await ctx.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, input.clientId)));
  if (!client) throw notFound(`Client ${input.clientId}`);
  const where = activePassengers(ctx, input, eq(passengers.clientId, input.clientId));
  return listPage(input, {
    count: () => countWhere(ctx, where),
    rows: (limit, offset) =>
      ctx.db
        .select({
          id: passengers.id,
          name: passengerName,
          email: passengers.email,
          phone: sql<string | null>`coalesce(${passengers.phone}, ${passengers.mobile})`,
        })
        .from(passengers)
        .where(where)
        .orderBy(...byName)
        .limit(limit)
        .offset(offset),
  });
}

/** Common/GetSearchedPassenger: the booking form's passenger search, with the client they travel on. */
export function searchedPassengers(ctx: Ctx, input: Paging) {
  const where = activePassengers(ctx, input);
  return listPage(input, {
    count: () => countWhere(ctx, where),
    rows: (limit, offset) =>
      ctx.db
        .select({
          id: passengers.id,
          name: passengerName,
          email: passengers.email,
          phone: passengers.phone,
          mobile: passengers.mobile,
          isVip: passengers.isVip,
          clientId: passengers.clientId,
          clientName: clients.name,
        })
        .from(passengers)
        .leftJoin(clients, and(eq(clients.companyId, passengers.companyId), eq(clients.id, passengers.clientId)))
        .where(where)
        .orderBy(...byName)
        .limit(limit)
        .offset(offset),
  });
}

/** Common/GetPassengerClientID. */
export async function passengerClient(ctx: Ctx, id: number) {
  const passenger = await storedPassenger(ctx, id);
  if (!passenger.clientId) return { passengerID: id, clientID: 0, clientName: null };
  const [client] = await ctx.db
    .select({ name: clients.name })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, passenger.clientId)));
  return { passengerID: id, clientID: passenger.clientId, clientName: client?.name ?? null };
}

/** Common/GetPassengerSurNameList: distinct surnames (as typed first), alphabetical. */
export function surnames(ctx: Ctx, input: Paging) {
  const term = input.q?.trim();
  const where = and(
    mine(ctx),
    term ? sql`${passengers.surname} ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const distinct = ctx.db
    .selectDistinctOn([sql`lower(${passengers.surname})`], { surname: passengers.surname })
    .from(passengers)
    .where(where)
    .orderBy(sql`lower(${passengers.surname})`, passengers.surname)
    .as('surnames');
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(distinct))[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const rows = await ctx.db
        .select({ surname: distinct.surname })
        .from(distinct)
        .orderBy(sql`lower(${distinct.surname})`)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({ id: r.surname, name: r.surname }));
    },
  });
}

/**
 * Common/GetDriverPassengercontactList: active drivers and passengers with a number or an e-mail,
 * by name. The number is the mobile when there is one (messages go to mobiles).
 */
export async function contactList(ctx: Ctx, input: Paging & { type?: 'driver' | 'passenger' | undefined }) {
  const companyId = ctx.session.companyId;
  const term = input.q?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const driverRows = sql`select 'driver-' || d.id as id, 'driver' as type, d.id as person_id,
      d.first_name || ' ' || d.last_name as name, coalesce(d.mobile, d.phone) as phone, d.email as email
    from ${drivers} d
    where d.company_id = ${companyId} and d.is_active and coalesce(d.mobile, d.phone, d.email) is not null`;
  const passengerRows = sql`select 'passenger-' || p.id, 'passenger', p.id,
      p.first_name || ' ' || p.surname, coalesce(p.mobile, p.phone), p.email
    from ${passengers} p
    where p.company_id = ${companyId} and p.is_active and coalesce(p.mobile, p.phone, p.email) is not null`;
  const union =
    input.type === 'driver'
      ? driverRows
      : input.type === 'passenger'
        ? passengerRows
        : sql`${driverRows} union all ${passengerRows}`;
  const filtered = sql`select * from (${union}) c
    ${pattern ? sql`where c.name ilike ${pattern} or c.phone ilike ${pattern} or c.email ilike ${pattern}` : sql``}`;
  return listPage(input, {
    count: async () => {
      const result = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from (${filtered}) f`);
      return result.rows[0]?.n ?? 0;
    },
    rows: async (limit, offset) => {
      const result = await ctx.db.execute<{
        id: string;
        type: 'driver' | 'passenger';
        person_id: number;
        name: string;
        phone: string | null;
        email: string | null;
      }>(sql`${filtered} order by lower(c.name), c.type, c.person_id limit ${limit} offset ${offset}`);
      return result.rows.map((r) => ({
        id: r.id,
        type: r.type,
        personID: r.person_id,
        name: r.name,
        phone: r.phone,
        email: r.email,
      }));
    },
  });
}
