import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn } from '../../platform/db/columns';

/**
 * Every e-mail and text message the product sends, queued here in the transaction that caused it and
 * delivered by the job queue; without a mail server or SMS provider they stay visible here.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    event: text().notNull(),
    bookingId: integer(),
    /** Stored files sent with an e-mail (an invoice's PDF, a receipt), read from `platform/files` when it goes. */
    attachments: jsonb().$type<{ fileKey: string; fileName: string; contentType: string }[]>(),
    status: text({ enum: ['queued', 'sent', 'failed', 'held'] })
      .notNull()
      .default('queued'),
    attempts: smallint().notNull().default(0),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_company_idx').on(t.companyId, t.createdAt),
    index('outbox_messages_status_idx').on(t.status, t.createdAt),
  ],
);
