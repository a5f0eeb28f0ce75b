import { and, count, eq } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError } from '../../platform/http/errors';
import { deleteDocumentsOf } from '../documents/owner-documents';
import { diff, recordAudit } from '../audit/record';
import { users } from '../auth/schema';
import { bookings } from '../bookings/schema';
import { clients } from '../clients/schema';
import { setTags, tagsOf } from '../reference-data/entity-tags';
import { lockPassengerWrites, refuseClashes } from './availability';
import { mine, passengerById, storedPassenger } from './rows';
import { passengers } from './schema';

type Ctx = CallContext<Session>;
type CreateInput = z.output<typeof schemas.passengerFields>;
type UpdateInput = z.output<typeof schemas.passengerUpdateInput>;

/** The columns a person edits, in the order history rows list them. */
const edited = [
  'title',
  'firstName',
  'surname',
  'email',
  'phone',
  'mobile',
  'isVip',
  'clientId',
  'notes',
  'isActive',
] as const;
type Edited = Pick<typeof passengers.$inferSelect, (typeof edited)[number]>;

const pick = (row: Edited): Edited => Object.fromEntries(edited.map((k) => [k, row[k]])) as unknown as Edited;

/** The client must be one of the company's (answered like the database would, but before writing). */
async function ensureClient(ctx: Ctx, clientId: number | null | undefined): Promise<void> {
  if (!clientId) return;
  const [found] = await ctx.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, ctx.session.companyId), eq(clients.id, clientId)));
  if (!found) throw fieldError('clientId', 'does not exist in your company');
}

const tagNames = async (ctx: Ctx, id: number) =>
  ((await tagsOf(ctx, 'passenger', [id])).get(id) ?? []).map((t) => t.name);

export async function createPassenger(ctx: Ctx, input: CreateInput) {
  const { tagIds, ...fields } = input;
  await lockPassengerWrites(ctx);
  await ensureClient(ctx, fields.clientId);
  await refuseClashes(ctx, fields, null);
  const values: Edited = {
    title: fields.title ?? null,
    firstName: fields.firstName,
    surname: fields.surname,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    mobile: fields.mobile ?? null,
    isVip: fields.isVip,
    clientId: fields.clientId,
    notes: fields.notes ?? null,
    isActive: fields.isActive,
  };
  const [created] = await ctx.db
    .insert(passengers)
    .values({ ...values, companyId: ctx.session.companyId, createdBy: ctx.session.userId })
    .returning({ id: passengers.id });
  const id = created?.id as number;
  await setTags(ctx, 'passenger', id, tagIds);
  const nothing: Record<string, unknown> = Object.fromEntries(edited.map((k) => [k, null]));
  const changes = diff(nothing, values as Record<string, unknown>);
  if (tagIds.length) changes.tags = { before: [], after: await tagNames(ctx, id) };
  await recordAudit(ctx, { entityType: 'passenger', entityId: id, action: 'created', changes });
  const data = await passengerById(ctx, id);
  return { data, message: `Passenger ${data.name} added.` };
}

export async function updatePassenger(ctx: Ctx, input: UpdateInput) {
  const { id, tagIds, ...sent } = input;
  await lockPassengerWrites(ctx);
  const stored = await storedPassenger(ctx, id);
  const before = pick(stored);
  const after: Edited = { ...before };
  for (const key of edited) {
    const value = sent[key];
    if (value !== undefined) (after as Record<string, unknown>)[key] = value;
  }
  if (!after.email && !after.phone && !after.mobile) throw fieldError('email', schemas.PASSENGER_CONTACT_RULE);
  if (sent.clientId !== undefined) await ensureClient(ctx, after.clientId);
  await refuseClashes(ctx, after, id);

  const changes = diff(before as Record<string, unknown>, after as Record<string, unknown>);
  if (Object.keys(changes).length) {
    await ctx.db
      .update(passengers)
      .set({ ...after, updatedAt: new Date() })
      .where(and(mine(ctx), eq(passengers.id, id)));
  }
  if (tagIds) {
    const old = await tagNames(ctx, id);
    await setTags(ctx, 'passenger', id, tagIds);
    const now = await tagNames(ctx, id);
    if (JSON.stringify(old) !== JSON.stringify(now)) changes.tags = { before: old, after: now };
  }
  // A switched-off passenger cannot sign in to the passenger app either, and is let back in with it.
  if (changes.isActive && stored.userId) {
    await ctx.db
      .update(users)
      .set({ isActive: after.isActive, updatedAt: new Date() })
      .where(and(eq(users.companyId, ctx.session.companyId), eq(users.id, stored.userId)));
  }
  if (Object.keys(changes).length) {
    await recordAudit(ctx, { entityType: 'passenger', entityId: id, action: 'updated', changes });
  }
  const data = await passengerById(ctx, id);
  return { data, message: `Passenger ${data.name} saved.` };
}

/** Deletes a passenger who never booked, with their tags, documents, photo and passenger-app account. */
export async function deletePassenger(ctx: Ctx, id: number) {
  const stored = await storedPassenger(ctx, id);
  const name = `${stored.firstName} ${stored.surname}`;
  const [used] = await ctx.db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.passengerId, id)));
  const n = used?.n ?? 0;
  if (n > 0) {
    throw conflict(
      `${name} has ${n} booking${n === 1 ? '' : 's'} and cannot be deleted; switch the passenger off instead.`,
    );
  }
  await setTags(ctx, 'passenger', id, []);
  const documentCount = await deleteDocumentsOf(ctx, 'passenger', id);
  await ctx.db.delete(passengers).where(and(mine(ctx), eq(passengers.id, id)));
  if (stored.userId) {
    await ctx.db.delete(users).where(and(eq(users.companyId, ctx.session.companyId), eq(users.id, stored.userId)));
  }
  const photo = stored.photoKey;
  if (photo) ctx.afterCommit(() => ctx.services.files.remove(photo));
  await recordAudit(ctx, {
    entityType: 'passenger',
    entityId: id,
    action: 'deleted',
    changes: {
      name: { before: name, after: null },
      email: { before: stored.email, after: null },
      appAccount: { before: stored.userId !== null, after: false },
      documents: { before: documentCount, after: 0 },
    },
  });
  return { data: { id }, message: `Passenger ${name} deleted.` };
}
