import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { roleNames, type UserKind } from '@cabdesk/contract';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { staffRoles, users } from '../auth/schema';

type Input = z.output<typeof schemas.userListInput>;

const kindOfRole = Object.fromEntries(Object.entries(roleNames).map(([k, v]) => [v, k])) as Record<string, UserKind>;

/** Users/GetTableSummary: the company's accounts, searchable and sortable; `kinds` narrows it (office only). */
export async function listUsers(ctx: CallContext<Session>, input: Input, kinds?: readonly UserKind[]) {
  const filters: (SQL | undefined)[] = [
    eq(users.companyId, ctx.session.companyId),
    kinds ? inArray(users.kind, [...kinds]) : undefined,
    searchAny(input.q, [users.fullName, users.email]),
    input.userType ? eq(users.kind, kindOfRole[input.userType] as UserKind) : undefined,
    input.isActive === undefined ? undefined : eq(users.isActive, input.isActive),
  ];
  const where = and(...filters);
  const order = orderFrom(
    input,
    {
      fullName: users.fullName,
      email: users.email,
      userType: users.kind,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
    },
    { column: 'fullName', type: 'asc' },
    users.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    rows: (limit, offset) => userRows(ctx, where, order, limit, offset),
  });
}

type UserRow = z.output<typeof schemas.userRow>;

async function userRows(
  ctx: CallContext<Session>,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<UserRow[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      kind: users.kind,
      staffRoleID: users.staffRoleId,
      staffRoleName: staffRoles.name,
      isActive: users.isActive,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map(({ kind, ...row }) => ({
    ...row,
    userType: roleNames[kind] as UserRow['userType'],
    staffRoleID: row.staffRoleID ?? 0,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One account of the company as the users list shows it. */
export async function userById(ctx: CallContext<Session>, id: number): Promise<UserRow> {
  const [row] = await userRows(ctx, and(eq(users.companyId, ctx.session.companyId), eq(users.id, id)), [], 1, 0);
  if (!row) throw new Error(`account ${id} vanished`);
  return row;
}
