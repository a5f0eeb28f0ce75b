import { z } from 'zod';
import { bookingStatuses } from '../bookings/status';
import { byId, flag, id, isoDateTime, listInput, wholeNumber } from '../fields';

const latitude = () =>
  z.number({ error: 'must be a number' }).min(-90, 'must be a latitude').max(90, 'must be a latitude');
const longitude = () =>
  z.number({ error: 'must be a number' }).min(-180, 'must be a longitude').max(180, 'must be a longitude');

/** Most points a driver's app may send in one batch. */
export const MAX_POSITIONS_PER_BATCH = 500;

/**
 * One position as a driver's app sends it: degrees, heading in degrees from north, speed in metres
 * per second, accuracy in metres, and the device's time of the fix.
 */
export const positionInput = z.object({
  lat: latitude(),
  lng: longitude(),
  heading: z.number({ error: 'must be a number' }).min(0, 'must be 0–360').max(360, 'must be 0–360').nullish(),
  speed: z
    .number({ error: 'must be a number' })
    .min(0, 'must not be negative')
    .max(120, 'must be at most 120 m/s')
    .nullish(),
  accuracy: z
    .number({ error: 'must be a number' })
    .min(0, 'must not be negative')
    .max(100_000, 'is too large')
    .nullish(),
  recordedAt: isoDateTime(),
});

/** A batch of positions (the driver app's CurrentLocation / AddLiveLocationLog calls use it). */
export const positionsInput = z.object({
  points: z
    .array(positionInput, { error: 'must be a list of positions' })
    .min(1, 'needs at least one position')
    .max(MAX_POSITIONS_PER_BATCH, `may have at most ${MAX_POSITIONS_PER_BATCH} positions`),
});

/** A stored position. */
export const position = z.object({
  lat: z.number(),
  lng: z.number(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  accuracy: z.number().nullable(),
  recordedAt: z.string(),
  /** Seconds between the fix and the answer: the map's "last seen". */
  secondsAgo: z.number(),
});

/** A point of a booking's route. */
export const routePoint = z.object({ lat: z.number(), lng: z.number(), recordedAt: z.string() });

/** A driver on the map: who, status, vehicle on shift, current job and the latest position. */
export const driverLocationRow = z.object({
  driverId: z.number(),
  fullName: z.string(),
  callsign: z.string().nullable(),
  phone: z.string().nullable(),
  /** 1 available, 2 busy, 3 offline, 4 on break. */
  availability: z.number(),
  availabilityName: z.string(),
  /** "Driving licence expired": a mandatory document of the driver or the shift's vehicle ran out. */
  blockedReason: z.string().nullable(),
  onShift: z.boolean(),
  vehicleId: z.number().nullable(),
  vehicleRegistration: z.string().nullable(),
  vehicleDescription: z.string().nullable(),
  bookingId: z.number().nullable(),
  bookingStatus: z.enum(bookingStatuses).nullable(),
  bookingStatusName: z.string().nullable(),
  bookingPickup: z.string().nullable(),
  position: position.nullable(),
});

export const driverLocationListInput = listInput({
  /** 0 or left out: any status. */
  availability: wholeNumber({ min: 0, max: 4 }).optional(),
  onShift: flag().optional(),
  /** Only drivers seen within this many minutes (0 or left out: any time). */
  seenWithinMinutes: wholeNumber({ min: 0, max: 60 * 24 * 30 }).optional(),
});

/** Available drivers for a job: nearest first when a point or a booking is given. */
export const availableDriversInput = listInput({
  lat: latitude().optional(),
  lng: longitude().optional(),
  /** Measure from this booking's pick-up. */
  bookingId: id().optional(),
}).refine((v) => (v.lat === undefined) === (v.lng === undefined), {
  path: ['lng'],
  message: 'must be sent together with lat',
});

export const availableDriverRow = driverLocationRow.extend({
  /** Straight-line metres from the point asked about; null without a point or a position. */
  distanceMetres: z.number().nullable(),
});

export const bookingTrackingInput = byId();

/** When a booking's journey started and ended (GetBookingStartEndTimeApiCall). */
export const bookingStartEnd = z.object({
  bookingId: z.number(),
  status: z.enum(bookingStatuses),
  statusName: z.string(),
  pickupAt: z.string(),
  /** The driver set off (on route). */
  startTime: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  onBoardAt: z.string().nullable(),
  /** Completed, no-show or cancelled. */
  endTime: z.string().nullable(),
  /** From start to end, or to now while the journey runs. */
  durationSeconds: z.number().nullable(),
  /** The journey is running: a driver's positions extend the route. */
  isLive: z.boolean(),
});

export const trackingStop = z.object({
  seq: z.number(),
  kind: z.enum(['pickup', 'via', 'dropoff']),
  address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

/** Everything the tracking panel draws (GetBookingTrackingDetails). */
export const bookingTracking = bookingStartEnd.extend({
  stops: z.array(trackingStop),
  driver: z
    .object({ id: z.number(), fullName: z.string(), callsign: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  vehicle: z.object({ id: z.number(), registration: z.string(), description: z.string().nullable() }).nullable(),
  /** The driver's latest position while the driver holds the job. */
  driverPosition: position.nullable(),
  /** The route so far: the driver's positions from on route to the end (thinned to at most 2,000). */
  route: z.array(routePoint),
  routeMetres: z.number(),
});

/** The booking's driver and where that driver is now (GetDriverLocationForTracking). */
export const bookingDriverLocation = z.object({
  bookingId: z.number(),
  status: z.enum(bookingStatuses),
  driverId: z.number().nullable(),
  isLive: z.boolean(),
  position: position.nullable(),
});
