import { z } from 'zod';
import {
  flag,
  id,
  isoDate,
  isoDateTime,
  listInput,
  money,
  optionalRef,
  requiredText,
  text,
  wholeNumber,
} from '../fields';
import { priceBreakdown } from '../pricing/schemas';
import { codesOf } from '../reference-data/fixed-lists';
import { bookingMoveNames } from './state-machine';
import { bookingSources, bookingStatuses, paymentStatuses } from './status';

const latitude = () =>
  z.number({ error: 'must be a number' }).min(-90, 'must be a latitude').max(90, 'must be a latitude');
const longitude = () =>
  z.number({ error: 'must be a number' }).min(-180, 'must be a longitude').max(180, 'must be a longitude');

/** A stop as the booking form sends it; the first is the pick-up, the last the drop-off. */
export const stopInput = z.object({
  address: requiredText(300),
  postcode: text(12).optional(),
  lat: latitude().optional(),
  lng: longitude().optional(),
  knownLocationId: optionalRef(),
});

export const stopRow = z.object({
  seq: z.number(),
  kind: z.enum(['pickup', 'via', 'dropoff']),
  address: z.string(),
  postcode: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  knownLocationId: z.number().nullable(),
  arrivedAt: z.string().nullable(),
  departedAt: z.string().nullable(),
});

/** A passenger made on the spot from the booking form. */
export const newPassengerInput = z.object({
  firstName: requiredText(80),
  surname: requiredText(80),
  email: text(254).optional(),
  phone: text(30).optional(),
});

export const repeatInput = z.object({
  weekDays: z
    .array(wholeNumber({ min: 1, max: 7 }), { error: 'must be a list of week days 1 (Monday) to 7 (Sunday)' })
    .min(1, 'needs at least one day'),
  endDate: isoDate(),
  everyWeeks: wholeNumber({ min: 1, max: 8 }).optional().default(1),
  skipExclusions: flag().optional().default(true),
});

/**
 * What the booking form sends. Stops: one (hourly hire, with hireMinutes) or more. pickupAt is
 * required unless isAsap. Prices are minor units; without one the server quotes the journey.
 */
export const bookingFieldsShape = {
  pickupAt: isoDateTime().optional(),
  isAsap: flag().optional().default(false),
  /** Office back-entry of a job already done (at most 7 days old). */
  isBackEntry: flag().optional().default(false),
  stops: z
    .array(stopInput, { error: 'must be a list of stops' })
    .min(1, 'needs a pick-up')
    .max(12, 'may have at most 12 stops'),
  hireMinutes: wholeNumber({ min: 30, max: 24 * 60 }).optional(),
  passengerId: optionalRef(),
  newPassenger: newPassengerInput.optional(),
  clientId: optionalRef(),
  clientReferences: z
    .array(z.object({ referenceId: id(), value: requiredText(120) }))
    .optional()
    .default([]),
  bookerId: optionalRef(),
  vehicleTypeId: id(),
  passengerCount: wholeNumber({ min: 1, max: 60 }).optional().default(1),
  luggageCount: wholeNumber({ min: 0, max: 60 }).optional().default(0),
  flightNumber: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^$|^[A-Z0-9]{2,3}\s?\d{1,4}[A-Z]?$/, 'must be a flight number like BA123')
    .optional(),
  notesForDriver: text(1000).optional(),
  notesForOffice: text(1000).optional(),
  paymentMethod: z.enum(codesOf('paymentMethod')).optional().default('cash'),
  priceMinor: money()
    .optional()
    .refine((v) => v === undefined || v >= 0, 'must not be negative'),
  discountCode: text(20).optional(),
  source: z.enum(bookingSources).optional().default('office'),
  bookingToken: text(100).optional(),
  repeat: repeatInput.optional(),
  /**
   * The office saves stops nobody could place (no coordinates, nothing found for the address) only
   * when the person confirms it; the booking is then shown "Not placed, not priced". Bookings from
   * outside the office (passenger app, web, client portal, API) are never saved unplaced.
   */
  allowUnplaced: flag().optional().default(false),
};

export const bookingFields = z.object(bookingFieldsShape);

