import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListResponse, schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { ACCOUNT_EVENTS, type OutboxRow, toOutboxRow } from './outbox';
import { outboxMessages as o } from './schema';

type Input = z.output<typeof schemas.outboxListInput>;

/** The company's outbox, newest first; `id` > 0 answers that one message. */
export async function listOutbox(ctx: CallContext<Session>, input: Input): Promise<ListResponse<OutboxRow>> {
  const filters: (SQL | undefined)[] = [
    eq(o.companyId, ctx.session.companyId),
    input.id ? eq(o.id, input.id) : undefined,
    input.status ? eq(o.status, input.status) : undefined,
    input.channel ? eq(o.channel, input.channel) : undefined,
    input.bookingId ? eq(o.bookingId, input.bookingId) : undefined,
    input.event ? eq(o.event, input.event) : undefined,
    // The text of an account message holds a one-time link: searching it would spell the secret out.
    searchAny(input.q, [
      o.recipient,
      o.subject,
      sql`case when ${inArray(o.event, [...ACCOUNT_EVENTS])} then '' else ${o.body} end`,
    ]),
  ];
  const where = and(...filters);
  const order = orderFrom(
    input,
    {
      createdAt: o.createdAt,
      status: o.status,
      channel: o.channel,
      recipient: o.recipient,
      attempts: o.attempts,
      event: o.event,
    },
    { column: 'createdAt', type: 'desc' },
    o.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(o).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      (
        await ctx.db
          .select()
          .from(o)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(toOutboxRow),
  });
}
