/** The web booker's public calls: a visitor books with the company's page, without an account. */
import { z } from 'zod';
import { bookingFieldsShape } from '../bookings/schemas';
import { companyLook } from '../company/schemas';
import { id, requiredText, text } from '../fields';

/** A page marker: `UKCB`, `UKCB_PassApp`, `CharChauf`, `DE` (the `_PassApp` tail is ignored). */
export const webBookerIdentifierInput = z.object({ identifier: requiredText(60) });
export const webBookerCompanyInput = z.object({ companyID: id() });

export const webBookerCompany = z.object({
  companyID: z.number(),
  companyIdentifier: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  mainLogo: z.string(),
  look: companyLook,
});

export const webBookerIdentifier = z.object({ companyID: z.number(), companyIdentifier: z.string(), name: z.string() });

/** The booking-form rules the page obeys. */
export const webBookerRules = z.object({
  allowAsap: z.boolean(),
  minLeadMinutes: z.number(),
  showViaStops: z.boolean(),
  showHourlyHire: z.boolean(),
  showLuggage: z.boolean(),
  showPassengerCount: z.boolean(),
  showNotesForDriver: z.boolean(),
  requireNotesForDriver: z.boolean(),
  showFlightNumber: z.boolean(),
  requireFlightNumber: z.boolean(),
  timezone: z.string(),
  currency: z.string(),
});

/** A visit: its id, the visitor token (Bearer) for the calls that follow, and the rules. */
export const webBookerVisit = z.object({
  userID: z.number(),
  token: z.string(),
  expiresAt: z.string(),
  rules: webBookerRules,
});

export const webBookerTax = z.object({
  isCompanyVatRegistered: z.boolean(),
  vatPercentage: z.number(),
  pricesIncludeVat: z.boolean(),
  currency: z.string(),
  note: z.string(),
});

export const webBookerHourRow = z.object({ minutes: z.number(), text: z.string() });

/** The journey the visitor describes; passengers and luggage choose the vehicle types that fit. */
export const webBookerPricingInput = z.object({
  stops: bookingFieldsShape.stops,
  pickupAt: bookingFieldsShape.pickupAt,
  isAsap: bookingFieldsShape.isAsap,
  hireMinutes: bookingFieldsShape.hireMinutes,
  passengerCount: bookingFieldsShape.passengerCount,
  luggageCount: bookingFieldsShape.luggageCount,
  discountCode: text(20).optional(),
});

export const webBookerPricingRow = z.object({
  vehicleTypeId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  maxPassengers: z.number(),
  maxLuggage: z.number(),
  imageUrl: z.string().nullable(),
  priceMinor: z.number(),
  discountMinor: z.number(),
  currency: z.string(),
  distanceMetres: z.number().nullable(),
  durationSeconds: z.number().nullable(),
});

export const webBookerPassengerInput = z.object({
  firstName: requiredText(80),
  surname: requiredText(80),
  phone: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(30, 'must be at most 30 characters')
    .regex(/^\+?[0-9 ()-]{6,}$/, 'must be a phone number (digits, spaces, +, -, brackets)'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'is required')
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('must be a valid e-mail address')),
});
export const webBookerPassenger = z.object({
  firstName: z.string(),
  surname: z.string(),
  phone: z.string(),
  email: z.string(),
});
/** A passenger's own token may ask without details: the answer is their own. */
export const webBookerPassengerLookupInput = webBookerPassengerInput.partial();

export const webBookerConfirmationInput = z.object({
  companyID: id(),
  token: requiredText(100),
});

export const webBookerConfirmation = z.object({
  bookingId: z.number(),
  status: z.string(),
  statusName: z.string(),
  pickupAt: z.string(),
  isAsap: z.boolean(),
  stops: z.array(z.object({ kind: z.enum(['pickup', 'via', 'dropoff']), address: z.string() })),
  hireMinutes: z.number().nullable(),
  vehicleTypeName: z.string().nullable(),
  passengerCount: z.number(),
  luggageCount: z.number(),
  passengerName: z.string().nullable(),
  paymentMethod: z.string(),
  priceMinor: z.number().nullable(),
  currency: z.string(),
  companyName: z.string(),
  companyPhone: z.string().nullable(),
  /** The company's clock, on which the page shows the time. */
  timezone: z.string(),
});
