import { and, eq } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError } from '../../platform/http/errors';
import { createNewPassenger } from '../bookings/checks';
import { formRules } from '../bookings/company';
import { passengers } from '../passengers/schema';
import { placeOf } from '../places/places';
import { matchPassenger } from './passenger';
import { confirmVisit, countCall, refuseSecondBooking } from './visits';

type Ctx = CallContext<Session>;
type CreateInput = z.output<typeof schemas.bookingCreateInput>;

/** Bookings made with a visitor's, a passenger's or a client portal user's own token: from outside the office. */
export const isOutsideSession = (ctx: Ctx) =>
  ctx.session.kind === 'webBooker' || ctx.session.kind === 'passenger' || ctx.session.kind === 'client';

/**
 * A client portal user books for the client's own passengers (or a new one made for the client), with
 * the client's references and pricing, on account unless they choose otherwise.
 */
async function clientPortalInput(ctx: Ctx, input: CreateInput): Promise<CreateInput> {
  const clientId = ctx.session.personId;
  let passengerId = input.passengerId ?? null;
  if (passengerId) {
    const [row] = await ctx.db
      .select({ clientId: passengers.clientId })
      .from(passengers)
      .where(and(eq(passengers.companyId, ctx.session.companyId), eq(passengers.id, passengerId)));
    if (row?.clientId !== clientId) throw fieldError('passengerId', "is not one of your company's passengers");
  } else if (input.newPassenger) {
    passengerId = await createNewPassenger(ctx, input.newPassenger, clientId);
  } else {
    throw fieldError('passengerId', 'is required: choose the passenger, or add a new one');
  }
  await refuseAsapInsideLeadTime(ctx, input.isAsap);
  await requirePlacedStops(ctx, input.stops);
  return {
    ...input,
    source: 'client_portal',
    passengerId,
    newPassenger: undefined,
    clientId,
    bookerId: null,
    paymentMethod: input.paymentMethod === 'cash' ? 'account' : input.paymentMethod,
    priceMinor: undefined,
    notesForOffice: undefined,
    allowUnplaced: false,
  };
}

/**
 * Every stop placed, or 400 on the first that is not: the visitor chose from a list, so a stop
 * nobody can place is a typed address to choose again.
 */
export async function requirePlacedStops(ctx: Ctx, stops: CreateInput['stops']): Promise<void> {
  for (const [n, stop] of stops.entries()) {
    if (await placeOf(ctx, stop)) continue;
    throw fieldError(
      `stops.${n}`,
      n === 0 ? 'could not be found: choose the pick-up from the list' : 'could not be found: choose it from the list',
      n === 0
        ? 'We could not find that pick-up address: choose one from the list.'
        : 'We could not find that address: choose one from the list.',
    );
  }
}

/**
 * "As soon as possible" from outside the office only when the company needs no lead time: a
 * company that asks for an hour's notice does not take a ride for now from its booking page.
 */
export async function refuseAsapInsideLeadTime(ctx: Ctx, isAsap: boolean): Promise<void> {
  if (!isAsap) return;
  const { minLeadMinutes } = await formRules(ctx);
  if (minLeadMinutes > 0) {
    throw fieldError(
      'isAsap',
      `is not taken from outside the office: book at least ${minLeadMinutes} minutes ahead`,
      `We need ${minLeadMinutes} minutes' notice: choose a pick-up day and time.`,
    );
  }
}

/**
 * Booking/Create from outside the office (docs/web-booker.md): the source is the caller's, the
 * passenger the visit's or the passenger's own, office fields are dropped, and the price is the
 * server's — the fare engine prices it as the vehicle list did; a price sent is ignored.
 */
export async function outsideInput(ctx: Ctx, input: CreateInput): Promise<CreateInput> {
  const visitor = ctx.session.kind === 'webBooker';
  if (visitor) countCall(ctx);
  if (input.isBackEntry) throw fieldError('isBackEntry', 'is for office staff only');
  if (input.repeat) throw fieldError('repeat', 'is for office staff only', 'Repeat bookings are made by the office');
  if (ctx.session.kind === 'client') return clientPortalInput(ctx, input);
  let passengerId: number | null;
  if (visitor) {
    const visit = await refuseSecondBooking(ctx);
    if (input.passengerId) {
      throw fieldError('passengerId', 'cannot be chosen from the web booker: send your details (newPassenger)');
    }
    passengerId = input.newPassenger
      ? await matchPassenger(ctx, {
          firstName: input.newPassenger.firstName,
          surname: input.newPassenger.surname,
          email: input.newPassenger.email ?? '',
          phone: input.newPassenger.phone ?? '',
        })
      : visit.passengerId;
    if (!passengerId) throw fieldError('newPassenger', 'is required: your name, phone and e-mail');
  } else {
    passengerId = ctx.session.personId;
  }
  await refuseAsapInsideLeadTime(ctx, input.isAsap);
  await requirePlacedStops(ctx, input.stops);
  return {
    ...input,
    source: visitor ? 'web' : 'passenger_app',
    passengerId,
    newPassenger: undefined,
    clientId: visitor ? null : await clientOfPassenger(ctx, passengerId),
    bookerId: null,
    clientReferences: [],
    // Cash to the driver, or a card paid on the page (PaymentTransaction/CreatePaymentIntent); account is the client portal's.
    paymentMethod: input.paymentMethod === 'card' ? 'card' : 'cash',
    // Booking/Create prices every booking from outside the office itself (docs/pricing.md).
    priceMinor: undefined,
    notesForOffice: undefined,
    allowUnplaced: false,
  };
}

export async function clientOfPassenger(ctx: Ctx, passengerId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ clientId: passengers.clientId })
    .from(passengers)
    .where(and(eq(passengers.companyId, ctx.session.companyId), eq(passengers.id, passengerId)));
  return row?.clientId ?? null;
}

/** After a visitor's booking is made: the visit keeps it, and the answer carries its confirmation token. */
export async function afterOutsideCreate(ctx: Ctx, bookingId: number): Promise<{ confirmationToken?: string }> {
  if (ctx.session.kind !== 'webBooker') return {};
  return { confirmationToken: await confirmVisit(ctx, bookingId) };
}