/** One line of the booking list and the dispatch board. */
export const bookingRow = z.object({
  id: z.number(),
  status: z.enum(bookingStatuses),
  statusName: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  pickupAt: z.string(),
  isAsap: z.boolean(),
  pickup: z.string(),
  dropoff: z.string().nullable(),
  viaCount: z.number(),
  passengerId: z.number().nullable(),
  passengerName: z.string().nullable(),
  passengerPhone: z.string().nullable(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  vehicleTypeId: z.number().nullable(),
  vehicleTypeName: z.string().nullable(),
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  driverCallsign: z.string().nullable(),
  vehicleId: z.number().nullable(),
  vehicleRegistration: z.string().nullable(),
  vendorId: z.number().nullable(),
  vendorName: z.string().nullable(),
  passengerCount: z.number(),
  luggageCount: z.number(),
  priceMinor: z.number().nullable(),
  currency: z.string(),
  paymentMethod: z.string().nullable(),
  source: z.enum(bookingSources),
  flightNumber: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  remotePending: z.boolean(),
  /** A stop has no coordinates (saved unplaced by the office): no distance, zone or price from them. */
  isUnplaced: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
});

/** Everything about one booking (GetBookingDetails). */
export const bookingDetails = bookingRow.extend({
  stops: z.array(stopRow),
  hireMinutes: z.number().nullable(),
  notesForDriver: z.string().nullable(),
  notesForOffice: z.string().nullable(),
  bookerId: z.number().nullable(),
  bookerName: z.string().nullable(),
  clientReferences: z.array(z.object({ referenceId: z.number(), label: z.string(), value: z.string() })),
  discountCodeId: z.number().nullable(),
  discountMinor: z.number().nullable(),
  /** How the price was made when the fare engine priced it; `override` when a person set another price. */
  priceBreakdown: priceBreakdown
    .extend({ override: z.object({ price: z.number(), userId: z.number() }).optional() })
    .nullable(),
  driverPriceMinor: z.number().nullable(),
  distanceMetres: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  /** The distance driven with the passenger on board, from the job's GPS track; null without one. */
  drivenMetres: z.number().nullable(),
  pickupZoneId: z.number().nullable(),
  dropoffZoneId: z.number().nullable(),
  repeatBookingId: z.number().nullable(),
  offeredAt: z.string().nullable(),
  allocatedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  onRouteAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  onBoardAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  waitingSeconds: z.number().nullable(),
  createdByName: z.string().nullable(),
  updatedAt: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Calls of the Booking area (docs/bookings.md)

const version = () => wholeNumber({ min: 1 }).optional();

/** Update: a reference left out stays (undefined); 0 or null clears it. */
const changedRef = () =>
  z
    .union([z.null(), wholeNumber({ min: 0, max: 2_147_483_647 })], { error: 'must be a whole number' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** Booking/Create: the form's fields. Rules across fields are checked by the server (400 naming the field). */
export const bookingCreateInput = bookingFields;

/** What Create answers: the booking, whether the token found an existing one, and the series made. */
export const bookingCreated = bookingDetails.extend({
  isExisting: z.boolean(),
  repeatCount: z.number(),
  /** A web-booker visit's booking: the token of its confirmation page (docs/web-booker.md). */
  confirmationToken: z.string().optional(),
});

/**
 * Booking/Update: only the fields sent change (a field left out stays). Stops, when sent, replace
 * all stops. `version` (the one the form read) refuses a change made meanwhile with 409. A source of
 * client_portal, passenger_app or web stores the change for the office to approve instead.
 */
export const bookingUpdateInput = z.object({
  id: id(),
  version: version(),
  pickupAt: isoDateTime().optional(),
  isAsap: flag().optional(),
  isBackEntry: flag().optional(),
  stops: bookingFieldsShape.stops.optional(),
  hireMinutes: z
    .union([z.null(), wholeNumber({ min: 30, max: 24 * 60 })], { error: 'must be a whole number of minutes' })
    .optional(),
  passengerId: changedRef(),
  newPassenger: newPassengerInput.optional(),
  clientId: changedRef(),
  clientReferences: z.array(z.object({ referenceId: id(), value: requiredText(120) })).optional(),
  bookerId: changedRef(),
  vehicleTypeId: id().optional(),
  passengerCount: wholeNumber({ min: 1, max: 60 }).optional(),
  luggageCount: wholeNumber({ min: 0, max: 60 }).optional(),
  flightNumber: bookingFieldsShape.flightNumber,
  notesForDriver: text(1000).optional(),
  notesForOffice: text(1000).optional(),
  paymentMethod: z.enum(codesOf('paymentMethod')).optional(),
  priceMinor: z
    .union([z.null(), money()], { error: 'must be a whole number of minor units' })
    .optional()
    .refine((v) => v === undefined || v === null || v >= 0, 'must not be negative'),
  discountCode: text(20).optional(),
  source: z.enum(bookingSources).optional(),
  allowUnplaced: flag().optional().default(false),
});

/** The list filters every booking list takes (dates are calendar days of the company's time zone). */
export const bookingListInput = listInput({
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  status: z.enum(bookingStatuses, { error: `must be one of: ${bookingStatuses.join(', ')}` }).optional(),
  statuses: z
    .array(z.enum(bookingStatuses, { error: `must be one of: ${bookingStatuses.join(', ')}` }))
    .max(bookingStatuses.length)
    .optional(),
  clientId: optionalRef(),
  driverId: optionalRef(),
  passengerId: optionalRef(),
  vehicleTypeId: optionalRef(),
  /** The vehicle that did (or will do) the job: a profitability vehicle row's bookings. */
  vehicleId: optionalRef(),
  bookerId: optionalRef(),
  source: z.enum(bookingSources, { error: `must be one of: ${bookingSources.join(', ')}` }).optional(),
  paymentStatus: z.enum(paymentStatuses, { error: `must be one of: ${paymentStatuses.join(', ')}` }).optional(),
  remotePending: flag().optional(),
  sortColumn: z
    .enum(['pickupAt', 'id', 'status', 'passengerName', 'clientName', 'driverName', 'priceMinor', 'createdAt'], {
      error: 'must be one of: pickupAt, id, status, passengerName, clientName, driverName, priceMinor, createdAt',
    })
    .optional(),
});

export const bookingIdInput = z.object({ id: id() });

/** Booking/UpdateBookingStatus: a move of the state machine by name, or the status to reach. */
export const bookingStatusInput = z
  .object({
    id: id(),
    move: z.enum(bookingMoveNames, { error: `must be one of: ${bookingMoveNames.join(', ')}` }).optional(),
    status: z.enum(bookingStatuses, { error: `must be one of: ${bookingStatuses.join(', ')}` }).optional(),
    version: version(),
    note: text(500).optional(),
  })
  .refine((v) => v.move !== undefined || v.status !== undefined, {
    path: ['move'],
    message: 'is required (or status)',
  });

export const bookingStatusAnswer = z.object({
  id: z.number(),
  status: z.enum(bookingStatuses),
  statusName: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  version: z.number(),
  remotePending: z.boolean(),
  /** The moves this booking can make now. */
  moves: z.array(z.enum(bookingMoveNames)),
  updatedAt: z.string(),
});

export const paymentStatusInput = z.object({
  id: id(),
  paymentStatus: z.enum(paymentStatuses, { error: `must be one of: ${paymentStatuses.join(', ')}` }),
  version: version(),
  note: text(500).optional(),
});

export const bookingTokenInput = z.object({ bookingToken: requiredText(100) });
export const bookingTokenAnswer = z.object({
  bookingToken: z.string(),
  isUsed: z.boolean(),
  bookingId: z.number().nullable(),
});

/** A point, or a postcode whose outward code the server places. */
export const pointInput = z
  .object({
    lat: latitude().optional(),
    lng: longitude().optional(),
    postcode: text(12).optional(),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), { path: ['lng'], message: 'must come with lat' })
  .refine((v) => v.lat !== undefined || Boolean(v.postcode), { path: ['lat'], message: 'is required (or postcode)' });

export const zoneAnswer = z.object({
  zoneId: z.number().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});

export const codeValidationInput = z.object({
  code: requiredText(20),
  /** The price the code would come off, to answer the discount in minor units. */
  priceMinor: money()
    .optional()
    .refine((v) => v === undefined || v >= 0, 'must not be negative'),
  pickupAt: isoDateTime().optional(),
});
export const codeValidationAnswer = z.object({
  code: z.string(),
  valid: z.boolean(),
  message: z.string(),
  discountCodeId: z.number().nullable(),
  discountType: z.enum(['percent', 'amount']).nullable(),
  percent: z.number().nullable(),
  amountMinor: z.number().nullable(),
  discountMinor: z.number().nullable(),
});

/** Booking/GetBookingQuote: the journey to price (stops need coordinates or a known UK postcode). */
export const quoteInput = z.object({
  stops: bookingFieldsShape.stops,
  vehicleTypeId: optionalRef(),
  hireMinutes: wholeNumber({ min: 30, max: 24 * 60 }).optional(),
  pickupAt: isoDateTime().optional(),
  discountCode: text(20).optional(),
  clientId: optionalRef().describe(
    "The client the booking is for: its pricing model takes precedence over the vehicle type's and the company default",
  ),
  passengerCount: wholeNumber({ min: 1, max: 100 }).optional(),
  pricingModelID: optionalRef().describe('Price under this one pricing model instead of the precedence (try a fare)'),
});
export const quoteAnswer = z.object({
  priceMinor: z.number(),
  currency: z.string(),
  baseFareMinor: z.number(),
  distanceMinor: z.number(),
  hireMinor: z.number(),
  discountMinor: z.number(),
  distanceMetres: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  isEstimate: z.boolean(),
  method: z.string(),
  note: z.string(),
  /** How the price was made: the fare engine's items, the rule that priced it and why others did not. */
  breakdown: priceBreakdown,
});

export const historyChange = z.object({
  field: z.string(),
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export const historyEntry = z.object({
  id: z.number(),
  action: z.string(),
  actionName: z.string(),
  source: z.string(),
  actorUserId: z.number().nullable(),
  actorName: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(historyChange),
  /** The entry in one sentence, for the history panel. */
  description: z.string(),
});
export const historyListInput = listInput({ id: id() });

export const historyNoteInput = z
  .object({
    id: id(),
    note: text(1000).optional(),
    /** Changed fields as the old form reported them: {field: {before, after}}. */
    changes: z.record(z.string().max(60), z.object({ before: z.unknown(), after: z.unknown() })).optional(),
  })
  .refine((v) => Boolean(v.note) || Object.keys(v.changes ?? {}).length > 0, {
    path: ['note'],
    message: 'is required (or changes)',
  });

export const remoteChangeRow = z.object({
  id: z.number(),
  bookingId: z.number(),
  source: z.string(),
  requestedBy: z.number().nullable(),
  requestedByName: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  changes: z.array(historyChange),
  decidedBy: z.number().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const remoteChangeListInput = listInput({
  bookingId: optionalRef(),
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'must be pending, approved or rejected' }).optional(),
});
export const remoteDecisionInput = z.object({
  /** The remote change's id. */
  id: id(),
  approve: flag(),
  note: text(500).optional(),
});

export const waitTimeAnswer = z.object({
  id: z.number(),
  status: z.enum(bookingStatuses),
  arrivedAt: z.string().nullable(),
  onBoardAt: z.string().nullable(),
  waitingSeconds: z.number().nullable(),
  /** True while the driver waits at the pick-up (arrived, passenger not yet on board). */
  isWaiting: z.boolean(),
});

export const bookingExpenseRow = z.object({
  id: z.number(),
  bookingId: z.number(),
  expenseTypeId: z.number().nullable(),
  expenseTypeName: z.string().nullable(),
  amountMinor: z.number(),
  taxMinor: z.number(),
  status: z.enum(['pending', 'approved', 'declined']),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export const bookingExpenseListInput = listInput({ id: id() });
export const expenseApprovalAnswer = z.object({
  bookingId: z.number(),
  expenseCount: z.number(),
  pendingCount: z.number(),
  approvedCount: z.number(),
  declinedCount: z.number(),
  /** True when no expense of the booking waits for a decision. */
  isApproved: z.boolean(),
});

export const clientReferenceDetail = z.object({
  referenceId: z.number(),
  label: z.string(),
  referenceTypeId: z.number().nullable(),
  referenceTypeName: z.string().nullable(),
  isMandatory: z.boolean(),
  value: z.string().nullable(),
});
export const clientReferencesInput = z.object({
  /** The booking; 0 with clientId gives the client's empty references for a new booking. */
  id: wholeNumber({ min: 0 }).optional().default(0),
  clientId: optionalRef(),
});

// Flights and postcodes (FlightDetails/*, Flight/*)

export const flightInput = z.object({
  flightNumber: z
    .string({ error: 'is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,3}\s?\d{1,4}[A-Z]?$/, 'must be a flight number like BA123'),
  /** The day of the flight (default: today). */
  date: isoDate().optional(),
});
export const flightAnswer = z.object({
  flightNumber: z.string(),
  airlineCode: z.string(),
  airlineName: z.string().nullable(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  scheduledDeparture: z.string().nullable(),
  scheduledArrival: z.string().nullable(),
  estimatedArrival: z.string().nullable(),
  terminal: z.string().nullable(),
  status: z.string(),
  /** offline: derived from the number, not a live feed. */
  provider: z.string(),
  isEstimate: z.boolean(),
});
export const bookingFlightInput = z.object({ id: id() });

/** Booking/GetAddressPlaces: what was typed in a stop's address field. */
export const addressSearchInput = z.object({
  text: requiredText(300),
  postcode: text(12).optional(),
});
export const addressPlaceSources = ['past_address', 'known_location', 'postcode_district', 'provider'] as const;
/** A place an address may be: where it comes from, and its coordinates. */
export const addressPlace = z.object({
  address: z.string(),
  postcode: z.string().nullable(),
  placeName: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  knownLocationId: z.number().nullable(),
  source: z.enum(addressPlaceSources),
});

export const postcodeInput = z.object({
  postcode: requiredText(12),
});
export const postcodeMatch = z.object({
  postcode: z.string(),
  address: z.string().nullable(),
  placeName: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  knownLocationId: z.number().nullable(),
  source: z.enum(['known_location', 'outward_code', 'provider']),
});
