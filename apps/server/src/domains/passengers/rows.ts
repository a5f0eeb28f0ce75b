import { and, asc, count, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ListResponse, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { listPage, searchWords } from '../../platform/http/list';
import { bookings } from '../bookings/schema';
import { clients } from '../clients/schema';
import { tagsOf } from '../reference-data/entity-tags';
import { entityTags } from '../reference-data/schema';
import { passengers } from './schema';

type Ctx = CallContext<Session>;
type Row = z.output<typeof schemas.passengerRow>;
type ListInput = z.output<typeof schemas.passengerListInput>;

export const passengerName = sql<string>`${passengers.firstName} || ' ' || ${passengers.surname}`;

/** Digits only, the form phone numbers are compared and searched in. */
export const digitsOf = (column: AnyColumn | SQL) =>
  sql<string>`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

// Both read the (company_id, passenger_id, pickup_at) index: one short range per listed passenger.
const totalBookings = sql<number>`(select count(*)::int from ${bookings} b
  where b.company_id = ${passengers.companyId} and b.passenger_id = ${passengers.id})`;
const lastBookingAt = sql<string | null>`(select max(b.pickup_at) from ${bookings} b
  where b.company_id = ${passengers.companyId} and b.passenger_id = ${passengers.id})`;

const lower = (column: AnyColumn) => sql`lower(${column})`;

export const mine = (ctx: Ctx) => eq(passengers.companyId, ctx.session.companyId);

/**
 * q on a passenger: name (either part or both), e-mail, phone and mobile; a q with digits also
 * matches numbers written differently ("07700 900" finds "07700-900…").
 */
export function passengerSearch(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const text = searchWords(term, [passengerName, passengers.email, passengers.phone, passengers.mobile]);
  const digits = term.replace(/\D/g, '');
  if (digits.length < 3 || /[a-z@]/i.test(term)) return text;
  const pattern = `%${digits}%`;
  return or(text, ilike(digitsOf(passengers.phone), pattern), ilike(digitsOf(passengers.mobile), pattern));
}

function filtersOf(ctx: Ctx, input: Partial<ListInput>): SQL | undefined {
  return and(
    mine(ctx),
    input.id ? eq(passengers.id, input.id) : undefined,
    passengerSearch(input.q),
    input.clientId ? eq(passengers.clientId, input.clientId) : undefined,
    input.isVip === undefined ? undefined : eq(passengers.isVip, input.isVip),
    input.isActive === undefined ? undefined : eq(passengers.isActive, input.isActive),
    input.tagId
      ? sql`exists (select 1 from ${entityTags} et where et.company_id = ${passengers.companyId}
          and et.owner_type = 'passenger' and et.owner_id = ${passengers.id} and et.tag_id = ${input.tagId})`
      : undefined,
  );
}

/** ORDER BY of the list; empty values last either way, the id breaks ties so pages are stable. */
function orderOf(input: Partial<ListInput>): SQL[] {
  const type = input.sortType ?? 'asc';
  const by = type === 'desc' ? desc : asc;
  const nullsLast = (column: AnyColumn | SQL) => sql`${column} ${sql.raw(type)} nulls last`;
  switch (input.sortColumn ?? 'name') {
    case 'email':
      return [nullsLast(passengers.email), by(passengers.id)];
    case 'clientName':
      return [nullsLast(sql`lower(${clients.name})`), by(lower(passengers.surname)), by(passengers.id)];
    case 'createdAt':
      return [by(passengers.createdAt), by(passengers.id)];
    case 'lastBookingAt':
      return [nullsLast(lastBookingAt), by(passengers.id)];
    default:
      // Case-insensitive: the database collates bytewise, and "baker" belongs with "Baker".
      return [by(lower(passengers.surname)), by(lower(passengers.firstName)), by(passengers.id)];
  }
}

async function rowsOf(ctx: Ctx, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<Row[]> {
  const raw = await ctx.db
    .select({
      id: passengers.id,
      title: passengers.title,
      firstName: passengers.firstName,
      surname: passengers.surname,
      name: passengerName,
      email: passengers.email,
      phone: passengers.phone,
      mobile: passengers.mobile,
      isVip: passengers.isVip,
      clientId: passengers.clientId,
      clientName: clients.name,
      isActive: passengers.isActive,
      userId: passengers.userId,
      photoKey: passengers.photoKey,
      totalBookings,
      lastBookingAt,
      createdAt: passengers.createdAt,
    })
    .from(passengers)
    .leftJoin(clients, and(eq(clients.companyId, passengers.companyId), eq(clients.id, passengers.clientId)))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const tags = await tagsOf(
    ctx,
    'passenger',
    raw.map((r) => r.id),
  );
  return raw.map(({ userId, photoKey, ...r }) => ({
    ...r,
    hasAppAccount: userId !== null,
    tags: tags.get(r.id) ?? [],
    photoUrl: ctx.services.files.url(photoKey),
    lastBookingAt: r.lastBookingAt ? new Date(r.lastBookingAt).toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Passenger/GetTableSummary. */
export function listPassengers(ctx: Ctx, input: ListInput): Promise<ListResponse<Row>> {
  const where = filtersOf(ctx, input);
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(passengers).where(where))[0]?.n ?? 0,
    rows: (limit, offset) => rowsOf(ctx, where, orderOf(input), limit, offset),
  });
}

/** One passenger as the list shows it; another company's id is not found. */
export async function passengerById(ctx: Ctx, id: number): Promise<Row> {
  const [row] = await rowsOf(ctx, filtersOf(ctx, { id }), [], 1, 0);
  if (!row) throw notFound(`Passenger ${id}`);
  return row;
}

/** The stored columns of one passenger of the caller's company, or 404. */
export async function storedPassenger(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select()
    .from(passengers)
    .where(and(mine(ctx), eq(passengers.id, id)));
  if (!row) throw notFound(`Passenger ${id}`);
  return row;
}
