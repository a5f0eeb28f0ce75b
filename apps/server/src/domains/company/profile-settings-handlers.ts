import { roleNames, type FileUpload, type schemas } from '@cabdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { replaceImage } from '../../platform/files/images';
import { handlers, type CallContext } from '../../platform/http/context';
import { forbidden, notFound } from '../../platform/http/errors';
import { listPage } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { changeOwnPassword } from '../auth/password-change';
import { staffRoles, users } from '../auth/schema';
import { inMemory } from '../reference-data/lookups';
import { staff } from '../staff/schema';

type Ctx = CallContext<Session>;

/** Profile settings are one's own: an id of anybody else is refused, 0 or none means "me". */
function refuseOthers(ctx: Ctx, ...ids: (number | undefined)[]) {
  if (ids.some((id) => id && id !== ctx.session.userId)) {
    throw forbidden('Profile settings change only your own profile.');
  }
}

async function ownProfile(ctx: Ctx): Promise<schemas.ProfileSettings> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      kind: users.kind,
      staffRoleID: users.staffRoleId,
      staffRoleName: staffRoles.name,
      photoKey: users.photoKey,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(and(eq(users.id, ctx.session.userId), eq(users.companyId, ctx.session.companyId)));
  if (!row) throw notFound(`User ${ctx.session.userId}`);
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    userType: roleNames[row.kind],
    staffRoleID: row.staffRoleID ?? 0,
    staffRoleName: row.staffRoleName,
    imageUrl: ctx.services.files.url(row.photoKey),
    passwordChangingDate: row.passwordChangedAt?.toISOString() ?? null,
  };
}

/** The staff record of the account keeps the same name, split as "first names" and "last name". */
async function renameSelf(ctx: Ctx, before: string, fullName: string) {
  if (fullName === before) return;
  const { userId } = ctx.session;
  await ctx.db.update(users).set({ fullName, updatedAt: new Date() }).where(eq(users.id, userId));
  const words = fullName.split(/\s+/);
  const lastName = words.length > 1 ? words.pop()! : '';
  await ctx.db
    .update(staff)
    .set({ firstName: words.join(' '), lastName })
    .where(and(eq(staff.userId, userId), eq(staff.companyId, ctx.session.companyId)));
  await recordAudit(ctx, {
    entityType: 'user',
    entityId: userId,
    action: 'profile changed',
    changes: { fullName: { before, after: fullName } },
  });
}

type SaveInput = {
  id?: number | undefined;
  userID?: number | undefined;
  fullName?: string | undefined;
  profileImage?: FileUpload | undefined;
  password?: Parameters<typeof changeOwnPassword>[1] | undefined;
};

async function saveProfile(ctx: Ctx, input: SaveInput) {
  refuseOthers(ctx, input.id, input.userID);
  const before = await ownProfile(ctx);
  // First, so a wrong current password refuses the call before a picture file is stored.
  const tokens = input.password ? await changeOwnPassword(ctx, input.password, 'password.currentPassword') : null;
  if (input.fullName !== undefined) await renameSelf(ctx, before.fullName, input.fullName);
  if (input.profileImage) {
    await replaceImage(
      ctx,
      { table: users, field: 'photoKey', id: ctx.session.userId, noun: 'User', folder: 'profiles' },
      input.profileImage,
    );
  }
  return {
    data: {
      ...(await ownProfile(ctx)),
      accessToken: tokens?.accessToken ?? null,
      refreshToken: tokens?.refreshToken ?? null,
    },
    message: tokens ? 'Your profile is saved; other sessions are signed out.' : 'Your profile is saved.',
  };
}

export const profileSettingsHandlers = handlers({
  'ProfileSettings/GetTableSummary': async (input, ctx) => {
    refuseOthers(ctx, input.id, input.userID);
    const profile = await ownProfile(ctx);
    return listPage(input, { count: async () => 1, rows: async (_limit, offset) => (offset ? [] : [profile]) });
  },

  'ProfileSettings/GetUsers': async (input, ctx) => {
    refuseOthers(ctx, input.id, input.userID);
    const [me] = await ctx.db.select({ roleId: users.staffRoleId }).from(users).where(eq(users.id, ctx.session.userId));
    const roles = await ctx.db
      .select({ id: staffRoles.id, name: staffRoles.name })
      .from(staffRoles)
      .where(eq(staffRoles.companyId, ctx.session.companyId))
      .orderBy(asc(staffRoles.name));
    return inMemory(
      roles.map((role) => ({ ...role, isOwn: role.id === me?.roleId })),
      input,
    );
  },

  // A profile exists with its user: Create is the same save as Update.
  'ProfileSettings/Create': (input, ctx) => saveProfile(ctx, input),
  'ProfileSettings/Update': (input, ctx) => saveProfile(ctx, input),
});
