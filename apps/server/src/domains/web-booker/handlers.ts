import { listPage } from '../../platform/http/list';
import { and, asc, eq, gte } from 'drizzle-orm';
import { bookingStatusLabels, fixedLists } from '@cabdesk/contract';
import type { Session } from '../../platform/auth/tokens';
import { handlers, type CallContext } from '../../platform/http/context';
import { AppError, fieldError, notFound } from '../../platform/http/errors';
import { pickupInstant } from '../bookings/checks';
import { formRules } from '../bookings/company';
import { bookingDetails } from '../bookings/details';
import { bookingQuote } from '../bookings/quote-call';
import { bookingFormSettingsOf } from '../company/booking-form';
import { companyLook } from '../company/look';
import { DEFAULT_LOGOS } from '../company/handlers';
import { publicAddressPlaces } from '../places/places';
import { vehicleTypes } from '../vehicles/schema';
import { clientOfPassenger, refuseAsapInsideLeadTime, requirePlacedStops } from './outside';
import { matchPassenger, ownDetails } from './passenger';
import { webBookerVisits } from './schema';
import {
  bookingOfConfirmation,
  countCall,
  publicCompany,
  refuseSecondBooking,
  requireSession,
  startVisit,
  visitorContext,
} from './visits';

type Ctx = CallContext<Session>;
const list = <Row>(rows: Row[]) => ({ data: rows, allData: rows, total: rows.length ? 1 : 0, count: rows.length });

/** Vehicle/GetVehiclePricingListForWebBooker (and …ForClientPortal): the types that fit, each priced by the server. */
async function pricingList(
  ctx: Ctx,
  input: {
    stops: Parameters<typeof requirePlacedStops>[1];
    pickupAt?: string | undefined;
    isAsap: boolean;
    hireMinutes?: number | undefined;
    passengerCount: number;
    luggageCount: number;
    discountCode?: string | undefined;
  },
) {
  await refuseAsapInsideLeadTime(ctx, input.isAsap);
  const rules = await formRules(ctx);
  const pickupAt = pickupInstant(ctx, { ...input, isBackEntry: false, source: 'web' }, rules);
  await requirePlacedStops(ctx, input.stops);
  const types = await ctx.db
    .select({
      id: vehicleTypes.id,
      name: vehicleTypes.name,
      description: vehicleTypes.description,
      maxPassengers: vehicleTypes.maxPassengers,
      maxLuggage: vehicleTypes.maxLuggage,
      imageKey: vehicleTypes.imageKey,
    })
    .from(vehicleTypes)
    .where(
      and(
        eq(vehicleTypes.companyId, ctx.session.companyId),
        eq(vehicleTypes.isActive, true),
        gte(vehicleTypes.maxPassengers, input.passengerCount),
        gte(vehicleTypes.maxLuggage, input.luggageCount),
      ),
    )
    .orderBy(asc(vehicleTypes.sortOrder), asc(vehicleTypes.name), asc(vehicleTypes.id));
  // A client portal user's and a client's passenger's journeys are priced by the client's model.
  const clientId =
    ctx.session.kind === 'client'
      ? ctx.session.personId
      : ctx.session.kind === 'passenger'
        ? await clientOfPassenger(ctx, ctx.session.personId)
        : null;
  const rows = [];
  for (const type of types) {
    try {
      const quote = await bookingQuote(ctx, {
        stops: input.stops,
        vehicleTypeId: type.id,
        hireMinutes: input.hireMinutes,
        pickupAt: pickupAt.toISOString(),
        discountCode: input.discountCode,
        passengerCount: input.passengerCount,
        clientId,
        pricingModelID: null,
      });
      const { imageKey, id, ...rest } = type;
      rows.push({
        ...rest,
        vehicleTypeId: id,
        imageUrl: ctx.services.files.url(imageKey),
        priceMinor: quote.priceMinor,
        discountMinor: quote.discountMinor,
        currency: quote.currency,
        distanceMetres: quote.distanceMetres,
        durationSeconds: quote.durationSeconds,
      });
    } catch (error) {
      // A wrong discount code or an hourly hire without hours is the visitor's to fix; any other
      // failure only leaves this type out.
      if (error instanceof AppError && error.errors?.some((e) => ['discountCode', 'hireMinutes'].includes(e.field))) {
        throw error;
      }
      if (!(error instanceof AppError)) throw error;
    }
  }
  return list(rows);
}

