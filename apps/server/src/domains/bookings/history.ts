import { aliasedTable, and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { listPage } from '../../platform/http/list';
import { recordAudit } from '../audit/record';
import { auditLog } from '../audit/schema';
import { users } from '../auth/schema';
import { lockBooking } from './moves';
import { bookings, remoteBookingChanges } from './schema';
import { namesIn } from './history-names';
import { actionLabels, fieldLabels } from './trace';
import { updateBooking, type UpdateInput } from './write';

type Ctx = CallContext<Session>;
type Entry = z.output<typeof schemas.historyEntry>;
type RemoteRow = z.output<typeof schemas.remoteChangeRow>;
type Changes = Record<string, { before: unknown; after: unknown }> | null;

const labelOf = (field: string) =>
  fieldLabels[field] ?? field.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

type Naming = (field: string, value: unknown) => unknown;

/** Each changed field with its label and values as people read them (names, not ids). */
function changeList(changes: Changes, nameOf: Naming) {
  return Object.entries(changes ?? {}).map(([field, c]) => ({
    field,
    label: labelOf(field),
    before: nameOf(field, c?.before ?? null),
    after: nameOf(field, c?.after ?? null),
  }));
}

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** One sentence per entry: "Changed: Route A → B became A → C; Passengers 1 became 2". */
function describe(actionName: string, changes: ReturnType<typeof changeList>): string {
  const note = changes.find((c) => c.field === 'note');
  const fields = changes.filter((c) => c.field !== 'note');
  const parts = fields.map((c) =>
    c.before === null || c.before === undefined
      ? `${c.label} ${shown(c.after)}`
      : `${c.label} ${shown(c.before)} became ${shown(c.after)}`,
  );
  if (note) parts.push(`“${shown(note.after)}”`);
  return parts.length ? `${actionName}: ${parts.join('; ')}` : actionName;
}

/** Booking/GetBookingHistoryLog: every history row of a booking, newest first. */
export async function bookingHistory(ctx: Ctx, input: z.output<typeof schemas.historyListInput>) {
  await existing(ctx, input.id);
  const where = and(
    eq(auditLog.companyId, ctx.session.companyId),
    eq(auditLog.entityType, 'booking'),
    eq(auditLog.entityId, input.id),
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(auditLog).where(where))[0]?.n ?? 0,
    rows: async (limit, offset) => {
      const rows = await ctx.db
        .select({ a: auditLog, actorName: users.fullName })
        .from(auditLog)
        .leftJoin(users, and(eq(users.companyId, auditLog.companyId), eq(users.id, auditLog.actorUserId)))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset);
      const nameOf = await namesIn(
        ctx,
        rows.map((r) => r.a.changes),
      );
      return rows.map(({ a, actorName }): Entry => toEntry(a, actorName, nameOf));
    },
  });
}

function toEntry(a: typeof auditLog.$inferSelect, actorName: string | null, nameOf: Naming): Entry {
  const actionName = actionLabels[a.action] ?? a.action;
  const changes = changeList(a.changes, nameOf);
  return {
    id: a.id,
    action: a.action,
    actionName,
    source: a.source,
    actorUserId: a.actorUserId,
    actorName,
    createdAt: a.createdAt.toISOString(),
    changes,
    description: describe(actionName, changes),
  };
}

async function existing(ctx: Ctx, id: number) {
  const [row] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, id)));
  if (!row) throw notFound(`Booking ${id}`);
}

