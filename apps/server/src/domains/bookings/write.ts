import { and, eq, sql } from 'drizzle-orm';
import { finalStatuses, type schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import { emit } from '../../platform/events/emit';
import type { CallContext } from '../../platform/http/context';
import { conflict, fieldError } from '../../platform/http/errors';
import { diff, recordAudit } from '../audit/record';
import { notifyDriverOfChange } from '../driver-app/notify-driver';
import { placeStops, requirePlaced } from '../places/places';
import { queueBookingMessages } from '../notifications/booking-messages';
import { discountCodes } from '../reference-data/schema';
import {
  checkBooker,
  checkClient,
  checkPassenger,
  checkReferences,
  checkStops,
  checkVehicleType,
  createNewPassenger,
  isHourlyHire,
  isRemote,
  pickupInstant,
} from './checks';
import { companyFacts, dayOf, formRules } from './company';
import { bookingDetails, type BookingDetails } from './details';
import { discountOn, useCode } from './discounts';
import { lockBooking } from './moves';
import { discountOfCode } from './quote-call';
import { createSeries } from './repeat';
import { blankToNull, stopRows } from './stop-rows';
import { bookings, bookingStops, remoteBookingChanges } from './schema';
import { createdTrace, traced } from './trace';
import { afterOutsideCreate, isOutsideSession, outsideInput } from '../web-booker/outside';
import { agreedPrice, journeyOf, routeOf, undiscounted } from './booking-price';
import { priceParts } from '../pricing/price-journey';
import type { PriceBreakdown } from '../pricing/breakdown';

type Ctx = CallContext<Session>;
type CreateInput = z.output<typeof schemas.bookingCreateInput>;
export type UpdateInput = z.output<typeof schemas.bookingUpdateInput>;
type StopInput = z.output<typeof schemas.stopInput>;
type Insert = typeof bookings.$inferInsert;

async function writeStops(ctx: Ctx, bookingId: number, stops: StopInput[]) {
  await ctx.db
    .delete(bookingStops)
    .where(and(eq(bookingStops.companyId, ctx.session.companyId), eq(bookingStops.bookingId, bookingId)));
  await ctx.db.insert(bookingStops).values(stopRows(ctx.session.companyId, bookingId, stops));
}

/** The rows of a route: the first stop is the pick-up, the last the drop-off, vias between. */
/**
 * The booking a token already made, if any. The transaction-scoped advisory lock on (company,
 * token) makes a second Create with the same token wait for the first and then find its booking:
 * there is no unique index on the token, so this lock is what keeps it unique.
 */
async function bookingOfToken(ctx: Ctx, token: string): Promise<number | null> {
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(${ctx.session.companyId}, hashtext(${`booking-token:${token}`}))`,
  );
  const [row] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.bookingToken, token)))
    .limit(1);
  return row?.id ?? null;
}

/** Made by office staff for the office: not the passenger app, web booker, client portal or API. */
const isOfficeCall = (ctx: Ctx, source: string) =>
  (ctx.session.kind === 'admin' || ctx.session.kind === 'staff') && !isRemote(source) && source !== 'api';

/** Booking/Create. */
export async function createBooking(ctx: Ctx, sent: CreateInput) {
  // A visitor's or passenger's own booking: their source and passenger, the server's price.
  const input = isOutsideSession(ctx) ? await outsideInput(ctx, sent) : sent;
  if (input.bookingToken) {
    const existing = await bookingOfToken(ctx, input.bookingToken);
    if (existing) {
      const data = await bookingDetails(ctx, existing);
      return {
        data: { ...data, isExisting: true, repeatCount: 0 },
        message: `Booking ${existing} was already made with this token.`,
      };
    }
  }
  const [facts, rules] = await Promise.all([companyFacts(ctx), formRules(ctx)]);
  const pickupAt = pickupInstant(ctx, input, rules);
  checkStops(input.stops, input.hireMinutes);
  // The office's own bookings are confirmed at once; requests from outside wait for the office.
  const officeMade = isOfficeCall(ctx, input.source);
  const { stops, unplaced } = await placeStops(ctx, input.stops);
  requirePlaced(stops, unplaced, { fromOffice: officeMade, allowUnplaced: input.allowUnplaced });
  await checkVehicleType(ctx, input.vehicleTypeId, input.passengerCount);
  if (input.newPassenger && input.passengerId) {
    throw fieldError('newPassenger', 'cannot be sent with passengerId');
  }
  await checkClient(ctx, input.clientId);
  await checkPassenger(ctx, input.passengerId);
  await checkBooker(ctx, input.bookerId, input.clientId);
  const references = await checkReferences(ctx, input.clientId, input.clientReferences);
  const hireMinutes = input.hireMinutes ?? null;
  const code = input.discountCode
    ? await useCode(ctx, input.discountCode, await dayOf(ctx, pickupAt, facts.timezone), null)
    : null;
  const journey = await journeyOf(ctx, stops, {
    hireMinutes,
    vehicleTypeId: input.vehicleTypeId,
    clientId: input.clientId ?? null,
    passengers: input.passengerCount,
    pickupAt: new Date(pickupAt),
    discount: code ? discountOfCode(code.check) : null,
  });
  // Only the office sets a price by hand; from anywhere else the server prices.
  const sentPrice = officeMade ? input.priceMinor : undefined;
  const price = agreedPrice(ctx, journey, sentPrice);
  const grossMinor = sentPrice ?? (journey.priced ? undiscounted(journey.priced.breakdown) : null);
  const discountMinor =
    code && grossMinor !== null
      ? price.breakdown && !price.breakdown.override
        ? priceParts(price.breakdown).discountMinor
        : discountOn(code.check.row, grossMinor)
      : null;
  const passengerId = input.newPassenger
    ? await createNewPassenger(ctx, input.newPassenger, input.clientId)
    : input.passengerId;
  const values: Insert = {
    companyId: ctx.session.companyId,
    status: officeMade ? 'confirmed' : 'pending',
    pickupAt,
    isAsap: input.isAsap,
    passengerId,
    clientId: input.clientId,
    vehicleTypeId: input.vehicleTypeId,
    bookerId: input.bookerId,
    passengerCount: input.passengerCount,
    luggageCount: input.luggageCount,
    hireMinutes: isHourlyHire(input.stops) || hireMinutes ? hireMinutes : null,
    flightNumber: blankToNull(input.flightNumber),
    notesForDriver: blankToNull(input.notesForDriver),
    notesForOffice: blankToNull(input.notesForOffice),
    paymentMethod: input.paymentMethod,
    source: input.source,
    priceMinor: grossMinor === null ? null : grossMinor - (discountMinor ?? 0),
    currency: facts.currency,
    distanceMetres: routeOf(journey, hireMinutes).distanceMetres,
    durationSeconds: routeOf(journey, hireMinutes).durationSeconds,
    pricingModelVersionId: price.versionId,
    priceBreakdown: price.breakdown,
    bookingToken: blankToNull(input.bookingToken),
    discountCodeId: code?.id ?? null,
    discountMinor,
    clientReferences: references,
    pickupZoneId: journey.pickupZoneId,
    dropoffZoneId: journey.dropoffZoneId,
    createdBy: ctx.session.userId,
  };
  const [created] = await ctx.db.insert(bookings).values(values).returning({ id: bookings.id });
  const id = created?.id as number;
  await ctx.db.insert(bookingStops).values(stopRows(ctx.session.companyId, id, stops));
  const first = await bookingDetails(ctx, id);
  await recordAudit(ctx, {
    entityType: 'booking',
    entityId: id,
    action: 'created',
    source: input.source,
    changes: createdTrace(first),
  });
  const repeatCount = input.repeat
    ? await createSeries(ctx, {
        bookingId: id,
        values,
        stops,
        repeat: input.repeat,
        timezone: facts.timezone,
      })
    : 0;
  if (officeMade) await queueBookingMessages(ctx, id, 'confirmation');
  await emit(ctx, {
    type: 'booking.created',
    payload: { id, status: first.status, pickupAt: first.pickupAt, version: first.version, repeatCount },
  });
  const data = repeatCount ? await bookingDetails(ctx, id) : first;
  const outside = await afterOutsideCreate(ctx, id);
  return {
    data: { ...data, isExisting: false, repeatCount, ...outside },
    message: repeatCount
      ? `Booking ${id} made, with ${repeatCount} repeat booking${repeatCount === 1 ? '' : 's'}.`
      : `Booking ${id} made.`,
  };
}

/** The fields an Update was sent, as the remote change stores them. */
function sentFields(input: UpdateInput): Partial<UpdateInput> {
  const { id: _id, version: _v, source: _s, allowUnplaced: _a, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<UpdateInput>;
}

/** Stores a change asked for from outside the office; the office approves or rejects it later. */
async function storeRemoteChange(
  ctx: Ctx,
  before: BookingDetails,
  input: UpdateInput,
  source: 'client_portal' | 'passenger_app' | 'web',
) {
  const fields = sentFields(input);
  if (!Object.keys(fields).length) throw fieldError('id', 'needs at least one field to change');
  const current = before as unknown as Record<string, unknown>;
  const changes = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, { before: current[k] ?? null, after: v as unknown }]),
  );
  const [row] = await ctx.db
    .insert(remoteBookingChanges)
    .values({
      companyId: ctx.session.companyId,
      bookingId: before.id,
      requestedBy: ctx.session.userId,
      source,
      changes,
    })
    .returning({ id: remoteBookingChanges.id });
  await ctx.db
    .update(bookings)
    .set({ remotePending: true, updatedAt: new Date() })
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, before.id)));
  await recordAudit(ctx, {
    entityType: 'booking',
    entityId: before.id,
    action: 'remote_change_requested',
    source,
    changes: { remoteChangeId: { before: null, after: row?.id ?? null }, ...changes },
  });
  await emit(ctx, {
    type: 'booking.updated',
    payload: { id: before.id, remotePending: true, version: before.version },
  });
  const data = await bookingDetails(ctx, before.id);
  return { data, message: `The change to booking ${before.id} waits for the office's approval.` };
}

/**
 * Booking/Update: the fields sent change, checked on the merged booking. A finished booking cannot
 * change; a version the caller read that is no longer current answers 409. `asOffice` applies a
 * remote change the office approved.
 */
export async function updateBooking(
  ctx: Ctx,
  input: UpdateInput,
  options: { asOffice?: boolean; action?: string } = {},
) {
  const row = await lockBooking(ctx, input.id);
  if (input.version !== undefined && input.version !== row.version) {
    throw conflict(`Booking ${row.id} changed meanwhile; look again.`, {
      currentStatus: row.status,
      version: row.version,
    });
  }
  if (finalStatuses.includes(row.status)) {
    throw conflict(`Booking ${row.id} is ${row.status.replace('_', ' ')}; it can no longer change.`, {
      currentStatus: row.status,
      version: row.version,
    });
  }
  const before = await bookingDetails(ctx, row.id);
  const source = input.source ?? 'office';
  if (input.stops) {
    const placed = await placeStops(ctx, input.stops);
    requirePlaced(placed.stops, placed.unplaced, {
      fromOffice: Boolean(options.asOffice) || isOfficeCall(ctx, source),
      allowUnplaced: input.allowUnplaced,
    });
    input = { ...input, stops: placed.stops };
  }
  if (!options.asOffice && isRemote(source)) return storeRemoteChange(ctx, before, input, source);

  const facts = await companyFacts(ctx);
  const patch: Partial<Insert> = {};
  if (input.pickupAt !== undefined || input.isAsap !== undefined) {
    const rules = await formRules(ctx);
    patch.isAsap = input.isAsap ?? false;
    patch.pickupAt = pickupInstant(
      ctx,
      {
        pickupAt: input.pickupAt ?? (input.isAsap ? undefined : before.pickupAt),
        isAsap: patch.isAsap,
        isBackEntry: input.isBackEntry ?? false,
        source,
      },
      rules,
    );
  }
  const stops: StopInput[] =
    input.stops ??
    before.stops.map((s) => ({
      address: s.address,
      postcode: s.postcode ?? undefined,
      lat: s.lat ?? undefined,
      lng: s.lng ?? undefined,
      knownLocationId: s.knownLocationId,
    }));
  const hireMinutes = input.hireMinutes !== undefined ? input.hireMinutes : before.hireMinutes;
  checkStops(stops, hireMinutes);
  if (input.hireMinutes !== undefined) patch.hireMinutes = input.hireMinutes;
  const vehicleTypeId = input.vehicleTypeId ?? before.vehicleTypeId;
  const passengerCount = input.passengerCount ?? before.passengerCount;
  if (vehicleTypeId) await checkVehicleType(ctx, vehicleTypeId, passengerCount);
  if (input.vehicleTypeId !== undefined) patch.vehicleTypeId = input.vehicleTypeId;
  if (input.passengerCount !== undefined) patch.passengerCount = input.passengerCount;
  if (input.luggageCount !== undefined) patch.luggageCount = input.luggageCount;

  const clientId = input.clientId !== undefined ? input.clientId : before.clientId;
  if (input.clientId !== undefined) {
    await checkClient(ctx, input.clientId);
    patch.clientId = input.clientId;
  }
  if (input.newPassenger && input.passengerId) throw fieldError('newPassenger', 'cannot be sent with passengerId');
  if (input.passengerId !== undefined) {
    await checkPassenger(ctx, input.passengerId);
    patch.passengerId = input.passengerId;
  }
  if (input.newPassenger) patch.passengerId = await createNewPassenger(ctx, input.newPassenger, clientId);
  const bookerId = input.bookerId !== undefined ? input.bookerId : before.bookerId;
  if (input.bookerId !== undefined || input.clientId !== undefined) await checkBooker(ctx, bookerId, clientId);
  if (input.bookerId !== undefined) patch.bookerId = input.bookerId;
  if (input.clientReferences !== undefined || input.clientId !== undefined) {
    // A new client without references sent starts from none of the old client's.
    const given =
      input.clientReferences ??
      (input.clientId === before.clientId
        ? before.clientReferences.map(({ referenceId, value }) => ({ referenceId, value }))
        : []);
    patch.clientReferences = await checkReferences(ctx, clientId, given);
  }
  for (const key of ['flightNumber', 'notesForDriver', 'notesForOffice'] as const) {
    if (input[key] !== undefined) patch[key] = blankToNull(input[key]);
  }
  if (input.paymentMethod !== undefined) patch.paymentMethod = input.paymentMethod;

  const journeyChanged =
    input.stops !== undefined || input.hireMinutes !== undefined || input.vehicleTypeId !== undefined;
  if (journeyChanged) {
    const journey = await journeyOf(ctx, stops, {
      hireMinutes,
      vehicleTypeId,
      clientId,
      passengers: passengerCount,
      pickupAt: new Date(patch.pickupAt ?? before.pickupAt),
      discount: null,
    });
    patch.distanceMetres = routeOf(journey, hireMinutes).distanceMetres;
    patch.durationSeconds = routeOf(journey, hireMinutes).durationSeconds;
    patch.pickupZoneId = journey.pickupZoneId;
    patch.dropoffZoneId = journey.dropoffZoneId;
    // A changed journey keeps its price (the form quotes and sends a new one); an unpriced one is quoted.
    if (input.priceMinor === undefined && before.priceMinor === null && journey.priced) {
      input = { ...input, priceMinor: journey.priced.breakdown.price };
    }
    if (input.priceMinor !== undefined) {
      const price = agreedPrice(ctx, journey, input.priceMinor);
      patch.priceBreakdown = price.breakdown;
      patch.pricingModelVersionId = price.versionId;
    }
  } else if (input.priceMinor !== undefined && before.priceBreakdown) {
    // A price set by hand on an unchanged journey: the tariff's answer stays beside it.
    // Stored by priceJourney, so it is the engine's own answer (the contract types its codes as text).
    const { override: _old, ...tariff } = before.priceBreakdown as PriceBreakdown;
    patch.priceBreakdown =
      input.priceMinor === null || input.priceMinor === undiscounted(tariff)
        ? tariff
        : { ...tariff, override: { price: input.priceMinor, userId: ctx.session.userId } };
  }
  await applyPrice(ctx, input, before, facts.timezone, patch);

  if (input.stops) await writeStops(ctx, row.id, input.stops);
  await ctx.db
    .update(bookings)
    .set({ ...patch, version: row.version + 1, updatedAt: new Date() })
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, row.id)));
  const after = await bookingDetails(ctx, row.id);
  const changes = diff(traced(before), traced(after));
  await recordAudit(ctx, {
    entityType: 'booking',
    entityId: row.id,
    action: options.action ?? 'updated',
    source,
    changes,
  });
  if (changes.stops || changes.pickupAt) await queueBookingMessages(ctx, row.id, 'address_change');
  await notifyDriverOfChange(ctx, row.id, Object.keys(changes));
  await emit(ctx, {
    type: 'booking.updated',
    payload: { id: row.id, status: after.status, version: after.version, fields: Object.keys(changes) },
    driverId: after.driverId,
  });
  return { data: after, message: `Booking ${row.id} saved.` };
}

