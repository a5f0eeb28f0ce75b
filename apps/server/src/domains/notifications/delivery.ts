import { and, eq, sql } from 'drizzle-orm';
import type { Services } from '../../platform/services';
import { JOBS_SCHEMA } from '../../platform/jobs/queue';
import type { Db } from '../../platform/db/client';
import { companyLook } from '../company/look';
import { channelsOf, type MailMessage } from './channels';
import { companyMailChannel } from '../email-settings/smtp';
import { companyProviderConfig } from '../provider-settings/effective';
import { companyMail } from './mail-look';
import { smsProviderFor } from './sms';
import { ACCOUNT_EVENTS, enqueueOutbox, hideLinkSecrets, SEND_OUTBOX } from './outbox';
import { outboxMessages } from './schema';

/** The first try and four retries (after about 30 s, 1, 2 and 4 minutes). */
export const MAX_ATTEMPTS = 5;
export const RETRY_DELAY_SECONDS = 30;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The mail's HTML in its company's colours, logo and footer. */
async function inCompanyLook(db: Db, companyId: number, subject: string, text: string) {
  const look = await companyLook(db, companyId);
  return companyMail(look, look.logoUrl, subject, text);
}

/** The stored files an e-mail carries; a missing file fails the attempt (retried, then failed). */
async function filesOf(services: Services, attachments: (typeof outboxMessages.$inferSelect)['attachments']) {
  const files: { filename: string; content: Buffer; contentType: string }[] = [];
  for (const a of attachments ?? []) {
    const content = await services.files.read(a.fileKey);
    if (!content) throw new Error(`attachment ${a.fileName} is missing from the file store`);
    files.push({ filename: a.fileName, content, contentType: a.contentType });
  }
  return files;
}

const withFiles = (message: MailMessage, files: Awaited<ReturnType<typeof filesOf>>): MailMessage =>
  files.length ? { ...message, attachments: [...(message.attachments ?? []), ...files] } : message;

/**
 * Delivers one outbox message. The row is locked, so two workers never send it twice, and only a
 * queued row is sent. A failure is recorded on the row and thrown so that the queue retries it;
 * the last allowed attempt marks it failed instead.
 */
export async function deliverOutboxMessage(services: Services, id: number): Promise<void> {
  const failure = await services.db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id))
      .for('update', { skipLocked: true });
    if (!message || message.status !== 'queued') return null;
    const attempts = message.attempts + 1;
    const channels = channelsOf(services);
    try {
      const outcome =
        message.channel === 'email'
          ? await (
              await companyMailChannel(services, tx, message.companyId, channels.mail)
            ).send(
              withFiles(
                {
                  to: message.recipient,
                  subject: message.subject ?? '',
                  text: message.body,
                  ...(await inCompanyLook(tx, message.companyId, message.subject ?? '', message.body)),
                },
                await filesOf(services, message.attachments),
              ),
            )
          : await smsProviderFor(await companyProviderConfig(services, tx, message.companyId, ['sms'])).send(
              message.recipient,
              message.body,
            );
      await tx
        .update(outboxMessages)
        .set({
          status: outcome,
          attempts,
          error: null,
          sentAt: outcome === 'sent' ? new Date() : null,
          // A one-time link is kept only until the mail is out.
          ...(outcome === 'sent' && ACCOUNT_EVENTS.includes(message.event)
            ? { body: hideLinkSecrets(message.body) }
            : {}),
        })
        .where(eq(outboxMessages.id, id));
      return null;
    } catch (error) {
      const last = attempts >= MAX_ATTEMPTS;
      await tx
        .update(outboxMessages)
        .set({ status: last ? 'failed' : 'queued', attempts, error: describe(error) })
        .where(eq(outboxMessages.id, id));
      return last ? null : error;
    }
  });
  if (failure) throw failure instanceof Error ? failure : new Error(describe(failure));
}

/**
 * Queues again the messages that were committed but whose job never reached the queue (a crash
 * between commit and send, or a queue that was not running): queued for over a minute, no live job.
 */
export async function sweepOutbox(services: Services): Promise<number> {
  const rows = await services.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'queued'),
        sql`${outboxMessages.createdAt} < now() - interval '1 minute'`,
        sql`not exists (select 1 from ${sql.raw(JOBS_SCHEMA)}.job j where j.name = ${SEND_OUTBOX}
              and j.singleton_key = 'outbox:' || ${outboxMessages.id}::text and j.state < 'completed')`,
      ),
    )
    .orderBy(outboxMessages.id)
    .limit(500);
  await enqueueOutbox(
    services,
    rows.map((r) => r.id),
  );
  return rows.length;
}
