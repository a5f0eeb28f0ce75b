import { z } from 'zod';
import { id, listInput, text } from '../fields';
import { type Subject, subjects } from '../permissions';
import { abilityRule } from '../auth/schemas';

/** What a staff role holds on a subject; `none` is the absence of a stored grant. */
export const grantLevels = ['none', 'read', 'manage'] as const;
export type GrantLevel = (typeof grantLevels)[number];

/**
 * Subjects a staff role cannot be given or denied: every signed-in user holds them (Auth, Profile,
 * Lookup), or they belong to a kind of account a staff member is not (a driver's phone, a passenger,
 * a client portal user).
 */
export const unassignableSubjects = ['Auth', 'Profile', 'Lookup', 'DriverApp', 'PassengerApp', 'ClientPortal'] as const;

/**
 * The subjects of the permission grid, in areas as the office thinks of them; every assignable
 * subject is in exactly one area (a contract test checks it).
 */
export const subjectAreas = {
  Operations: ['Dashboard', 'Booking', 'Dispatch', 'Chat', 'Incident', 'LostAndFound', 'Calendar', 'WebBooker'],
  Register: ['Driver', 'Passenger', 'Client', 'Vehicle', 'Document', 'ReferenceData'],
  Finance: [
    'Invoice',
    'Payment',
    'CreditNote',
    'DriverExpense',
    'DriverPayment',
    'DriverPayRule',
    'Pricing',
    'BookingValidation',
  ],
  Insight: ['Reports', 'Profitability'],
  Administration: ['Staff', 'User', 'Settings', 'Permissions'],
} as const satisfies Record<string, readonly Subject[]>;

export type SubjectArea = keyof typeof subjectAreas;

export const assignableSubjects: readonly Subject[] = subjects.filter(
  (s) => !(unassignableSubjects as readonly string[]).includes(s),
);

/** A role's level on every assignable subject (`none` included, so a grid row is complete). */
export const roleGrants = z.record(z.string(), z.enum(grantLevels));

export const permissionRoleRow = z.object({
  id: z.number(),
  name: z.string(),
  isSystem: z.boolean().describe('One of the roles every company starts with (it can still be edited)'),
  userCount: z.number().describe('Active sign-in accounts of the role'),
  grants: roleGrants.describe('Subject → none, read or manage, for every assignable subject'),
});

export const permissionSortColumns = ['name', 'userCount'] as const;

export const permissionListInput = listInput({
  sortColumn: z
    .enum(permissionSortColumns, { error: `must be one of: ${permissionSortColumns.join(', ')}` })
    .optional(),
});

export const permissionRoleLookupRow = z.object({ id: z.number(), name: z.string() });

/**
 * Grants by subject. Unknown subjects, subjects nobody assigns and unknown levels are each refused
 * by name (`grants.Invoice`), so the caller knows which cell is wrong.
 */
const grantsInput = z.record(z.string(), z.unknown()).superRefine((grants, ctx) => {
  for (const [subject, level] of Object.entries(grants)) {
    if (!(subjects as readonly string[]).includes(subject)) {
      ctx.addIssue({ code: 'custom', path: [subject], message: 'is not a permission subject' });
    } else if ((unassignableSubjects as readonly string[]).includes(subject)) {
      ctx.addIssue({
        code: 'custom',
        path: [subject],
        message: 'cannot be assigned: every user holds it, or only one kind of account does',
      });
    } else if (!(grantLevels as readonly unknown[]).includes(level)) {
      ctx.addIssue({ code: 'custom', path: [subject], message: 'must be none, read or manage' });
    }
  }
});

/**
 * One call adds and edits: without `id` (or with 0) a new role named `name`; with `id` that role,
 * renamed when `name` is sent. `grants` replaces the role's grants: a subject left out is `none`.
 */
export const assignInput = z
  .object({
    id: z.union([z.literal(0), z.literal('0'), id()]).optional(),
    name: text(80).optional(),
    grants: grantsInput,
  })
  .superRefine((input, ctx) => {
    if (!Number(input.id ?? 0) && !input.name) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'is required for a new role' });
    }
  })
  .transform((input) => ({
    id: Number(input.id ?? 0),
    name: input.name || undefined,
    grants: input.grants as Partial<Record<Subject, GrantLevel>>,
  }));

export const ownAbility = z.object({
  staffRoleID: z.number(),
  staffRoleName: z.string().nullable(),
  ability: z.array(abilityRule),
});
