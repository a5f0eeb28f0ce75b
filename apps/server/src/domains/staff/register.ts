import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/passwords';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { iso } from '../../platform/http/crud';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { diff, recordAudit } from '../audit/record';
import { staffRoles, users } from '../auth/schema';
import { deleteDocumentsOf } from '../documents/owner-documents';
import { staff } from './schema';

type Ctx = CallContext<Session>;
type ListInput = z.output<typeof schemas.staffListInput>;
type Fields = z.output<typeof schemas.staffFields>;
type CreateInput = z.output<typeof schemas.staffCreateInput>;
type UpdateInput = z.output<typeof schemas.staffUpdateInput>;
export type StaffRow = z.output<typeof schemas.staffRow>;

const mine = (ctx: Ctx, id: number) => and(eq(staff.companyId, ctx.session.companyId), eq(staff.id, id));
const displayName = sql<string>`concat_ws(' ', ${staff.firstName}, ${staff.lastName})`;

function filtersOf(ctx: Ctx, input: Partial<ListInput>): SQL | undefined {
  return and(
    eq(staff.companyId, ctx.session.companyId),
    input.id ? eq(staff.id, input.id) : undefined,
    searchAny(input.q, [displayName, staff.email, staff.phone]),
    input.staffRoleId ? eq(staff.staffRoleId, input.staffRoleId) : undefined,
    input.isActive === undefined ? undefined : eq(staff.isActive, input.isActive),
  );
}

async function rowsOf(ctx: Ctx, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const raw = await ctx.db
    .select({
      id: staff.id,
      firstName: staff.firstName,
      lastName: staff.lastName,
      name: displayName,
      email: staff.email,
      phone: staff.phone,
      address: staff.address,
      postcode: staff.postcode,
      dateOfBirth: staff.dateOfBirth,
      startDate: staff.startDate,
      staffRoleId: staff.staffRoleId,
      staffRoleName: staffRoles.name,
      notes: staff.notes,
      isActive: staff.isActive,
      userId: staff.userId,
      accountEmail: users.email,
      lastSignInAt: users.lastSignInAt,
      photoKey: staff.photoKey,
    })
    .from(staff)
    .leftJoin(staffRoles, and(eq(staffRoles.companyId, staff.companyId), eq(staffRoles.id, staff.staffRoleId)))
    .leftJoin(users, and(eq(users.companyId, staff.companyId), eq(users.id, staff.userId)))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return raw.map(({ photoKey, lastSignInAt, ...row }): StaffRow => ({
    ...row,
    hasAccount: row.userId !== null,
    lastSignInAt: iso(lastSignInAt),
    photoUrl: ctx.services.files.url(photoKey),
  }));
}

/** Staff/GetTableSummary: the office staff with role, account and photo. */
export async function listStaff(ctx: Ctx, input: ListInput) {
  const where = filtersOf(ctx, input);
  const order = orderFrom(
    input,
    {
      // Office lists read by surname.
      name: sql`lower(concat_ws(' ', ${staff.lastName}, ${staff.firstName}))`,
      roleName: staffRoles.name,
      startDate: staff.startDate,
    },
    { column: 'name', type: 'asc' },
    staff.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(staff).where(where))[0]?.n ?? 0,
    rows: (limit, offset) => rowsOf(ctx, where, order, limit, offset),
  });
}

export async function staffById(ctx: Ctx, id: number): Promise<StaffRow> {
  const [row] = await rowsOf(ctx, filtersOf(ctx, { id }), [], 1, 0);
  if (!row) throw notFound(`Staff member ${id}`);
  return row;
}

function valuesOf(input: Fields) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    address: input.address || null,
    postcode: input.postcode || null,
    dateOfBirth: input.dateOfBirth,
    startDate: input.startDate,
    staffRoleId: input.staffRoleId,
    notes: input.notes || null,
    isActive: input.isActive,
  };
}

/** The e-mail of a new account, checked first so that the answer names the form's own field. */
async function ensureFreeEmail(ctx: Ctx, email: string, field: string): Promise<void> {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.session.companyId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  if (taken) {
    const message = 'is already used by another account of this company';
    throw new AppError(409, `${field} ${message}`, [{ field, message }]);
  }
}

