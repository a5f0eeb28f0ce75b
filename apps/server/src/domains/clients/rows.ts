import { and, count, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { listPage, orderFrom, searchAny } from '../../platform/http/list';
import { iso } from '../../platform/http/crud';
import { pricingModels } from '../pricing/schema';
import { entityTags, taxes } from '../reference-data/schema';
import { tagsOf } from '../reference-data/entity-tags';
import { staff } from '../staff/schema';
import { clients, clientTypes } from './schema';

type Ctx = CallContext<Session>;
type ListInput = z.output<typeof schemas.clientListInput>;
export type ClientRow = z.output<typeof schemas.clientRow>;

const parent = alias(clients, 'parent');

const childCount = sql<number>`(select count(*)::int from ${clients} child where child.company_id = ${clients.companyId} and child.parent_client_id = ${clients.id})`;

function selectClients(ctx: Ctx) {
  return ctx.db
    .select({
      id: clients.id,
      accountNo: clients.accountNo,
      name: clients.name,
      contactName: clients.contactName,
      email: clients.email,
      phone: clients.phone,
      address: clients.address,
      postcode: clients.postcode,
      vatNumber: clients.vatNumber,
      clientTypeId: clients.clientTypeId,
      clientTypeName: clientTypes.name,
      parentClientId: clients.parentClientId,
      parentName: parent.name,
      childCount,
      isActive: clients.isActive,
      invoicePeriod: clients.invoicePeriod,
      invoiceSplit: clients.invoiceSplit,
      invoiceGroup: clients.invoiceGroup,
      taxId: clients.taxId,
      taxName: taxes.name,
      paymentMethod: clients.paymentMethod,
      currency: clients.currency,
      pricingModelId: clients.pricingModelId,
      pricingModelName: pricingModels.name,
      pricingMode: clients.pricingMode,
      graceWaitingMinutes: clients.graceWaitingMinutes,
      priority: clients.priority,
      representativeStaffId: clients.representativeStaffId,
      representativeName: sql<string | null>`${staff.firstName} || ' ' || ${staff.lastName}`,
      creditLimitMinor: clients.creditLimitMinor,
      notifications: clients.notifications,
      notes: clients.notes,
      photoKey: clients.photoKey,
      createdAt: clients.createdAt,
      updatedAt: clients.updatedAt,
    })
    .from(clients)
    .leftJoin(clientTypes, eq(clientTypes.id, clients.clientTypeId))
    .leftJoin(parent, eq(parent.id, clients.parentClientId))
    .leftJoin(taxes, eq(taxes.id, clients.taxId))
    .leftJoin(pricingModels, eq(pricingModels.id, clients.pricingModelId))
    .leftJoin(staff, and(eq(staff.companyId, clients.companyId), eq(staff.id, clients.representativeStaffId)))
    .$dynamic();
}

type Raw = Awaited<ReturnType<typeof selectClients>>[number];

/** Raw rows to contract rows, with the tags of the whole page read in one query. */
async function toRows(ctx: Ctx, raw: Raw[]): Promise<ClientRow[]> {
  const tags = await tagsOf(
    ctx,
    'client',
    raw.map((r) => r.id),
  );
  return raw.map(({ photoKey, notifications, createdAt, updatedAt, ...r }) => ({
    ...r,
    notifications: {
      sms: notifications?.sms ?? [],
      email: notifications?.email ?? [],
      phoneCall: notifications?.phoneCall ?? [],
    },
    tags: tags.get(r.id) ?? [],
    photoUrl: ctx.services.files.url(photoKey),
    createdAt: iso(createdAt) ?? '',
    updatedAt: iso(updatedAt) ?? '',
  }));
}

const mine = (ctx: Ctx) => eq(clients.companyId, ctx.session.companyId);

function filtersOf(ctx: Ctx, input: ListInput): (SQL | undefined)[] {
  const tagged = (tagId: number) =>
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(entityTags)
        .where(
          and(
            eq(entityTags.companyId, clients.companyId),
            eq(entityTags.ownerType, 'client'),
            eq(entityTags.ownerId, clients.id),
            eq(entityTags.tagId, tagId),
          ),
        ),
    );
  return [
    input.clientId ? eq(clients.id, input.clientId) : undefined,
    input.clientTypeId ? eq(clients.clientTypeId, input.clientTypeId) : undefined,
    input.parentClientId === undefined
      ? undefined
      : input.parentClientId === 0
        ? isNull(clients.parentClientId)
        : eq(clients.parentClientId, input.parentClientId),
    input.isActive === undefined ? undefined : eq(clients.isActive, input.isActive),
    input.tagId ? tagged(input.tagId) : undefined,
  ];
}

/** Client/GetTableSummary. */
export async function listClients(ctx: Ctx, input: ListInput) {
  const where = and(
    mine(ctx),
    searchAny(input.q, [clients.name, clients.accountNo, clients.email]),
    ...filtersOf(ctx, input),
  );
  const order = orderFrom(
    input,
    {
      name: sql`lower(${clients.name})`,
      accountNo: sql`lower(${clients.accountNo})`,
      clientTypeName: sql`lower(${clientTypes.name})`,
      createdAt: clients.createdAt,
    },
    { column: 'name', type: 'asc' },
    clients.id,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(clients).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) =>
      toRows(
        ctx,
        await selectClients(ctx)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
  });
}

/** One client of the caller's company; another company's id is 404 like a missing one. */
export async function clientById(ctx: Ctx, id: number): Promise<ClientRow> {
  const raw = await selectClients(ctx)
    .where(and(mine(ctx), eq(clients.id, id)))
    .limit(1);
  const [row] = await toRows(ctx, raw);
  if (!row) throw notFound(`Client ${id}`);
  return row;
}
