import { and, asc, eq, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { imageOf, replaceImage } from '../../platform/files/images';
import { handlers, type CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { recordAudit } from '../audit/record';
import { staffRoles, users } from '../auth/schema';
import { fixedLookup, inMemory } from '../reference-data/lookups';
import { bookingCountsOf, statisticsOf } from '../statistics/booking-stats';
import { clientUserLookup, createAccount, createPersonAccount, userLookup } from './accounts';
import { ownPicture, picturesOf } from './pictures';
import { createStaff, deleteStaff, listStaff, updateStaff } from './register';
import { staff } from './schema';
import { listUsers } from './users-list';

type Ctx = CallContext<Session>;

async function staffRoleLookup(ctx: Ctx, input: { page: number; perPage: number; q: string }) {
  const rows = await ctx.db
    .select({ id: staffRoles.id, name: staffRoles.name, isSystem: staffRoles.isSystem })
    .from(staffRoles)
    .where(eq(staffRoles.companyId, ctx.session.companyId))
    .orderBy(asc(staffRoles.name));
  return inMemory(rows, input);
}

/**
 * The bookings a staff member took are the ones their account created. One without an account has
 * taken none; user id 0 matches no booking, so the answer has the usual shape and currency.
 */
async function staffStatistics(ctx: Ctx, input: { id: number; fromDate?: string; toDate?: string }) {
  const [member] = await ctx.db
    .select({ userId: staff.userId })
    .from(staff)
    .where(and(eq(staff.companyId, ctx.session.companyId), eq(staff.id, input.id)));
  if (!member) throw notFound(`Staff member ${input.id}`);
  const userId = member.userId ?? 0;
  const stats = await statisticsOf(ctx, 'creator', userId, input);
  return { ...stats, bookingCount: await bookingCountsOf(ctx, 'creator', userId) };
}

export const staffHandlers = handlers({
  'Users/GetTableSummary': (input, ctx) => listUsers(ctx, input),

  'User/DeleteUser': async (input, ctx) => {
    if (input.id === ctx.session.userId) throw conflict('You cannot delete the account you are signed in with.');
    const [deleted] = await ctx.db
      .delete(users)
      .where(and(eq(users.id, input.id), eq(users.companyId, ctx.session.companyId)))
      .returning({ id: users.id, email: users.email, kind: users.kind });
    if (!deleted) throw notFound(`User ${input.id}`);
    await recordAudit(ctx, {
      entityType: 'user',
      entityId: deleted.id,
      action: 'deleted',
      changes: { email: { before: deleted.email, after: null }, kind: { before: deleted.kind, after: null } },
    });
    return { data: { id: deleted.id }, message: 'The account is deleted.' };
  },
  'User/CreateUser': (input, ctx) => createPersonAccount(ctx, input),
  'Users/CreateNewUser': (input, ctx) => createAccount(ctx, input),
  'Users/GetUserList': (input, ctx) => userLookup(ctx, input),
  'Users/GetUserListForClientPortal': (input, ctx) => clientUserLookup(ctx, input),
  'Common/GetUserTypeList': fixedLookup('userType'),

  'Staff/GetTableSummary': (input, ctx) => listStaff(ctx, input),
  'Staff/Create': (input, ctx) => createStaff(ctx, input),
  'Staff/Update': (input, ctx) => updateStaff(ctx, input),
  'Staff/Delete': (input, ctx) => deleteStaff(ctx, input.id),
  'Staff/GetStaffStatistics': (input, ctx) => staffStatistics(ctx, input),
  'Staff/GetStaffRoleList': (input, ctx) => staffRoleLookup(ctx, input),
  'Common/GetStaffRoleTypeList': (input, ctx) => staffRoleLookup(ctx, input),

  'Common/GetStaffList': async (input, ctx) => {
    const rows = await ctx.db
      .select({
        id: staff.id,
        name: sql<string>`concat_ws(' ', ${staff.firstName}, ${staff.lastName})`,
        email: staff.email,
      })
      .from(staff)
      .where(and(eq(staff.companyId, ctx.session.companyId), eq(staff.isActive, true)))
      .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id));
    return inMemory(rows, input);
  },
  'Common/GetStaffImage': (input, ctx) =>
    imageOf(ctx, { table: staff, field: 'photoKey', id: input.id, noun: 'Staff member' }),
  'Common/UploadImageStaff': async (input, ctx) => ({
    data: await replaceImage(
      ctx,
      { table: staff, field: 'photoKey', id: input.id, noun: 'Staff member', folder: 'staff' },
      input.file,
    ),
    message: 'Photo saved.',
  }),

  'Common/GetProfileImage': (_input, ctx) => ownPicture(ctx),
  'Common/GetProfileImages': (input, ctx) => picturesOf(ctx, input.ids),
  'Common/UploadImageProfile': async (input, ctx) => ({
    data: await replaceImage(
      ctx,
      { table: users, field: 'photoKey', id: ctx.session.userId, noun: 'User', folder: 'profiles' },
      input.file,
    ),
    message: 'Your picture is saved.',
  }),
});
