import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CallOutput, ListParams } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage } from '../../platform/http/list';
import { users } from '../auth/schema';
import { drivers } from '../drivers/schema';
import { chatMessages } from './schema';

type Ctx = CallContext<Session>;
export type ChatMessage = CallOutput<'Staff/SendMessage'>;

const driverName = sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`;

const messageColumns = {
  id: chatMessages.id,
  driverId: chatMessages.driverId,
  fromDriver: chatMessages.fromDriver,
  staffUserId: chatMessages.staffUserId,
  staffName: users.fullName,
  driverName,
  message: chatMessages.body,
  isBroadcast: chatMessages.isBroadcast,
  bookingId: chatMessages.bookingId,
  readAt: chatMessages.readAt,
  createdAt: chatMessages.createdAt,
};

const messageQuery = (ctx: Ctx) =>
  ctx.db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(drivers, and(eq(drivers.companyId, chatMessages.companyId), eq(drivers.id, chatMessages.driverId)))
    .leftJoin(users, eq(users.id, chatMessages.staffUserId))
    .$dynamic();

type Raw = Awaited<ReturnType<ReturnType<typeof messageQuery>['execute']>>[number];

function toMessage({ staffName, driverName: name, ...r }: Raw): ChatMessage {
  return {
    ...r,
    senderName: r.fromDriver ? name : (staffName ?? 'Office'),
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The live conversation of one driver: what neither side has deleted. */
export const conversationOf = (companyId: number, driverId: number): SQL =>
  and(eq(chatMessages.companyId, companyId), eq(chatMessages.driverId, driverId), isNull(chatMessages.deletedAt))!;

/** One conversation, newest first by default, paged the list way. */
export async function listMessages(ctx: Ctx, driverId: number, params: ListParams) {
  const where = conversationOf(ctx.session.companyId, driverId);
  const by = params.sortType === 'asc' ? asc : desc;
  return listPage(params, {
    count: async () => (await ctx.db.select({ n: count() }).from(chatMessages).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await messageQuery(ctx)
          .where(where)
          .orderBy(by(chatMessages.createdAt), by(chatMessages.id))
          .limit(limit)
          .offset(offset)
      ).map(toMessage),
  });
}

/** Reads back freshly written messages with their sender's name. */
export async function messagesByIds(ctx: Ctx, ids: number[]): Promise<ChatMessage[]> {
  if (!ids.length) return [];
  const rows = await messageQuery(ctx)
    .where(and(eq(chatMessages.companyId, ctx.session.companyId), inArray(chatMessages.id, ids)))
    .orderBy(asc(chatMessages.id));
  return rows.map(toMessage);
}
