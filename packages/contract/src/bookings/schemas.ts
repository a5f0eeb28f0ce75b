import { z } from 'zod';
import { flag, id, isoDate, isoDateTime, money, optionalRef, requiredText, text, wholeNumber } from '../fields';
import { codesOf } from '../reference-data/fixed-lists';
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
  driverPriceMinor: z.number().nullable(),
  distanceMetres: z.number().nullable(),
  durationSeconds: z.number().nullable(),
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
