import { and, asc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ListParams } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { listPage, searchAny } from '../../platform/http/list';
import { inMemory } from '../reference-data/lookups';
import { tags } from '../reference-data/schema';
import { staff } from '../staff/schema';
import { descendantIds } from './hierarchy';
import { clientReferenceTypes, clients, clientTypes } from './schema';

type Ctx = CallContext<Session>;

const lookupColumns = {
  id: clients.id,
  name: clients.name,
  accountNo: clients.accountNo,
  parentClientId: clients.parentClientId,
};

const activeClients = (ctx: Ctx) => and(eq(clients.companyId, ctx.session.companyId), eq(clients.isActive, true));

/** Active clients as picker rows, searched on name and account number, paged the list way. */
async function clientPicker(ctx: Ctx, input: ListParams, extra: { where?: SQL; order?: SQL[] } = {}) {
  const where = and(activeClients(ctx), searchAny(input.q, [clients.name, clients.accountNo]), extra.where);
  return listPage(input, {
    count: async () =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(clients)
          .where(where)
      )[0]?.n ?? 0,
    rows: (limit, offset) =>
      ctx.db
        .select(lookupColumns)
        .from(clients)
        .where(where)
        .orderBy(...(extra.order ?? []), sql`lower(${clients.name})`, clients.id)
        .limit(limit)
        .offset(offset),
  });
}

/** Common/GetClientList and Common/GetClientListWithSearch. */
export const clientList = (ctx: Ctx, input: ListParams) => clientPicker(ctx, input);

/** Common/GetSearchedClient: an exact account number first, then names starting with q. */
export function searchedClients(ctx: Ctx, input: ListParams) {
  const term = input.q.trim().toLowerCase();
  const order = term
    ? [
        sql`(lower(${clients.accountNo}) = ${term}) desc`,
        sql`(lower(${clients.name}) like ${`${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) desc`,
      ]
    : [];
  return clientPicker(ctx, input, { order });
}

/** Client/GetClientListForParents: every active client except `id` and its child accounts. */
export async function parentCandidates(ctx: Ctx, input: ListParams) {
  const excluded = input.id ? [input.id, ...(await descendantIds(ctx, input.id))] : [];
  return clientPicker(ctx, input, excluded.length ? { where: notInArray(clients.id, excluded) } : {});
}

export async function clientTypeList(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: clientTypes.id, name: clientTypes.name })
    .from(clientTypes)
    .where(and(eq(clientTypes.companyId, ctx.session.companyId), eq(clientTypes.isActive, true)))
    .orderBy(asc(clientTypes.name));
  return inMemory(rows, input);
}

export async function referenceTypeList(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: clientReferenceTypes.id, name: clientReferenceTypes.name })
    .from(clientReferenceTypes)
    .where(and(eq(clientReferenceTypes.companyId, ctx.session.companyId), eq(clientReferenceTypes.isActive, true)))
    .orderBy(asc(clientReferenceTypes.name));
  return inMemory(rows, input);
}

export async function representativeList(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({
      id: staff.id,
      name: sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`,
      email: staff.email,
    })
    .from(staff)
    .where(and(eq(staff.companyId, ctx.session.companyId), eq(staff.isActive, true)))
    .orderBy(asc(staff.firstName), asc(staff.lastName));
  return inMemory(rows, input);
}

export async function clientTagList(ctx: Ctx, input: ListParams) {
  const rows = await ctx.db
    .select({ id: tags.id, name: tags.name, colour: tags.colour })
    .from(tags)
    .where(and(eq(tags.companyId, ctx.session.companyId), eq(tags.tagType, 'client'), eq(tags.isActive, true)))
    .orderBy(asc(tags.name));
  return inMemory(rows, input);
}
