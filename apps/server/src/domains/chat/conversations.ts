import { and, count, eq, or, sql } from 'drizzle-orm';
import type { ParsedInput } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { drivers } from '../drivers/schema';
import { chatMessages } from './schema';

type Ctx = CallContext<Session>;

// Spelt out: in a one-table select Drizzle leaves columns bare, and a bare "id" would bind to m.
const outer = sql.raw('"drivers"."company_id"');
const outerId = sql.raw('"drivers"."id"');

/** The newest live message of the driver of the outer row; each column is its own indexed look-up. */
const last = <T>(column: string) =>
  sql<T>`(select ${sql.raw(column)} from ${chatMessages} m where m.company_id = ${outer} and m.driver_id = ${outerId} and m.deleted_at is null order by m.created_at desc, m.id desc limit 1)`;

const lastMessage = last<string | null>('m.body');
const lastMessageAt = last<Date | string | null>('m.created_at');
const lastFromDriver = last<boolean | null>('m.from_driver');
const unreadCount = sql<number>`(select count(*)::int from ${chatMessages} m where m.company_id = ${outer} and m.driver_id = ${outerId} and m.from_driver and m.read_at is null and m.deleted_at is null)`;
const hasMessages = sql<boolean>`exists (select 1 from ${chatMessages} m where m.company_id = ${outer} and m.driver_id = ${outerId} and m.deleted_at is null)`;
const driverName = sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`;

/**
 * Staff/GetTableSummaryDispatcherChatsList: every switched-on driver (so a chat can start) and any
 * other driver with a live conversation; latest message first, drivers never written to last.
 */
export async function listConversations(ctx: Ctx, input: ParsedInput<'Staff/GetTableSummaryDispatcherChatsList'>) {
  const where = and(
    eq(drivers.companyId, ctx.session.companyId),
    or(eq(drivers.isActive, true), hasMessages),
    searchAny(input.q, [driverName, drivers.callsign]),
    input.onlyUnread ? sql`${unreadCount} > 0` : undefined,
  );
  const order = orderFrom(
    input,
    {
      lastMessageAt: sql`${lastMessageAt}`,
      driverName: sql`lower(${driverName})`,
      unreadCount,
    },
    { column: 'lastMessageAt', type: 'desc' },
    drivers.id,
  );
  // Drivers never written to go last whichever way the list is sorted.
  const ordered =
    (input.sortColumn ?? 'lastMessageAt') === 'lastMessageAt' ? [sql`${lastMessageAt} is null`, ...order] : order;
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(drivers).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const rows = await ctx.db
        .select({
          driverId: drivers.id,
          driverName,
          callsign: drivers.callsign,
          availability: drivers.availability,
          isActive: drivers.isActive,
          lastMessage,
          lastMessageAt,
          lastFromDriver,
          unreadCount,
        })
        .from(drivers)
        .where(where)
        .orderBy(...ordered)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...r,
        lastMessageAt: r.lastMessageAt ? new Date(r.lastMessageAt).toISOString() : null,
      }));
    },
  });
}
