import { and, count, eq } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { describeUnique } from '../../platform/db/errors';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { diff, recordAudit } from '../audit/record';
import { bookings } from '../bookings/schema';
import { deleteDocumentsOf } from '../documents/owner-documents';
import { setTags } from '../reference-data/entity-tags';
import { vehicleById, type VehicleRow } from './list';
import { vehicles } from './schema';

type Ctx = CallContext<Session>;
type Fields = z.output<typeof schemas.vehicleFields>;
type UpdateInput = z.output<typeof schemas.vehicleUpdateInput>;

describeUnique('vehicles_registration_key', 'registration', 'is already used by another vehicle of your fleet');

const mine = (ctx: Ctx, id: number) => and(eq(vehicles.companyId, ctx.session.companyId), eq(vehicles.id, id));

function valuesOf(input: Fields) {
  return {
    registration: input.registration,
    vehicleTypeId: input.vehicleTypeId,
    make: input.make || null,
    model: input.model || null,
    colour: input.colour || null,
    year: input.year ?? null,
    seats: input.seats ?? null,
    vehicleClass: input.vehicleClass ?? null,
    ownerDriverId: input.ownerDriverId,
    notes: input.notes || null,
    isActive: input.isActive,
  };
}

/** The fields a call was sent; those left out stay out (and keep their stored values). */
function sentOnly<T extends object>(fields: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

async function loaded(ctx: Ctx, id: number): Promise<VehicleRow> {
  const row = await vehicleById(ctx, id);
  if (!row) throw notFound(`Vehicle ${id}`);
  return row;
}

/** What a history row keeps of a vehicle: its own fields and tag names, not derived ones. */
function traced(row: VehicleRow) {
  const { documentState: _state, createdAt: _created, vehicleTypeName: _type, ownerDriverName: _owner, ...rest } = row;
  return { ...rest, tags: row.tags.map((t) => t.name) };
}

export async function createVehicle(ctx: Ctx, input: Fields) {
  const [created] = await ctx.db
    .insert(vehicles)
    .values({ ...valuesOf(input), companyId: ctx.session.companyId, createdBy: ctx.session.userId })
    .returning({ id: vehicles.id });
  const id = created?.id as number;
  if (input.tagIds?.length) await setTags(ctx, 'vehicle', id, input.tagIds);
  const row = await loaded(ctx, id);
  await recordAudit(ctx, {
    entityType: 'vehicle',
    entityId: id,
    action: 'created',
    changes: { registration: { before: null, after: row.registration } },
  });
  return { data: row, message: `Vehicle ${row.registration} added.` };
}

/** Changes only the fields sent; the registration index keeps registrations unique (409). */
export async function updateVehicle(ctx: Ctx, input: UpdateInput) {
  const before = await loaded(ctx, input.id);
  const { id, tagIds, ...fields } = input;
  const values: Partial<typeof vehicles.$inferInsert> = sentOnly(fields);
  if (Object.keys(values).length) {
    await ctx.db
      .update(vehicles)
      .set({ ...values, updatedAt: new Date() })
      .where(mine(ctx, id));
  }
  if (tagIds) await setTags(ctx, 'vehicle', id, tagIds);
  const after = await loaded(ctx, id);
  const changes = diff(traced(before), traced(after));
  if (Object.keys(changes).length) {
    await recordAudit(ctx, { entityType: 'vehicle', entityId: id, action: 'updated', changes });
  }
  return { data: after, message: `Vehicle ${after.registration} saved.` };
}

/**
 * A vehicle that has driven bookings stays for their history (409: switch it off instead); otherwise
 * it goes with its documents and tags.
 */
export async function deleteVehicle(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select({ registration: vehicles.registration }).from(vehicles).where(mine(ctx, id));
  if (!row) throw notFound(`Vehicle ${id}`);
  const [used] = await ctx.db
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.vehicleId, id)));
  const bookingCount = used?.n ?? 0;
  if (bookingCount > 0) {
    throw conflict(
      `Vehicle ${row.registration} has ${bookingCount} booking${bookingCount === 1 ? '' : 's'}; switch it off instead of deleting it.`,
    );
  }
  const documentCount = await deleteDocumentsOf(ctx, 'vehicle', id);
  await setTags(ctx, 'vehicle', id, []);
  await ctx.db.delete(vehicles).where(mine(ctx, id));
  await recordAudit(ctx, {
    entityType: 'vehicle',
    entityId: id,
    action: 'deleted',
    changes: {
      registration: { before: row.registration, after: null },
      documents: { before: documentCount, after: 0 },
    },
  });
  return { data: { id }, message: `Vehicle ${row.registration} deleted.` };
}
