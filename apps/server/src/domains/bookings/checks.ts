import { and, asc, eq } from 'drizzle-orm';
import { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError, fieldError } from '../../platform/http/errors';
import { clientReferences, clientReferenceTypes, clients } from '../clients/schema';
import { createPassenger } from '../passengers/writes';
import { passengers } from '../passengers/schema';
import { vehicleTypes } from '../vehicles/schema';
import type { FormRules } from './company';
import { bookers } from './schema';

type Ctx = CallContext<Session>;
type StopInput = z.output<typeof schemas.stopInput>;
type NewPassenger = z.output<typeof schemas.newPassengerInput>;
export type StoredReference = { referenceId: number; label: string; value: string };

/** Sources outside the office: their changes wait for approval and their bookings start pending. */
export const remoteSources = ['client_portal', 'passenger_app', 'web'] as const;
export type RemoteSource = (typeof remoteSources)[number];
export const isRemote = (source: string): source is RemoteSource =>
  (remoteSources as readonly string[]).includes(source);

/** A back-entry may reach this far into the past. */
export const BACK_ENTRY_DAYS = 7;
/** A pick-up this close to now still counts as now (the form took a moment to fill in). */
export const PAST_GRACE_MS = 5 * 60_000;

const isOffice = (ctx: Ctx) => ctx.session.kind === 'admin' || ctx.session.kind === 'staff';

/**
 * The pick-up instant: now for "as soon as possible", else the time sent, which must not be in the
 * past unless it is an office back-entry (at most BACK_ENTRY_DAYS old) and, from outside the office,
 * must be the company's minimum lead time ahead.
 */
export function pickupInstant(
  ctx: Ctx,
  input: { pickupAt?: string | undefined; isAsap: boolean; isBackEntry: boolean; source: string },
  rules: FormRules,
  now = new Date(),
): Date {
  if (input.isAsap) {
    if (!rules.allowAsap) throw fieldError('isAsap', 'is switched off in the booking-form settings');
    return now;
  }
  if (!input.pickupAt) throw fieldError('pickupAt', 'is required (or isAsap)');
  const at = new Date(input.pickupAt);
  if (input.isBackEntry) {
    if (!isOffice(ctx) || isRemote(input.source) || input.source === 'api') {
      throw fieldError('isBackEntry', 'is for office staff only');
    }
    if (!rules.allowBackEntry) throw fieldError('isBackEntry', 'is switched off in the booking-form settings');
    if (at.getTime() < now.getTime() - BACK_ENTRY_DAYS * 86_400_000) {
      throw fieldError('pickupAt', `must be at most ${BACK_ENTRY_DAYS} days ago for a back-entry`);
    }
    return at;
  }
  if (at.getTime() < now.getTime() - PAST_GRACE_MS) {
    throw fieldError(
      'pickupAt',
      'must not be in the past (office staff may tick isBackEntry for a job already done)',
      'must not be in the past (tick Back entry to enter a past job)',
    );
  }
  if (
    isRemote(input.source) &&
    rules.minLeadMinutes > 0 &&
    at.getTime() < now.getTime() + rules.minLeadMinutes * 60_000
  ) {
    throw fieldError('pickupAt', `must be at least ${rules.minLeadMinutes} minutes ahead`);
  }
  return at;
}

const sameText = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
const samePlace = (a: StopInput, b: StopInput) =>
  sameText(a.address, b.address) || (a.lat !== undefined && a.lng !== undefined && a.lat === b.lat && a.lng === b.lng);

/** Hourly hire: one stop, or a drop-off where the pick-up is. Such a booking needs its hours. */
export function isHourlyHire(stops: StopInput[]): boolean {
  if (stops.length <= 1) return true;
  return samePlace(stops[0] as StopInput, stops[stops.length - 1] as StopInput);
}

export function checkStops(stops: StopInput[] | undefined, hireMinutes: number | null | undefined): void {
  if (!stops || stops.length === 0) throw fieldError('stops', 'needs a pick-up');
  if (isHourlyHire(stops) && !hireMinutes) {
    throw fieldError('hireMinutes', 'is required when the booking has one stop or drops off where it picks up');
  }
}

/** The vehicle type must be one of the company's active types, with room for the passengers. */
export async function checkVehicleType(ctx: Ctx, vehicleTypeId: number, passengerCount: number) {
  const [type] = await ctx.db
    .select({
      id: vehicleTypes.id,
      name: vehicleTypes.name,
      maxPassengers: vehicleTypes.maxPassengers,
      isActive: vehicleTypes.isActive,
    })
    .from(vehicleTypes)
    .where(and(eq(vehicleTypes.companyId, ctx.session.companyId), eq(vehicleTypes.id, vehicleTypeId)));
  if (!type) throw fieldError('vehicleTypeId', 'is not a vehicle type of your company');
  if (!type.isActive) throw fieldError('vehicleTypeId', `is switched off (${type.name})`);
  if (passengerCount > type.maxPassengers) {
    throw fieldError('passengerCount', `must be at most ${type.maxPassengers} for a ${type.name}`);
  }
  return type;
}

