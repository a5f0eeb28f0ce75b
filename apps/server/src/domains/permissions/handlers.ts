import { and, eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/tokens';
import { handlers, type CallContext } from '../../platform/http/context';
import { listPage } from '../../platform/http/list';
import { staffRoles } from '../auth/schema';
import { inMemory } from '../reference-data/lookups';
import { assignRole } from './assign';
import { readRoles, type RoleRow } from './roles';

type Ctx = CallContext<Session>;

const byName = (a: RoleRow, b: RoleRow) => a.name.localeCompare(b.name) || a.id - b.id;

/** A company has a handful of roles: they are read whole and paged in memory. */
async function roleTable(
  ctx: Ctx,
  input: { page: number; perPage: number; q: string; id: number; sortColumn?: string; sortType?: 'asc' | 'desc' },
) {
  const q = input.q.trim().toLowerCase();
  const rows = (await readRoles(ctx.db, ctx.session.companyId, input.id || undefined)).filter(
    (r) => !q || r.name.toLowerCase().includes(q),
  );
  rows.sort(input.sortColumn === 'userCount' ? (a, b) => a.userCount - b.userCount || byName(a, b) : byName);
  if (input.sortType === 'desc') rows.reverse();
  return listPage(input, {
    count: async () => rows.length,
    rows: async (limit, offset) => rows.slice(offset, offset + limit),
  });
}

export const permissionsHandlers = handlers({
  'Permissions/GetTableSummary': (input, ctx) => roleTable(ctx, input),

  'Permissions/GetStaffRoleList': async (input, ctx) => {
    const rows = await ctx.db
      .select({ id: staffRoles.id, name: staffRoles.name })
      .from(staffRoles)
      .where(eq(staffRoles.companyId, ctx.session.companyId))
      .orderBy(staffRoles.name, staffRoles.id);
    return inMemory(rows, input);
  },

  'Permissions/Assign': async (input, ctx) => {
    const row = await assignRole(ctx, input);
    return { data: row, message: input.id ? `${row.name} was saved.` : `${row.name} was added.` };
  },

  'Permissions/GetOwnAbility': async (_input, ctx) => {
    const { staffRoleId, companyId } = ctx.session;
    const [role] = staffRoleId
      ? await ctx.db
          .select({ name: staffRoles.name })
          .from(staffRoles)
          .where(and(eq(staffRoles.companyId, companyId), eq(staffRoles.id, staffRoleId)))
      : [];
    return { staffRoleID: staffRoleId, staffRoleName: role?.name ?? null, ability: ctx.rules };
  },
});
