import { jsonb, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * The offline card provider's own state (cards, intents, refunds, idempotency answers), as a provider
 * elsewhere keeps it: by account, outside the company's tables and never read by the product.
 */
export const offlineProviderObjects = pgTable(
  'offline_provider_objects',
  {
    id: text().primaryKey(),
    account: text().notNull(),
    kind: text().notNull(),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offline_provider_objects_account_idx').on(t.account, t.kind)],
);
