import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userKinds } from '@cabdesk/contract';
import { companyColumn, idColumn, timestamps } from '../../platform/db/columns';
import { clients } from '../clients/schema';

export const userKind = pgEnum('user_kind', userKinds);

/** Staff roles of a company; their permissions are rows of role_permissions. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: idColumn(),
    companyId: companyColumn(),
    name: text().notNull(),
    isSystem: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    unique('staff_roles_company_id_key').on(t.companyId, t.id),
    uniqueIndex('staff_roles_name_key').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/** One grant per role and subject: read or manage (Permissions/Assign). */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    companyId: companyColumn(),
    staffRoleId: integer().notNull(),
    subject: text().notNull(),
    grant: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.staffRoleId, t.subject] }),
    foreignKey({
      columns: [t.companyId, t.staffRoleId],
      foreignColumns: [staffRoles.companyId, staffRoles.id],
    }).onDelete('cascade'),
  ],
);

/** A sign-in account. The person behind it (driver, passenger, staff) points back to it. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    companyId: companyColumn(),
    kind: userKind().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    fullName: text().notNull(),
    staffRoleId: integer(),
    /** For client-portal users: the client account they act for. */
    clientId: integer(),
    isActive: boolean().notNull().default(true),
    passwordChangedAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    deviceToken: text(),
    photoKey: text(),
    ...timestamps(),
  },
  (t) => [
    unique('users_company_id_key').on(t.companyId, t.id),
    uniqueIndex('users_email_key').on(t.companyId, sql`lower(${t.email})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_name_idx').on(t.companyId, t.fullName, t.id),
    foreignKey({
      columns: [t.companyId, t.staffRoleId],
      foreignColumns: [staffRoles.companyId, staffRoles.id],
    }),
    foreignKey({ columns: [t.companyId, t.clientId], foreignColumns: [clients.companyId, clients.id] }),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each rotation adds a row to the same family; presenting
 * a used token again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: companyColumn(),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    remember: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * One-time links of a company's accounts: a forgotten password (`password_reset`, for a user) or a
 * passenger's sign-up waiting for its e-mail to be confirmed (`sign_up`: the account is created from
 * `payload` when the link is opened). Only a SHA-256 hash of the link's secret is kept.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    purpose: text({ enum: ['password_reset', 'sign_up'] }).notNull(),
    userId: integer(),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** sign_up: firstName, surname, phone and the password's argon2 hash. */
    payload: jsonb().$type<Record<string, string>>(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_links_user_idx').on(t.userId, t.createdAt),
    index('account_links_email_idx').on(t.companyId, sql`lower(${t.email})`),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/**
 * Links that create a company's admin: printed at start while the installation has no admin (no
 * company named: the page creates the company too), or by `npm run create-admin` for a named company
 * and e-mail. Installation-wide, so no company column; only a hash of the secret is kept.
 */
export const setupLinks = pgTable('setup_links', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text().notNull().unique(),
  companyShortName: text(),
  companyName: text(),
  email: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
