import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companyColumn } from '../../platform/db/columns';

/**
 * Who changed what, when: one row per change a person would want to trace (bookings first).
 * `changes` holds the before and after values of the fields that changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    entityType: text().notNull(),
    entityId: integer().notNull(),
    action: text().notNull(),
    actorUserId: integer(),
    source: text().notNull().default('office'),
    changes: jsonb().$type<Record<string, { before: unknown; after: unknown }>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.companyId, t.entityType, t.entityId, t.createdAt)],
);
