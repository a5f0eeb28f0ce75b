import { z } from 'zod';
import { passwordRule, roleName } from '../auth/schemas';
import {
  clearable,
  email,
  flag,
  id,
  imageUpload,
  isoDate,
  kept,
  listInput,
  phone,
  requiredText,
  text,
  wholeNumber,
} from '../fields';
import { bookingCount, statistics } from '../statistics/schemas';

/** A field a form may leave empty (''), else checked by its own rule. */
const blankOr = <T extends z.ZodType<string | null, string>>(rule: T) =>
  z
    .union([z.literal(''), rule], { error: 'must be text' })
    .optional()
    .transform((v) => (v ? v : null));

export const userRow = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  userType: roleName,
  staffRoleID: z.number(),
  staffRoleName: z.string().nullable(),
  isActive: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});

export const userListInput = listInput({
  userType: roleName.optional(),
  isActive: flag().optional(),
  sortColumn: z
    .enum(['fullName', 'email', 'userType', 'lastSignInAt', 'createdAt'], {
      error: 'must be one of: fullName, email, userType, lastSignInAt, createdAt',
    })
    .optional(),
  q: text(200).optional().default(''),
});

/* ---------- staff ---------- */

export const staffFields = z.object({
  firstName: requiredText(80),
  lastName: requiredText(80),
  email: blankOr(email()),
  phone: blankOr(phone()),
  address: text(300).optional(),
  postcode: text(12).optional(),
  dateOfBirth: blankOr(isoDate()),
  startDate: blankOr(isoDate()),
  staffRoleId: id().describe("One of the company's staff roles; the account's permissions follow it"),
  notes: text(1000).optional(),
  isActive: flag().optional().default(true),
});

/** On create, an account may be opened at once: both fields or neither. */
export const staffCreateInput = staffFields
  .extend({
    accountEmail: blankOr(email()),
    accountPassword: z
      .union([z.literal(''), passwordRule], { error: 'must be text' })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => !v.accountEmail || v.accountPassword, {
    path: ['accountPassword'],
    message: 'is required to open an account',
  })
  .refine((v) => !v.accountPassword || v.accountEmail, {
    path: ['accountEmail'],
    message: 'is required to open an account',
  });

/**
 * Staff/Update changes only the fields it is sent: a field left out stays as it is, '' or null
 * clears an optional one, and the names and the role cannot be cleared.
 */
export const staffUpdateInput = z.object({
  id: id(),
  firstName: requiredText(80).optional(),
  lastName: requiredText(80).optional(),
  email: clearable(email()),
  phone: clearable(phone()),
  address: clearable(text(300)),
  postcode: clearable(text(12)),
  dateOfBirth: clearable(isoDate()),
  startDate: clearable(isoDate()),
  staffRoleId: kept(id()).describe("One of the company's staff roles; the account's permissions follow it"),
  notes: clearable(text(1000)),
  isActive: flag().optional(),
});

export const staffRow = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  startDate: z.string().nullable(),
  staffRoleId: z.number().nullable(),
  staffRoleName: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  hasAccount: z.boolean(),
  userId: z.number().nullable().describe('The sign-in account, when the staff member has one'),
  accountEmail: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  photoUrl: z.string().nullable(),
});

export const staffSortColumns = ['name', 'roleName', 'startDate'] as const;

export const staffListInput = listInput({
  staffRoleId: wholeNumber({ min: 1 }).optional(),
  isActive: flag().optional(),
  sortColumn: z.enum(staffSortColumns, { error: `must be one of: ${staffSortColumns.join(', ')}` }).optional(),
});

export const staffStatistics = statistics.extend({
  bookingCount: bookingCount.describe('Bookings taken today, this week, month and year (not limited by the range)'),
});

export const staffRoleRow = z.object({ id: z.number(), name: z.string(), isSystem: z.boolean() });
export const staffLookupRow = z.object({ id: z.number(), name: z.string(), email: z.string().nullable() });

/** A person's picture: its signed address, or null when there is none. */
export const personImageRow = z.object({ id: z.number(), imageUrl: z.string().nullable() });
export const savedPersonImage = z.object({ id: z.number(), imageUrl: z.string() });
export const staffImageUpload = z.object({ id: id(), file: imageUpload() });

/* ---------- accounts ---------- */

export const accountPersonTypes = ['driver', 'passenger', 'staff'] as const;

export const createUserInput = z.object({
  personType: z.enum(accountPersonTypes),
  personId: id(),
  email: email(),
  password: passwordRule,
});

export const newAccountTypes = ['Admin', 'Staff', 'Client'] as const;

export const createNewUserInput = z
  .object({
    fullName: requiredText(120),
    email: email(),
    password: passwordRule,
    userType: z.enum(newAccountTypes),
    staffRoleId: wholeNumber({ min: 0 }).optional(),
    clientId: wholeNumber({ min: 0 }).optional(),
  })
  .refine((v) => v.userType !== 'Staff' || v.staffRoleId, {
    path: ['staffRoleId'],
    message: 'is required for a staff account',
  })
  .refine((v) => v.userType !== 'Client' || v.clientId, {
    path: ['clientId'],
    message: 'is required for a client-portal account',
  });

export const userLookupRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  userType: roleName,
});