/** Booking/AddUpdatedBookingDataInHistoryLog: a note, and/or changes the form reports, as one history row. */
export async function addHistoryNote(ctx: Ctx, input: z.output<typeof schemas.historyNoteInput>) {
  await existing(ctx, input.id);
  const changes: Record<string, { before: unknown; after: unknown }> = { ...(input.changes ?? {}) };
  if (input.note) changes.note = { before: null, after: input.note };
  await recordAudit(ctx, { entityType: 'booking', entityId: input.id, action: 'note', changes });
  const [row] = await ctx.db
    .select({ a: auditLog, actorName: users.fullName })
    .from(auditLog)
    .leftJoin(users, and(eq(users.companyId, auditLog.companyId), eq(users.id, auditLog.actorUserId)))
    .where(
      and(
        eq(auditLog.companyId, ctx.session.companyId),
        eq(auditLog.entityType, 'booking'),
        eq(auditLog.entityId, input.id),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  await emit(ctx, { type: 'booking.history', payload: { id: input.id }, officeOnly: true });
  const nameOf = await namesIn(ctx, [row!.a.changes]);
  return { data: toEntry(row!.a, row!.actorName, nameOf), message: `Note added to booking ${input.id}.` };
}

const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');

async function remoteRows(ctx: Ctx, where: SQL | undefined, limit: number, offset: number): Promise<RemoteRow[]> {
  const rows = await ctx.db
    .select({ r: remoteBookingChanges, requestedByName: requester.fullName, decidedByName: decider.fullName })
    .from(remoteBookingChanges)
    .leftJoin(
      requester,
      and(eq(requester.companyId, remoteBookingChanges.companyId), eq(requester.id, remoteBookingChanges.requestedBy)),
    )
    .leftJoin(
      decider,
      and(eq(decider.companyId, remoteBookingChanges.companyId), eq(decider.id, remoteBookingChanges.decidedBy)),
    )
    .where(where)
    .orderBy(desc(remoteBookingChanges.createdAt), desc(remoteBookingChanges.id))
    .limit(limit)
    .offset(offset);
  const nameOf = await namesIn(
    ctx,
    rows.map((row) => row.r.changes as Changes),
  );
  return rows.map(({ r, requestedByName, decidedByName }) => ({
    id: r.id,
    bookingId: r.bookingId,
    source: r.source,
    requestedBy: r.requestedBy,
    requestedByName,
    status: r.status,
    changes: changeList(r.changes as Changes, nameOf),
    decidedBy: r.decidedBy,
    decidedByName,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Booking/GetRemoteBookingHistoryLog. */
export async function remoteChanges(ctx: Ctx, input: z.output<typeof schemas.remoteChangeListInput>) {
  if (input.bookingId) await existing(ctx, input.bookingId);
  const where = and(
    eq(remoteBookingChanges.companyId, ctx.session.companyId),
    input.id ? eq(remoteBookingChanges.id, input.id) : undefined,
    input.bookingId ? eq(remoteBookingChanges.bookingId, input.bookingId) : undefined,
    input.status ? eq(remoteBookingChanges.status, input.status) : undefined,
  );
  return listPage(input, {
    count: async () => (await ctx.db.select({ n: count() }).from(remoteBookingChanges).where(where))[0]?.n ?? 0,
    rows: (limit, offset) => remoteRows(ctx, where, limit, offset),
  });
}

/**
 * Booking/ApproveRemoteBookingHistory: approving applies the stored change as an office update (all
 * the rules of Update apply, so an approval that no longer fits answers 400 and changes nothing);
 * rejecting leaves the booking as it is. The booking stays flagged while other changes wait.
 */
export async function decideRemoteChange(ctx: Ctx, input: z.output<typeof schemas.remoteDecisionInput>) {
  const [change] = await ctx.db
    .select()
    .from(remoteBookingChanges)
    .where(and(eq(remoteBookingChanges.companyId, ctx.session.companyId), eq(remoteBookingChanges.id, input.id)))
    .for('update');
  if (!change) throw notFound(`Remote change ${input.id}`);
  if (change.status !== 'pending') {
    throw conflict(`Remote change ${input.id} was already ${change.status}.`, { currentStatus: change.status });
  }
  await lockBooking(ctx, change.bookingId);
  if (input.approve) {
    const fields = Object.fromEntries(Object.entries(change.changes).map(([k, c]) => [k, c.after]));
    await updateBooking(
      ctx,
      { ...(fields as Partial<UpdateInput>), id: change.bookingId, source: change.source } as UpdateInput,
      {
        asOffice: true,
        action: 'remote_approved',
      },
    );
  } else {
    await recordAudit(ctx, {
      entityType: 'booking',
      entityId: change.bookingId,
      action: 'remote_rejected',
      changes: {
        remoteChangeId: { before: null, after: change.id },
        ...(input.note ? { note: { before: null, after: input.note } } : {}),
      },
    });
  }
  await ctx.db
    .update(remoteBookingChanges)
    .set({ status: input.approve ? 'approved' : 'rejected', decidedBy: ctx.session.userId, decidedAt: new Date() })
    .where(and(eq(remoteBookingChanges.companyId, ctx.session.companyId), eq(remoteBookingChanges.id, change.id)));
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(remoteBookingChanges)
    .where(
      and(
        eq(remoteBookingChanges.companyId, ctx.session.companyId),
        eq(remoteBookingChanges.bookingId, change.bookingId),
        eq(remoteBookingChanges.status, 'pending'),
      ),
    );
  await ctx.db
    .update(bookings)
    .set({ remotePending: (waiting?.n ?? 0) > 0, updatedAt: new Date() })
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, change.bookingId)));
  if (!input.approve) {
    await emit(ctx, {
      type: 'booking.updated',
      payload: { id: change.bookingId, remotePending: (waiting?.n ?? 0) > 0 },
    });
  }
  const [row] = await remoteRows(ctx, eq(remoteBookingChanges.id, change.id), 1, 0);
  return {
    data: row as RemoteRow,
    message: `Change ${change.id} to booking ${change.bookingId} ${input.approve ? 'approved and applied' : 'rejected'}.`,
  };
}
