import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ListParams, ListResponse, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { diff, recordAudit } from '../audit/record';
import { bookers, bookings } from '../bookings/schema';
import { clients } from '../clients/schema';
import { inMemory } from '../reference-data/lookups';

type Ctx = CallContext<Session>;
type BookerRow = z.output<typeof schemas.bookerRow>;

const bookingCount = sql<number>`(select count(*)::int from ${bookings} b where b.company_id = ${bookers.companyId} and b.booker_id = ${bookers.id})`;

const rowQuery = (ctx: Ctx) =>
  ctx.db
    .select({
      id: bookers.id,
      name: bookers.name,
      email: bookers.email,
      phone: bookers.phone,
      clientId: bookers.clientId,
      clientName: clients.name,
      isActive: bookers.isActive,
      bookingCount,
      createdAt: bookers.createdAt,
    })
    .from(bookers)
    .leftJoin(clients, and(eq(clients.companyId, bookers.companyId), eq(clients.id, bookers.clientId)))
    .$dynamic();

type Raw = Awaited<ReturnType<typeof rowQuery>>[number];
const toRow = (r: Raw): BookerRow => ({ ...r, createdAt: r.createdAt.toISOString() });

async function bookerRow(ctx: Ctx, id: number): Promise<BookerRow> {
  const [row] = await rowQuery(ctx).where(and(eq(bookers.companyId, ctx.session.companyId), eq(bookers.id, id)));
  if (!row) throw notFound(`Booker ${id}`);
  return toRow(row);
}

/** A client of another company does not exist for the caller: 400 on the field, like a missing one. */
async function checkClient(ctx: Ctx, clientId: number | null | undefined): Promise<void> {
  if (!clientId) return;
  const [client] = await ctx.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, clientId)));
  if (!client) throw fieldError('clientId', 'must be a client of your company');
}

export async function listBookers(
  ctx: Ctx,
  input: z.output<typeof schemas.bookerListInput>,
): Promise<ListResponse<BookerRow>> {
  const where = and(
    eq(bookers.companyId, ctx.session.companyId),
    input.id ? eq(bookers.id, input.id) : undefined,
    input.clientId ? eq(bookers.clientId, input.clientId) : undefined,
    input.state === 'active' ? eq(bookers.isActive, true) : undefined,
    input.state === 'inactive' ? eq(bookers.isActive, false) : undefined,
    searchAny(input.q, [bookers.name, bookers.email, bookers.phone, clients.name]),
  );
  const order = orderFrom(
    input,
    {
      name: bookers.name,
      email: bookers.email,
      phone: bookers.phone,
      clientName: clients.name,
      bookingCount,
      createdAt: bookers.createdAt,
    },
    { column: 'name', type: 'asc' },
    bookers.id,
  );
  return listPage(input, {
    count: async () =>
      (
        await ctx.db
          .select({ n: count() })
          .from(bookers)
          .leftJoin(clients, and(eq(clients.companyId, bookers.companyId), eq(clients.id, bookers.clientId)))
          .where(where)
      )[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await rowQuery(ctx)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  });
}

/** Active bookers for a dropdown; a client's own bookers first, then those of no client. */
export async function bookerLookup(ctx: Ctx, input: ListParams & { clientId: number | null }) {
  const filters: (SQL | undefined)[] = [
    eq(bookers.companyId, ctx.session.companyId),
    eq(bookers.isActive, true),
    input.clientId ? or(eq(bookers.clientId, input.clientId), isNull(bookers.clientId)) : undefined,
  ];
  const rows = await ctx.db
    .select({
      id: bookers.id,
      name: bookers.name,
      email: bookers.email,
      phone: bookers.phone,
      clientId: bookers.clientId,
    })
    .from(bookers)
    .where(and(...filters))
    .orderBy(sql`${bookers.clientId} is null`, asc(bookers.name));
  return inMemory(rows, input);
}

export async function addBooker(ctx: Ctx, input: z.output<typeof schemas.bookerCreateInput>) {
  await checkClient(ctx, input.clientId);
  const [row] = await ctx.db
    .insert(bookers)
    .values({ ...input, companyId: ctx.session.companyId, createdBy: ctx.session.userId })
    .returning({ id: bookers.id });
  if (!row) throw notFound('Booker');
  await recordAudit(ctx, { entityType: 'booker', entityId: row.id, action: 'created' });
  return { data: await bookerRow(ctx, row.id), message: 'Booker added.' };
}

export async function updateBooker(ctx: Ctx, input: z.output<typeof schemas.bookerUpdateInput>) {
  const { id, ...sent } = input;
  const where = and(eq(bookers.companyId, ctx.session.companyId), eq(bookers.id, id));
  const [before] = await ctx.db.select().from(bookers).where(where).for('update');
  if (!before) throw notFound(`Booker ${id}`);
  const changes = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) as Partial<
    typeof bookers.$inferInsert
  >;
  if (changes.clientId) await checkClient(ctx, changes.clientId);
  const changed = diff(before, changes);
  if (Object.keys(changed).length > 0) {
    await ctx.db
      .update(bookers)
      .set({ ...changes, updatedAt: new Date() })
      .where(where);
    await recordAudit(ctx, { entityType: 'booker', entityId: id, action: 'updated', changes: changed });
  }
  return { data: await bookerRow(ctx, id), message: 'Booker saved.' };
}