/** What a history row keeps of a staff member: the fields a person edits. */
function traced(row: StaffRow) {
  const { photoUrl: _photo, lastSignInAt: _seen, staffRoleName: _role, name: _name, ...rest } = row;
  return rest;
}

export async function createStaff(ctx: Ctx, input: CreateInput) {
  const { companyId, userId: actor } = ctx.session;
  let userId: number | null = null;
  if (input.accountEmail && input.accountPassword) {
    await ensureFreeEmail(ctx, input.accountEmail, 'accountEmail');
    const [user] = await ctx.db
      .insert(users)
      .values({
        companyId,
        kind: 'staff',
        email: input.accountEmail,
        passwordHash: await hashPassword(input.accountPassword),
        fullName: `${input.firstName} ${input.lastName}`,
        staffRoleId: input.staffRoleId,
        isActive: input.isActive,
        passwordChangedAt: new Date(),
        createdBy: actor,
      })
      .returning({ id: users.id });
    userId = user?.id ?? null;
  }
  const [created] = await ctx.db
    .insert(staff)
    .values({ ...valuesOf(input), companyId, userId, createdBy: actor })
    .returning({ id: staff.id });
  const row = await staffById(ctx, created?.id as number);
  await recordAudit(ctx, {
    entityType: 'staff',
    entityId: row.id,
    action: 'created',
    changes: { name: { before: null, after: row.name }, accountEmail: { before: null, after: row.accountEmail } },
  });
  return { data: row, message: `${row.name} added.` };
}

/**
 * Changes only the fields sent. The account follows its staff record (name, role and whether it may
 * sign in) whenever one of those is sent.
 */
export async function updateStaff(ctx: Ctx, input: UpdateInput) {
  const before = await staffById(ctx, input.id);
  const { id, ...fields } = input;
  if (before.userId === ctx.session.userId && fields.isActive === false) {
    throw conflict('You cannot switch off your own staff record: you would lock yourself out.');
  }
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof typeof fields]?: Exclude<(typeof fields)[K], undefined>;
  };
  if (Object.keys(values).length) {
    await ctx.db
      .update(staff)
      .set({ ...values, updatedAt: new Date() })
      .where(mine(ctx, id));
  }
  const after = await staffById(ctx, id);
  const followed = [fields.firstName, fields.lastName, fields.staffRoleId, fields.isActive];
  if (before.userId && followed.some((v) => v !== undefined)) {
    await ctx.db
      .update(users)
      .set({
        fullName: `${after.firstName} ${after.lastName}`,
        staffRoleId: after.staffRoleId,
        isActive: after.isActive,
        updatedAt: new Date(),
      })
      .where(and(eq(users.companyId, ctx.session.companyId), eq(users.id, before.userId)));
  }
  const changes = diff(traced(before), traced(after));
  if (Object.keys(changes).length) {
    await recordAudit(ctx, { entityType: 'staff', entityId: id, action: 'updated', changes });
  }
  return { data: after, message: `${after.name} saved.` };
}

/**
 * Deletes the staff member with their account and documents. Your own record stays (you would lock
 * yourself out).
 */
export async function deleteStaff(ctx: Ctx, id: number) {
  const row = await staffById(ctx, id);
  if (row.userId !== null && row.userId === ctx.session.userId) {
    throw conflict('You cannot delete your own staff record.');
  }
  const documentCount = await deleteDocumentsOf(ctx, 'staff', id);
  const [gone] = await ctx.db.delete(staff).where(mine(ctx, id)).returning({ photoKey: staff.photoKey });
  if (row.userId) {
    await ctx.db.delete(users).where(and(eq(users.companyId, ctx.session.companyId), eq(users.id, row.userId)));
  }
  const photo = gone?.photoKey;
  if (photo) ctx.afterCommit(() => ctx.services.files.remove(photo));
  await recordAudit(ctx, {
    entityType: 'staff',
    entityId: id,
    action: 'deleted',
    changes: {
      name: { before: row.name, after: null },
      accountEmail: { before: row.accountEmail, after: null },
      documents: { before: documentCount, after: 0 },
    },
  });
  return { data: { id }, message: `${row.name} deleted.` };
}
