/**
 * A message whose delivery job was taken by a process that then died: pg-boss keeps such a job
 * taken until it expires. The delivery job expires after DELIVERY_EXPIRES_SECONDS (not pg-boss's 15
 * minutes) and maintenance runs every 30 s, so the message goes out soon after, once.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELIVERY_EXPIRES_SECONDS } from '../src/domains/notifications/jobs';
import { SEND_OUTBOX } from '../src/domains/notifications/outbox';
import { outboxMessages } from '../src/domains/notifications/schema';
import { JOBS_SCHEMA } from '../src/platform/jobs/queue';
import { createCompany } from './factories';
import { createTestApp } from './harness';

describe('a delivery job left taken by a dead process', () => {
  it('expires after the delivery limit and the message is delivered once', { timeout: 120_000 }, async () => {
    const { db } = await createTestApp();
    const company = await createCompany(db);
    const [queue] = (
      await db.execute<{ expire_seconds: number }>(
        sql`select expire_seconds from ${sql.raw(JOBS_SCHEMA)}.queue where name = ${SEND_OUTBOX}`,
      )
    ).rows;
    expect(queue?.expire_seconds).toBe(DELIVERY_EXPIRES_SECONDS);

    const [message] = await db
      .insert(outboxMessages)
      .values({
        companyId: company.id,
        channel: 'email',
        recipient: 'stranded@example.test',
        subject: 'Your booking',
        body: 'Being sent when the process died.',
        event: 'confirmation',
      })
      .returning();
    // As a worker of a killed process leaves it: taken two minutes ago, never finished.
    await db.execute(sql`
      insert into ${sql.raw(JOBS_SCHEMA)}.job (name, data, state, started_on, expire_in, retry_limit, singleton_key)
      values (${SEND_OUTBOX}, ${JSON.stringify({ id: message!.id })}::jsonb, 'active', now() - interval '2 minutes',
              make_interval(secs => ${DELIVERY_EXPIRES_SECONDS}), 4, ${`outbox:${message!.id}`})`);

    // Without a mail server the delivery holds the message: the job ran.
    await expect
      .poll(async () => (await db.select().from(outboxMessages).where(eq(outboxMessages.id, message!.id)))[0]?.status, {
        timeout: 90_000,
        interval: 1000,
      })
      .toBe('held');
    const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, message!.id));
    expect(row?.attempts).toBeLessThanOrEqual(1);
  });
});