/**
 * Price and discount: a price sent is the price before any discount; a new discount code comes off
 * the price sent, or off the booking's price before its old discount.
 */
async function applyPrice(
  ctx: Ctx,
  input: UpdateInput,
  before: BookingDetails,
  timezone: string,
  patch: Partial<Insert>,
) {
  const codeSent = Boolean(input.discountCode);
  if (input.priceMinor === undefined && !codeSent) return;
  const gross =
    input.priceMinor !== undefined
      ? input.priceMinor
      : before.priceMinor === null
        ? null
        : before.priceMinor + (before.discountMinor ?? 0);
  let discountMinor: number | null = null;
  let discountCodeId = before.discountCodeId;
  if (codeSent) {
    const day = await dayOf(ctx, new Date(patch.pickupAt ?? before.pickupAt), timezone);
    const code = await useCode(ctx, input.discountCode as string, day, gross);
    discountCodeId = code.id;
    discountMinor = code.discountMinor;
  } else if (discountCodeId && gross !== null) {
    const [row] = await ctx.db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.companyId, ctx.session.companyId), eq(discountCodes.id, discountCodeId)));
    discountMinor = row ? discountOn(row, gross) : null;
  }
  patch.discountCodeId = discountCodeId;
  patch.discountMinor = gross === null ? null : discountMinor;
  patch.priceMinor = gross === null ? null : gross - (discountMinor ?? 0);
}
