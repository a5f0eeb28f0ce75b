import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import { alreadyUsed, openAppAccount } from './app-account';
import { diff, recordAudit } from '../audit/record';
import { users } from '../auth/schema';
import { bookings } from '../bookings/schema';
import { deleteDocumentsOf } from '../documents/owner-documents';
import { setTags } from '../reference-data/entity-tags';
import { vehicles } from '../vehicles/schema';
import { driverOf, driverProfile, type DriverProfile } from './profile';
import { drivers } from './schema';

type Ctx = CallContext<Session>;
type CreateInput = z.output<typeof schemas.driverCreateInput>;
type UpdateInput = z.output<typeof schemas.driverUpdateInput>;

/** Fields a person would want to trace; bank details only as their last four, photo addresses never. */
const traced = (p: DriverProfile) => {
  const { photoUrl: _photo, vehicles: _v, missingDocumentTypes: _m, documentState: _d, ...rest } = p;
  return rest;
};

/** Callsigns are unique per company ignoring case; the 409 names the field before the index would. */
async function checkCallsign(ctx: Ctx, callsign: string | null | undefined, exceptId?: number) {
  if (!callsign) return;
  const [taken] = await ctx.db
    .select({ id: drivers.id })
    .from(drivers)
    .where(
      and(
        eq(drivers.companyId, ctx.session.companyId),
        sql`lower(${drivers.callsign}) = lower(${callsign})`,
        exceptId ? ne(drivers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw alreadyUsed('callsign', 'by another driver');
}

/** The table values of the fields a call was sent (left-out fields stay out). */
function valuesOf(input: Partial<CreateInput>) {
  const { tagIds: _tags, appEmail: _e, appPassword: _p, ...fields } = input;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
    typeof drivers.$inferInsert
  >;
}

export async function createDriver(ctx: Ctx, input: CreateInput) {
  await checkCallsign(ctx, input.callsign);
  const [created] = await ctx.db
    .insert(drivers)
    .values({
      ...valuesOf(input),
      firstName: input.firstName,
      lastName: input.lastName,
      isActive: input.isActive ?? true,
      companyId: ctx.session.companyId,
      createdBy: ctx.session.userId,
    })
    .returning({ id: drivers.id });
  const id = created?.id as number;
  if (input.tagIds?.length) await setTags(ctx, 'driver', id, input.tagIds);
  if (input.appEmail && input.appPassword) {
    await openAppAccount(ctx, { driverId: id, email: input.appEmail, password: input.appPassword, field: 'appEmail' });
  }
  const profile = await driverProfile(ctx, id);
  await recordAudit(ctx, {
    entityType: 'driver',
    entityId: id,
    action: 'created',
    changes: diff({} as Record<string, unknown>, traced(profile)),
  });
  return { data: profile, message: `Driver ${profile.fullName} added.` };
}

export async function updateDriver(ctx: Ctx, input: UpdateInput) {
  const before = await driverProfile(ctx, input.id);
  const { id, ...fields } = input;
  await checkCallsign(ctx, fields.callsign, id);
  const values = valuesOf(fields);
  // A switched-off driver cannot be on the road.
  if (fields.isActive === false) values.availability = 3;
  if (Object.keys(values).length) {
    await ctx.db
      .update(drivers)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(drivers.companyId, ctx.session.companyId), eq(drivers.id, id)));
  }
  if (fields.tagIds) await setTags(ctx, 'driver', id, fields.tagIds);
  const after = await driverProfile(ctx, id);
  // The app account follows the driver: its name, and whether it may sign in.
  if (after.userId && (after.fullName !== before.fullName || after.isActive !== before.isActive)) {
    await ctx.db
      .update(users)
      .set({ fullName: after.fullName, isActive: after.isActive, updatedAt: new Date() })
      .where(and(eq(users.companyId, ctx.session.companyId), eq(users.id, after.userId)));
  }
  const changes = diff(traced(before), traced(after));
  if (Object.keys(changes).length) {
    await recordAudit(ctx, { entityType: 'driver', entityId: id, action: 'updated', changes });
  }
  return { data: after, message: `Driver ${after.fullName} saved.` };
}

/**
 * Deletes a driver with its sign-in account, documents and tags. Bookings keep their driver for
 * invoices, pay and history, and owned vehicles need another owner first: both answer 409.
 */
export async function deleteDriver(ctx: Ctx, id: number) {
  const driver = await driverOf(ctx, id);
  const mine = (column: AnyPgColumn) => eq(column, ctx.session.companyId);
  const [jobs] = await ctx.db
    .select({ n: count() })
    .from(bookings)
    .where(and(mine(bookings.companyId), eq(bookings.driverId, id)));
  if (jobs && jobs.n > 0) {
    throw conflict(
      `${driver.firstName} ${driver.lastName} has ${jobs.n} booking${jobs.n === 1 ? '' : 's'} and cannot be deleted; switch the driver off instead.`,
    );
  }
  const owned = await ctx.db
    .select({ registration: vehicles.registration })
    .from(vehicles)
    .where(and(mine(vehicles.companyId), eq(vehicles.ownerDriverId, id)));
  if (owned.length) {
    throw conflict(
      `${driver.firstName} ${driver.lastName} owns ${owned.map((v) => v.registration).join(', ')}; give the vehicle another owner or switch the driver off instead.`,
    );
  }
  const documentCount = await deleteDocumentsOf(ctx, 'driver', id);
  await setTags(ctx, 'driver', id, []);
  const [gone] = await ctx.db
    .delete(drivers)
    .where(and(mine(drivers.companyId), eq(drivers.id, id)))
    .returning({ id: drivers.id });
  if (!gone) throw notFound(`Driver ${id}`);
  if (driver.userId) {
    await ctx.db.delete(users).where(and(mine(users.companyId), eq(users.id, driver.userId)));
  }
  const photo = driver.photoKey;
  if (photo) ctx.afterCommit(() => ctx.services.files.remove(photo));
  await recordAudit(ctx, {
    entityType: 'driver',
    entityId: id,
    action: 'deleted',
    changes: {
      name: { before: `${driver.firstName} ${driver.lastName}`, after: null },
      callsign: { before: driver.callsign, after: null },
      documents: { before: documentCount, after: 0 },
      userId: { before: driver.userId, after: null },
    },
  });
  return { data: { id }, message: `Driver ${driver.firstName} ${driver.lastName} deleted.` };
}
