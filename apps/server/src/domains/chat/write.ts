import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CallOutput } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { bookings } from '../bookings/schema';
import { drivers } from '../drivers/schema';
import { conversationOf, messagesByIds, type ChatMessage } from './messages';
import { chatMessages } from './schema';

type Ctx = CallContext<Session>;
type ReadMark = CallOutput<'Staff/UpdateStatusOfUnreadMessages'>;

/** A driver of the caller's company, or 404 (another company's driver does not exist here). */
export async function chatDriver(ctx: Ctx, driverId: number) {
  const [row] = await ctx.db
    .select({ id: drivers.id, isActive: drivers.isActive })
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, driverId)));
  if (!row) throw notFound(`Driver ${driverId}`);
  return row;
}

async function checkBooking(ctx: Ctx, bookingId: number | null, driverId: number): Promise<void> {
  if (!bookingId) return;
  const [row] = await ctx.db
    .select({ driverId: bookings.driverId })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, bookingId)));
  if (!row) throw fieldError('bookingId', 'must be a booking of your company');
  // A driver may only talk about jobs they hold; the office may mention any booking.
  if (ctx.session.kind === 'driver' && row.driverId !== driverId) {
    throw fieldError('bookingId', 'must be one of your own bookings');
  }
}

/** Tells the office screens and that driver's app, once the call commits. */
export const announce = (ctx: Ctx, type: string, driverId: number, payload: Record<string, unknown> = {}) =>
  emit(ctx, { type, driverId, payload: { driverId, ...payload } });

/** Writes one message in either direction and announces it live. */
export async function writeMessage(
  ctx: Ctx,
  m: { driverId: number; fromDriver: boolean; message: string; bookingId: number | null },
): Promise<ChatMessage> {
  await checkBooking(ctx, m.bookingId, m.driverId);
  const [row] = await ctx.db
    .insert(chatMessages)
    .values({
      companyId: ctx.session.companyId,
      driverId: m.driverId,
      fromDriver: m.fromDriver,
      staffUserId: m.fromDriver ? null : ctx.session.userId,
      body: m.message,
      bookingId: m.bookingId,
    })
    .returning({ id: chatMessages.id });
  const [message] = await messagesByIds(ctx, [row!.id]);
  await announce(ctx, 'chat.message', m.driverId, { message });
  return message!;
}

/** Staff/SendBroadCastMessageToAllActiveDriver: one row per switched-on driver, each announced. */
export async function broadcast(ctx: Ctx, message: string) {
  const targets = await ctx.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.isActive, true)))
    .orderBy(drivers.id);
  if (!targets.length) throw conflict('There is no switched-on driver to send the message to.');
  const rows = await ctx.db
    .insert(chatMessages)
    .values(
      targets.map((d) => ({
        companyId: ctx.session.companyId,
        driverId: d.id,
        fromDriver: false,
        staffUserId: ctx.session.userId,
        body: message,
        isBroadcast: true,
      })),
    )
    .returning({ id: chatMessages.id });
  const messages = await messagesByIds(
    ctx,
    rows.map((r) => r.id),
  );
  for (const m of messages) await announce(ctx, 'chat.message', m.driverId, { message: m });
  return { sent: messages.length, driverIds: messages.map((m) => m.driverId) };
}

/**
 * Marks unread messages of one direction read: `fromDriver` true for what the office reads, false
 * for what a driver reads. Each touched conversation is announced so badges clear everywhere.
 */
export async function markRead(
  ctx: Ctx,
  scope: { fromDriver: boolean; driverId?: number; ids?: number[] },
): Promise<ReadMark> {
  const readAt = new Date();
  const rows = await ctx.db
    .update(chatMessages)
    .set({ readAt })
    .where(
      and(
        eq(chatMessages.companyId, ctx.session.companyId),
        eq(chatMessages.fromDriver, scope.fromDriver),
        isNull(chatMessages.readAt),
        isNull(chatMessages.deletedAt),
        scope.driverId ? eq(chatMessages.driverId, scope.driverId) : undefined,
        scope.ids ? inArray(chatMessages.id, scope.ids) : undefined,
      ),
    )
    .returning({ id: chatMessages.id, driverId: chatMessages.driverId });
  const readAtIso = readAt.toISOString();
  const byDriver = new Map<number, number[]>();
  for (const r of rows) byDriver.set(r.driverId, [...(byDriver.get(r.driverId) ?? []), r.id]);
  for (const [driverId, ids] of byDriver) {
    await announce(ctx, 'chat.read', driverId, { ids, fromDriver: scope.fromDriver, readAt: readAtIso });
  }
  return { updated: rows.length, readAt: readAtIso };
}

/** Staff/UpdateStatusOfNotificationMessages: the ids must be drivers' messages of this company. */
export async function markNotificationsRead(ctx: Ctx, ids: number[]): Promise<ReadMark> {
  const unique = [...new Set(ids)];
  const found = await ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.companyId, ctx.session.companyId),
        eq(chatMessages.fromDriver, true),
        isNull(chatMessages.deletedAt),
        inArray(chatMessages.id, unique),
      ),
    );
  if (found.length !== unique.length) {
    const known = new Set(found.map((f) => f.id));
    const missing = unique.filter((id) => !known.has(id));
    throw fieldError('ids', `must be drivers' messages of your company (not: ${missing.join(', ')})`);
  }
  return markRead(ctx, { fromDriver: true, ids: unique });
}

/** Staff/DeleteDriverChat: the conversation disappears from both sides; the rows stay, marked. */
export async function deleteChat(ctx: Ctx, driverId: number) {
  await chatDriver(ctx, driverId);
  const rows = await ctx.db
    .update(chatMessages)
    .set({ deletedAt: new Date() })
    .where(conversationOf(ctx.session.companyId, driverId))
    .returning({ id: chatMessages.id });
  await recordAudit(ctx, {
    entityType: 'driver',
    entityId: driverId,
    action: 'chat_deleted',
    changes: { messages: { before: rows.length, after: 0 } },
  });
  await announce(ctx, 'chat.deleted', driverId);
  return { driverId, deleted: rows.length };
}
