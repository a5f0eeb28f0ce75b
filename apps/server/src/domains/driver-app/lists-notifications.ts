import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { countRows, listPage } from '../../platform/http/list';
import { notFound } from '../../platform/http/errors';
import { chatMessages } from '../chat/schema';
import { signedInDriverId, type Ctx } from './signed-in-driver';
import { driverNotifications } from './schema';

const mine = (ctx: Ctx) =>
  and(
    eq(driverNotifications.companyId, ctx.session.companyId),
    eq(driverNotifications.driverId, signedInDriverId(ctx)),
  );

/** Driver/GetDriverNotifications */
export function listDriverNotifications(ctx: Ctx, input: z.output<typeof schemas.driverNotificationListInput>) {
  const where = mine(ctx);
  return listPage(input, {
    count: () => countRows(ctx.db, sql`${driverNotifications}`, where),
    rows: async (limit, offset) => {
      const rows = await ctx.db
        .select()
        .from(driverNotifications)
        .where(where)
        .orderBy(desc(driverNotifications.createdAt), desc(driverNotifications.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        body: r.body,
        bookingId: r.bookingId,
        isNotified: r.isNotified,
        readAt: r.readAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  });
}

/** Driver/UpdateIsNotified: another driver's notification is "not found", and nothing changes. */
export async function markNotified(ctx: Ctx, input: z.output<typeof schemas.driverNotifiedInput>) {
  const where = and(
    mine(ctx),
    eq(driverNotifications.isNotified, false),
    input.all ? undefined : eq(driverNotifications.id, input.id ?? 0),
  );
  if (!input.all) {
    const [found] = await ctx.db
      .select({ id: driverNotifications.id })
      .from(driverNotifications)
      .where(and(mine(ctx), eq(driverNotifications.id, input.id ?? 0)));
    if (!found) throw notFound('Notification');
  }
  const updated = await ctx.db
    .update(driverNotifications)
    .set({ isNotified: true, readAt: sql`coalesce(${driverNotifications.readAt}, now())` })
    .where(where)
    .returning({ id: driverNotifications.id });
  return { updated: updated.length };
}

/** Driver/GetChatCount: messages from the office (one-to-one or broadcast) the driver has not read. */
export async function driverChatCount(ctx: Ctx) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.companyId, ctx.session.companyId),
        eq(chatMessages.driverId, signedInDriverId(ctx)),
        eq(chatMessages.fromDriver, false),
        isNull(chatMessages.readAt),
        isNull(chatMessages.deletedAt),
      ),
    );
  return { count: row?.n ?? 0 };
}
