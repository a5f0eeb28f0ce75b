import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { applyCompanyTemplates } from '../email-settings/templates';
import { outboxMessages } from './schema';

export type OutboxRow = z.output<typeof schemas.outboxMessageRow>;
type Stored = typeof outboxMessages.$inferSelect;

export const SEND_OUTBOX = 'send-outbox';

/** The pg-boss key of a message's delivery job: the sweep looks for it before queueing again. */
export const outboxJobKey = (id: number) => `outbox:${id}`;

export interface NewMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string | null;
  body: string;
  event: string;
  bookingId?: number | null;
  /** Stored files to attach (e-mail only). */
  attachments?: { fileKey: string; fileName: string; contentType: string }[];
  /** The facts of the mail's template kind: given, the company's own wording of the kind applies. */
  facts?: Readonly<Record<string, string>>;
}

/**
 * Messages about an account (a reset link, a sign-up link) carry a one-time secret in their link:
 * the outbox shows them to the office with the secret hidden, and the stored copy loses it once sent.
 */
export const ACCOUNT_EVENTS: readonly string[] = [
  'password_reset',
  'sign_up_confirm',
  'sign_up_exists',
  'payment_link',
];

export const hideLinkSecrets = (body: string) => body.replace(/([#?&]token=)[A-Za-z0-9_-]+/g, '$1(hidden)');

export function toOutboxRow(m: Stored): OutboxRow {
  return {
    id: m.id,
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    body: ACCOUNT_EVENTS.includes(m.event) ? hideLinkSecrets(m.body) : m.body,
    event: m.event,
    bookingId: m.bookingId,
    status: m.status,
    attempts: m.attempts,
    error: m.error,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  };
}

/** Hands messages to the job queue; one that cannot be queued now is found by the sweep later. */
export async function enqueueOutbox(services: Services, ids: number[]): Promise<void> {
  for (const id of ids) {
    try {
      await services.jobs.send(SEND_OUTBOX, { id }, { singletonKey: outboxJobKey(id) });
    } catch (error) {
      services.log.warn({ err: error, outboxId: id }, 'outbox message not queued; the sweep will retry');
    }
  }
}

/**
 * Writes messages to the outbox in the caller's transaction (status queued) and queues their
 * delivery once it commits: a failed call sends nothing, and a committed one is never lost.
 */
export async function queueOutbox(ctx: CallContext<Session>, messages: NewMessage[]): Promise<OutboxRow[]> {
  return queueCompanyOutbox(ctx, ctx.session.companyId, messages);
}

/**
 * The same for a call without a session (a forgotten password, a sign-up): the company is the one
 * the caller resolved from the sign-in page's short name.
 */
export async function queueCompanyOutbox(
  ctx: CallContext<Session | null>,
  companyId: number,
  messages: NewMessage[],
): Promise<OutboxRow[]> {
  if (messages.length === 0) return [];
  const worded = await applyCompanyTemplates(ctx.db, companyId, messages);
  const rows = await ctx.db
    .insert(outboxMessages)
    .values(
      worded.map((m) => ({
        companyId,
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject ?? null,
        body: m.body,
        event: m.event,
        bookingId: m.bookingId ?? null,
        attachments: m.attachments?.length ? m.attachments : null,
      })),
    )
    .returning();
  const ids = rows.map((r) => r.id);
  ctx.afterCommit(() => enqueueOutbox(ctx.services, ids));
  return rows.map(toOutboxRow);
}
