import { assignableSubjects, type GrantLevel, type schemas, type Subject } from '@cabdesk/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { rolePermissions, staffRoles, users } from '../auth/schema';

export type RoleRow = z.output<typeof schemas.permissionRoleRow>;
export type Levels = Record<Subject, GrantLevel>;

/** Every assignable subject at `none`, with the stored grants laid over it. */
export function levelsFrom(stored: Partial<Record<string, string>>): Levels {
  const levels = {} as Levels;
  for (const subject of assignableSubjects) {
    const grant = stored[subject];
    levels[subject] = grant === 'read' || grant === 'manage' ? grant : 'none';
  }
  return levels;
}

const rank: Record<GrantLevel, number> = { none: 0, read: 1, manage: 2 };
export const above = (a: GrantLevel, b: GrantLevel) => rank[a] > rank[b];

/** The company's roles (one of them, with `roleId`) with their active accounts and grants, by name. */
export async function readRoles(db: Db, companyId: number, roleId?: number): Promise<RoleRow[]> {
  const roles = await db
    .select({ id: staffRoles.id, name: staffRoles.name, isSystem: staffRoles.isSystem })
    .from(staffRoles)
    .where(and(eq(staffRoles.companyId, companyId), roleId ? eq(staffRoles.id, roleId) : undefined))
    .orderBy(staffRoles.name, staffRoles.id);
  if (!roles.length) return [];
  const ids = roles.map((r) => r.id);
  const [grants, counts] = await Promise.all([
    db
      .select({
        staffRoleId: rolePermissions.staffRoleId,
        subject: rolePermissions.subject,
        grant: rolePermissions.grant,
      })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.companyId, companyId), inArray(rolePermissions.staffRoleId, ids))),
    db
      .select({ staffRoleId: users.staffRoleId, n: count() })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.kind, 'staff'),
          eq(users.isActive, true),
          inArray(users.staffRoleId, ids),
        ),
      )
      .groupBy(users.staffRoleId),
  ]);
  return roles.map((role) => ({
    ...role,
    userCount: counts.find((c) => c.staffRoleId === role.id)?.n ?? 0,
    grants: levelsFrom(
      Object.fromEntries(grants.filter((g) => g.staffRoleId === role.id).map((g) => [g.subject, g.grant])),
    ),
  }));
}
