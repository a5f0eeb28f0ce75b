import { boolean, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import { companies } from '../../platform/tenancy/companies';
import { companyColumn, idColumn, inList, tenantKey } from '../../platform/db/columns';

/**
 * A company's own SMTP server and sender (EmailSettings/*): one row, or none (the server's SMTP_URL).
 * The password is sealed.
 */
export const emailSettings = pgTable(
  'email_settings',
  {
    id: idColumn(),
    companyId: companyColumn().unique('email_settings_company_key'),
    host: text(),
    port: integer(),
    secure: boolean().notNull().default(false),
    user: text(),
    passwordSealed: text(),
    fromName: text(),
    fromAddress: text(),
    copyUserIds: jsonb().$type<number[]>().notNull().default([]),
    /** What the server said when it refused and the office saved anyway. */
    lastCheck: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    tenantKey('email_settings_company_id_key', t),
    check('email_settings_port_check', sql`${t.port} is null or ${t.port} between 1 and 65535`),
  ],
);

/** A company's own wording of one kind of e-mail; the product's default applies to the kinds without a row. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    kind: text({ enum: schemas.templateKinds }).notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind] }),
    check('email_templates_kind_check', inList(t.kind, schemas.templateKinds)),
  ],
);
