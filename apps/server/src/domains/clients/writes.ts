import { and, count, eq } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError, notFound } from '../../platform/http/errors';
import { describeUnique } from '../../platform/db/errors';
import { diff, recordAudit } from '../audit/record';
import { deleteDocumentsOf } from '../documents/owner-documents';
import { bookings } from '../bookings/schema';
import { companies } from '../company/schema';
import { entityTags } from '../reference-data/schema';
import { setTags } from '../reference-data/entity-tags';
import { staff } from '../staff/schema';
import { assertParentAllowed } from './hierarchy';
import { clientById, type ClientRow } from './rows';
import { clients } from './schema';

type Ctx = CallContext<Session>;
type Fields = z.output<typeof schemas.clientFields>;
type UpdateInput = z.output<typeof schemas.clientUpdateFields>;

describeUnique('clients_account_no_key', 'accountNo', 'is already used by another client');

async function assertRepresentative(ctx: Ctx, staffId: number | null): Promise<void> {
  if (!staffId) return;
  const [found] = await ctx.db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.companyId, ctx.session.companyId), eq(staff.id, staffId), eq(staff.isActive, true)));
  if (!found) throw fieldError('representativeStaffId', 'must be an active staff member of your company');
}

async function companyCurrency(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, ctx.session.companyId));
  return row?.currency ?? 'GBP';
}

/** The table values of a create or an update; tags live in entity_tags. */
async function valuesOf(ctx: Ctx, input: Fields) {
  const { tagIds: _tags, currency, ...rest } = input;
  return { ...rest, currency: currency ?? (await companyCurrency(ctx)) };
}

/** The fields a call was sent; those left out stay out (and keep their stored values). */
function sentOnly<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Fields that change without a person changing them; history rows leave them out. */
function traced(row: ClientRow): Partial<ClientRow> {
  const { updatedAt: _u, photoUrl: _p, childCount: _c, ...rest } = row;
  return rest;
}

export async function createClient(ctx: Ctx, input: Fields) {
  await assertRepresentative(ctx, input.representativeStaffId);
  const [created] = await ctx.db
    .insert(clients)
    .values({ ...(await valuesOf(ctx, input)), companyId: ctx.session.companyId, createdBy: ctx.session.userId })
    .returning({ id: clients.id });
  const id = created?.id as number;
  await setTags(ctx, 'client', id, input.tagIds);
  await recordAudit(ctx, {
    entityType: 'client',
    entityId: id,
    action: 'created',
    changes: {
      name: { before: null, after: input.name },
      parentClientId: { before: null, after: input.parentClientId },
    },
  });
  const data = await clientById(ctx, id);
  return { data, message: input.parentClientId ? 'Child account added.' : 'Client added.' };
}

/** Changes only the fields sent; the rules across fields are checked on the client as it will be. */
export async function updateClient(ctx: Ctx, input: UpdateInput) {
  const before = await clientById(ctx, input.id);
  const { id, tagIds, notifications, currency, ...fields } = input;
  const values: Partial<typeof clients.$inferInsert> = sentOnly(fields);
  if (currency !== undefined) values.currency = currency ?? (await companyCurrency(ctx));
  // A channel left out keeps its events.
  if (notifications) values.notifications = { ...before.notifications, ...sentOnly(notifications) };

  const parentClientId = values.parentClientId === undefined ? before.parentClientId : values.parentClientId;
  const invoiceGroup = values.invoiceGroup ?? before.invoiceGroup;
  if (invoiceGroup === 'parent' && parentClientId === null) {
    // Named after the field that broke the rule: a cleared parent, or a group asked for.
    if (fields.parentClientId !== undefined && fields.invoiceGroup === undefined) {
      throw fieldError('parentClientId', 'is required while invoiceGroup is "parent"');
    }
    throw fieldError('invoiceGroup', schemas.CLIENT_GROUP_RULE);
  }
  // The parent it keeps was checked when it was set; only a new one could close a loop.
  if (parentClientId !== null && parentClientId !== before.parentClientId) {
    await assertParentAllowed(ctx, id, parentClientId);
  }
  if (fields.representativeStaffId) await assertRepresentative(ctx, fields.representativeStaffId);

  if (Object.keys(values).length) {
    await ctx.db
      .update(clients)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, id)));
  }
  if (tagIds) await setTags(ctx, 'client', id, tagIds);
  const after = await clientById(ctx, id);
  const changes = diff(traced(before), traced(after));
  if (Object.keys(changes).length) {
    await recordAudit(ctx, { entityType: 'client', entityId: id, action: 'updated', changes });
  }
  return { data: after, message: 'Client saved.' };
}

/**
 * Refused while child accounts or bookings point at the client (history must keep its client);
 * passengers and portal users pointing at it are refused by the database the same way.
 */
export async function deleteClient(ctx: Ctx, id: number) {
  const mine = and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, id));
  const [client] = await ctx.db.select({ name: clients.name }).from(clients).where(mine);
  if (!client) throw notFound(`Client ${id}`);
  const [children] = await ctx.db
    .select({ n: count() })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.parentClientId, id)));
  if (children?.n) {
    throw conflict(
      `${client.name} has ${children.n} child account${children.n === 1 ? '' : 's'}; move or delete them first.`,
    );
  }
  const [booked] = await ctx.db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.clientId, id)));
  if (booked?.n) {
    throw conflict(
      `${client.name} has ${booked.n} booking${booked.n === 1 ? '' : 's'}; switch the client off instead of deleting it.`,
    );
  }
  await ctx.db
    .delete(entityTags)
    .where(
      and(
        eq(entityTags.companyId, ctx.session.companyId),
        eq(entityTags.ownerType, 'client'),
        eq(entityTags.ownerId, id),
      ),
    );
  const documentCount = await deleteDocumentsOf(ctx, 'client', id);
  await ctx.db.delete(clients).where(mine);
  await recordAudit(ctx, {
    entityType: 'client',
    entityId: id,
    action: 'deleted',
    changes: { name: { before: client.name, after: null }, documents: { before: documentCount, after: 0 } },
  });
  return { data: { id }, message: `${client.name} deleted.` };
}
