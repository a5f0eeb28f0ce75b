import { assignableSubjects, type GrantLevel, peopleError, type Subject } from '@cabdesk/contract';
import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { diff, recordAudit } from '../audit/record';
import { rolePermissions, staffRoles, users } from '../auth/schema';
import { above, type Levels, levelsFrom, readRoles, type RoleRow } from './roles';

type Ctx = CallContext<Session>;

export interface AssignInput {
  id: number;
  name?: string | undefined;
  grants: Partial<Record<Subject, GrantLevel>>;
}

/** What the caller holds on each subject: an admin everything, a staff member their role's grants. */
async function assignerLevels(ctx: Ctx): Promise<Levels | null> {
  if (ctx.session.kind === 'admin') return null;
  const rows = await ctx.db
    .select({ subject: rolePermissions.subject, grant: rolePermissions.grant })
    .from(rolePermissions)
    .where(
      and(
        eq(rolePermissions.companyId, ctx.session.companyId),
        eq(rolePermissions.staffRoleId, ctx.session.staffRoleId),
      ),
    );
  return levelsFrom(Object.fromEntries(rows.map((r) => [r.subject, r.grant])));
}

async function nameTaken(ctx: Ctx, name: string, exceptId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(
      and(
        eq(staffRoles.companyId, ctx.session.companyId),
        sql`lower(${staffRoles.name}) = lower(${name})`,
        exceptId ? ne(staffRoles.id, exceptId) : undefined,
      ),
    );
  return !!row;
}

/**
 * Nobody gives or takes away more than they hold: a change of a subject's level is the caller's to
 * make only when both the old and the new level are within their own. Unchanged levels above theirs
 * stay as they are, so a role can be edited by someone who holds less than it.
 */
function refuseBeyondOwn(mine: Levels | null, before: Levels, after: Levels): void {
  if (!mine) return;
  const beyond = assignableSubjects.filter(
    (s) => before[s] !== after[s] && (above(after[s], mine[s]) || above(before[s], mine[s])),
  );
  if (!beyond.length) return;
  throw new AppError(
    403,
    `You cannot change ${beyond.join(', ')}: your own role does not hold that much.`,
    beyond.map((s) =>
      peopleError(`grants.${s}`, 'is beyond your own permissions', `${s} is beyond what your own role holds.`),
    ),
  );
}

/** Active accounts that may manage permissions: admins, and staff whose role manages Permissions. */
async function permissionManagers(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(users)
    .leftJoin(
      rolePermissions,
      and(
        eq(rolePermissions.companyId, users.companyId),
        eq(rolePermissions.staffRoleId, users.staffRoleId),
        eq(rolePermissions.subject, 'Permissions'),
        eq(rolePermissions.grant, 'manage'),
      ),
    )
    .where(
      and(
        eq(users.companyId, ctx.session.companyId),
        eq(users.isActive, true),
        or(eq(users.kind, 'admin'), and(eq(users.kind, 'staff'), sql`${rolePermissions.subject} is not null`)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Permissions/Assign: adds a role or replaces a role's grants, in the call's one transaction. Assigns
 * of one company run one after another (an advisory lock), so two of them cannot each take
 * Permissions away from a different last holder.
 */
export async function assignRole(ctx: Ctx, input: AssignInput): Promise<RoleRow> {
  const companyId = ctx.session.companyId;
  await ctx.db.execute(sql`select pg_advisory_xact_lock(${companyId}, hashtext('permissions-assign'))`);
  const existing = input.id ? (await readRoles(ctx.db, companyId, input.id))[0] : undefined;
  if (input.id && !existing) throw notFound(`Staff role ${input.id}`);
  const name = input.name ?? existing?.name ?? '';
  if (await nameTaken(ctx, name, input.id)) {
    throw new AppError(409, `A role named "${name}" already exists.`, [
      peopleError('name', 'is already the name of another role'),
    ]);
  }

  const before = levelsFrom(existing?.grants ?? {});
  const after = levelsFrom(input.grants);
  refuseBeyondOwn(await assignerLevels(ctx), before, after);

  let roleId = input.id;
  if (existing) {
    if (name !== existing.name) {
      await ctx.db
        .update(staffRoles)
        .set({ name, updatedAt: new Date() })
        .where(and(eq(staffRoles.companyId, companyId), eq(staffRoles.id, roleId)));
    }
  } else {
    const [made] = await ctx.db.insert(staffRoles).values({ companyId, name }).returning({ id: staffRoles.id });
    if (!made) throw new Error('staff role insert returned no row');
    roleId = made.id;
  }
  await ctx.db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.staffRoleId, roleId)));
  const rows = assignableSubjects
    .filter((s) => after[s] !== 'none')
    .map((subject) => ({ companyId, staffRoleId: roleId, subject, grant: after[subject] }));
  if (rows.length) await ctx.db.insert(rolePermissions).values(rows);

  if ((await permissionManagers(ctx)) === 0) {
    throw new AppError(409, 'Nobody in the company could manage permissions any more: keep Permissions on manage.', [
      peopleError('grants.Permissions', 'must stay manage: nobody else may manage permissions'),
    ]);
  }

  await recordAudit(ctx, {
    entityType: 'staff-role',
    entityId: roleId,
    action: existing ? 'updated' : 'created',
    ...(existing ? { changes: diff({ name: existing.name, ...before }, { name, ...after }) } : {}),
  });
  await emit(ctx, { type: 'permissions.changed', payload: { staffRoleId: roleId }, officeOnly: true });
  ctx.afterCommit(() => ctx.services.abilities.roleChanged(companyId, roleId));

  const [row] = await readRoles(ctx.db, companyId, roleId);
  if (!row) throw new Error('the assigned role was not read back');
  return row;
}