async function existsIn(ctx: Ctx, table: typeof passengers | typeof clients, id: number) {
  const [row] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, ctx.session.companyId), eq(table.id, id)));
  return Boolean(row);
}

export async function checkPassenger(ctx: Ctx, passengerId: number | null) {
  if (passengerId && !(await existsIn(ctx, passengers, passengerId))) {
    throw fieldError('passengerId', 'is not a passenger of your company');
  }
}

export async function checkClient(ctx: Ctx, clientId: number | null) {
  if (clientId && !(await existsIn(ctx, clients, clientId))) {
    throw fieldError('clientId', 'is not a client of your company');
  }
}

/** The booker must be the company's, active, and book for the booking's client when it has one. */
export async function checkBooker(ctx: Ctx, bookerId: number | null, clientId: number | null) {
  if (!bookerId) return;
  const [booker] = await ctx.db
    .select({ clientId: bookers.clientId, isActive: bookers.isActive })
    .from(bookers)
    .where(and(eq(bookers.companyId, ctx.session.companyId), eq(bookers.id, bookerId)));
  if (!booker) throw fieldError('bookerId', 'is not a booker of your company');
  if (!booker.isActive) throw fieldError('bookerId', 'is switched off');
  if (booker.clientId && clientId && booker.clientId !== clientId) {
    throw fieldError('bookerId', "books for another client than the booking's");
  }
}

/** The client's reference definitions (active), with their type names. */
export async function referenceDefinitions(ctx: Ctx, clientId: number) {
  return ctx.db
    .select({
      referenceId: clientReferences.id,
      label: clientReferences.label,
      isMandatory: clientReferences.isMandatory,
      referenceTypeId: clientReferences.referenceTypeId,
      referenceTypeName: clientReferenceTypes.name,
    })
    .from(clientReferences)
    .leftJoin(
      clientReferenceTypes,
      and(
        eq(clientReferenceTypes.companyId, clientReferences.companyId),
        eq(clientReferenceTypes.id, clientReferences.referenceTypeId),
      ),
    )
    .where(
      and(
        eq(clientReferences.companyId, ctx.session.companyId),
        eq(clientReferences.clientId, clientId),
        eq(clientReferences.isActive, true),
      ),
    )
    .orderBy(asc(clientReferences.id));
}

/**
 * The references a booking answers, checked against its client's definitions: each must be one of
 * them, each mandatory one must be answered. Stored with their labels so history reads well.
 */
export async function checkReferences(
  ctx: Ctx,
  clientId: number | null,
  given: { referenceId: number; value: string }[],
): Promise<StoredReference[]> {
  if (!clientId) {
    if (given.length) throw fieldError('clientReferences', 'need a client (clientId)');
    return [];
  }
  const defs = await referenceDefinitions(ctx, clientId);
  const byId = new Map(defs.map((d) => [d.referenceId, d]));
  const stored: StoredReference[] = [];
  for (const g of given) {
    const def = byId.get(g.referenceId);
    if (!def) throw fieldError('clientReferences', `has reference ${g.referenceId}, which is not one of the client's`);
    if (stored.some((s) => s.referenceId === g.referenceId)) {
      throw fieldError('clientReferences', `answers ${def.label} twice`);
    }
    stored.push({ referenceId: def.referenceId, label: def.label, value: g.value });
  }
  const missing = defs.filter((d) => d.isMandatory && !stored.some((s) => s.referenceId === d.referenceId));
  if (missing.length) {
    throw fieldError('clientReferences', `must answer ${missing.map((m) => m.label).join(', ')}`);
  }
  return stored;
}

/** A passenger made from the booking form, in the booking's transaction; field errors name newPassenger.*. */
export async function createNewPassenger(ctx: Ctx, input: NewPassenger, clientId: number | null): Promise<number> {
  const parsed = schemas.passengerFields.safeParse({ ...input, clientId: clientId ?? 0 });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = `newPassenger.${String(issue?.path[0] ?? 'email')}`;
    throw fieldError(field, issue?.message ?? 'is not valid');
  }
  try {
    const created = await createPassenger(ctx, parsed.data);
    return created.data.id;
  } catch (error) {
    if (error instanceof AppError && error.errors?.length) {
      const errors = error.errors.map((e) => ({ field: `newPassenger.${e.field}`, message: e.message }));
      throw new AppError(error.status, errors.map((e) => `${e.field} ${e.message}`).join('; '), errors, error.extra);
    }
    throw error;
  }
}