export const webBookerHandlers = handlers({
  'Common/GetCompanyIdForWebBooker': async (input, ctx) => {
    await countCall(ctx);
    const company = await publicCompany(ctx, { identifier: input.identifier });
    const { logoUrl, ...look } = await companyLook(ctx.db, company.id);
    return {
      companyID: company.id,
      companyIdentifier: company.shortName,
      name: company.name,
      phone: company.phone,
      email: company.email,
      mainLogo: logoUrl ?? DEFAULT_LOGOS.mainLogo,
      look,
    };
  },

  'Common/GetCompanyIdentifierForWebBooker': async (input, ctx) => {
    await countCall(ctx);
    const company = await publicCompany(ctx, { id: input.companyID });
    return { companyID: company.id, companyIdentifier: company.shortName, name: company.name };
  },

  'Common/GetTaxForWebBooker': async (input, ctx) => {
    await countCall(ctx);
    const company = await publicCompany(ctx, { id: input.companyID });
    const percent = company.vatRateBp / 100;
    return {
      isCompanyVatRegistered: company.isVatRegistered,
      vatPercentage: company.isVatRegistered ? percent : 0,
      pricesIncludeVat: true,
      currency: company.currency,
      note: company.isVatRegistered ? `Prices include VAT at ${percent} %.` : 'No VAT is charged.',
    };
  },

  'Vehicle/GetHourListForWebBookerScreen': async (input, ctx) => {
    await countCall(ctx);
    const hours = fixedLists.duration.map((d) => ({ minutes: Number(d.code), text: d.name }));
    return listPage(input, {
      count: async () => hours.length,
      rows: async (limit, offset) => hours.slice(offset, offset + limit),
    });
  },

  'Booking/GetWebBookerUserID': async (input, ctx) => {
    await countCall(ctx);
    const company = await publicCompany(ctx, { id: input.companyID });
    const visit = await startVisit(ctx, company.id);
    const settings = await bookingFormSettingsOf(ctx.db, company.id);
    const f = settings.fields;
    return {
      data: {
        userID: visit.id,
        token: visit.token,
        expiresAt: visit.expiresAt,
        rules: {
          allowAsap: settings.allowAsap && settings.minLeadMinutes === 0,
          minLeadMinutes: settings.minLeadMinutes,
          showViaStops: f.viaStops.show,
          showHourlyHire: f.hireMinutes.show,
          showLuggage: f.luggageCount.show,
          showPassengerCount: f.passengerCount.show,
          showNotesForDriver: f.notesForDriver.show,
          requireNotesForDriver: f.notesForDriver.required,
          showFlightNumber: f.flightNumber.show,
          requireFlightNumber: f.flightNumber.required,
          timezone: company.timezone,
          currency: company.currency,
        },
      },
      message: 'Your booking visit has started.',
    };
  },

  'Vehicle/GetVehiclePricingListForWebBooker': async (input, ctx) => {
    await countCall(ctx);
    return pricingList(requireSession(ctx), input);
  },

  'Vehicle/GetVehiclePricingListForClientPortal': (input, ctx) => pricingList(ctx, input),

  'Booking/GetPassengerForWebBooker': async (input, ctx) => {
    await countCall(ctx);
    const session = requireSession(ctx);
    if (session.session.kind === 'passenger') return { data: await ownDetails(session), message: 'Your details.' };
    if (session.session.kind !== 'webBooker') {
      throw fieldError('token', "is not a web booker visit: start from the company's booking page");
    }
    for (const field of ['firstName', 'surname', 'phone', 'email'] as const) {
      if (!input[field]) throw fieldError(field, 'is required');
    }
    const details = {
      firstName: input.firstName as string,
      surname: input.surname as string,
      phone: input.phone as string,
      email: input.email as string,
    };
    await refuseSecondBooking(session);
    const passengerId = await matchPassenger(session, details);
    await session.db
      .update(webBookerVisits)
      .set({ passengerId })
      .where(
        and(eq(webBookerVisits.companyId, session.session.companyId), eq(webBookerVisits.id, session.session.personId)),
      );
    return { data: details, message: 'Your details are kept for this booking.' };
  },

  'Booking/GetPlacesForWebBooker': async (input, ctx) => {
    await countCall(ctx);
    return list(await publicAddressPlaces(requireSession(ctx), input));
  },

  'Booking/GetConformationWebBookerBookingDetails': async (input, ctx) => {
    await countCall(ctx);
    const company = await publicCompany(ctx, { id: input.companyID });
    const bookingId = await bookingOfConfirmation(ctx, company.id, input.token);
    if (!bookingId) throw notFound('A booking with this confirmation');
    const b = await bookingDetails(visitorContext(ctx, company.id), bookingId);
    return {
      bookingId: b.id,
      status: b.status,
      statusName: bookingStatusLabels[b.status],
      pickupAt: b.pickupAt,
      isAsap: b.isAsap,
      stops: b.stops.map((s) => ({ kind: s.kind, address: s.address })),
      hireMinutes: b.hireMinutes,
      vehicleTypeName: b.vehicleTypeName,
      passengerCount: b.passengerCount,
      luggageCount: b.luggageCount,
      passengerName: b.passengerName,
      paymentMethod: b.paymentMethod ?? 'cash',
      priceMinor: b.priceMinor,
      currency: b.currency,
      companyName: company.name,
      companyPhone: company.phone,
      timezone: company.timezone,
    };
  },
});
