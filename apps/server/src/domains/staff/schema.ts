import { boolean, date, foreignKey, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyColumn, idColumn, timestamps } from '../../platform/db/columns';
import { staffRoles, users } from '../auth/schema';

/** An office employee; signs in through a user with kind staff. */
export const staff = pgTable(
  'staff',
  {
    id: idColumn(),
    companyId: companyColumn(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    staffRoleId: integer(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    phone: text(),
    address: text(),
    postcode: text(),
    dateOfBirth: date(),
    startDate: date(),
    notes: text(),
    photoKey: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('staff_company_id_key').on(t.companyId, t.id),
    uniqueIndex('staff_user_key').on(t.userId),
    foreignKey({
      columns: [t.companyId, t.staffRoleId],
      foreignColumns: [staffRoles.companyId, staffRoles.id],
    }),
  ],
);
