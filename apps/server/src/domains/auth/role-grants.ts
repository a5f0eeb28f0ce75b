import type { Grant, Subject } from '@cabdesk/contract';
import { and, eq } from 'drizzle-orm';
import type { LoadGrants } from '../../platform/auth/abilities';
import type { Db } from '../../platform/db/client';
import { rolePermissions } from './schema';

/** Reads a staff role's grants per subject (Permissions/Assign writes them). */
export function roleGrantsFrom(db: Db): LoadGrants {
  return async (companyId, staffRoleId) => {
    const rows = await db
      .select({ subject: rolePermissions.subject, grant: rolePermissions.grant })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.companyId, companyId), eq(rolePermissions.staffRoleId, staffRoleId)));
    return Object.fromEntries(rows.map((r) => [r.subject as Subject, r.grant as Grant]));
  };
}
