import { defaultStaffRoles } from '@cabdesk/contract';
import type { Db } from '../../platform/db/client';
import { rolePermissions, staffRoles } from '../auth/schema';

/** What every new company starts with: the default staff roles and their permissions. */
export async function bootstrapCompany(db: Db, companyId: number): Promise<Record<string, number>> {
  const roleIds: Record<string, number> = {};
  for (const role of defaultStaffRoles) {
    const [row] = await db
      .insert(staffRoles)
      .values({ companyId, name: role.name, isSystem: true })
      .returning({ id: staffRoles.id });
    if (!row) throw new Error('role insert returned no row');
    roleIds[role.name] = row.id;
    const grants = Object.entries(role.grants).map(([subject, grant]) => ({
      companyId,
      staffRoleId: row.id,
      subject,
      grant: grant as string,
    }));
    if (grants.length) await db.insert(rolePermissions).values(grants);
  }
  return roleIds;
}
