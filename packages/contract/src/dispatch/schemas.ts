import { z } from 'zod';
import { bookingRow } from '../bookings/schemas';
import { bookingStatuses } from '../bookings/status';
import { type DispatchTab, dispatchTabNames } from '../bookings/state-machine';
import { ownerDocumentStates } from '../documents/schemas';
import { flag, id, isoDate, listInput, optionalRef, text, wholeNumber } from '../fields';

/** Driver availability: 1 available, 2 busy, 3 offline (a new driver's state), 4 on break. */
export const AVAILABILITY = { available: 1, busy: 2, offline: 3, onBreak: 4 } as const;

/** The board's page size when none is sent (the spec fixes the dispatch lists at 10). */
export const DISPATCH_PAGE_SIZE = 10;

/** Average town speed behind a suggestion's ETA: straight-line distance at this speed. */
export const SUGGESTION_SPEED_KMH = 30;

const dispatchTab = () =>
  z.enum(dispatchTabNames as [DispatchTab, ...DispatchTab[]], {
    error: `must be one of: ${dispatchTabNames.join(', ')}`,
  });

/** A version the caller saw: when it differs from the booking's, the change is refused (409). */
const version = () => wholeNumber({ min: 1 }).optional();

export const dispatchSortColumns = ['pickupAt', 'createdAt', 'status', 'priceMinor', 'id'] as const;

/** The board's filters: one day (company time zone; default today), a tab and narrowing filters. */
const boardFilterShape = {
  date: isoDate().optional().describe("A day in the company's time zone; today when left out"),
  vehicleTypeId: optionalRef(),
  driverId: optionalRef(),
  clientId: optionalRef(),
  perPage: wholeNumber({ min: 1, max: 100 }).optional().default(DISPATCH_PAGE_SIZE),
  sortColumn: z.enum(dispatchSortColumns, { error: `must be one of: ${dispatchSortColumns.join(', ')}` }).optional(),
};

/** Booking/GetBookingDispatch: the whole board of a day; `tab` picks the tab whose page is `page`. */
export const dispatchBoardInput = listInput({
  ...boardFilterShape,
  tab: dispatchTab().optional().describe('Only this tab gets rows (at `page`); the others still answer counts'),
});

/** Booking/GetTableSummaryDispatchBookingsTest: one tab of the board as a plain server-paged list. */
export const dispatchListInput = listInput({
  ...boardFilterShape,
  perPage: wholeNumber({ min: 0, max: 100 }).optional().default(DISPATCH_PAGE_SIZE),
  tab: dispatchTab().optional().default('unallocated'),
});

/** A booking line of the board: the booking row, its tab and who allocated it. */
export const dispatchBookingRow = bookingRow.extend({
  tab: dispatchTab(),
  allocatedByName: z.string().nullable(),
});

export const dispatchTabSummary = z.object({
  tab: dispatchTab(),
  name: z.string(),
  statuses: z.array(z.enum(bookingStatuses)),
  /** Bookings of the day in this tab, after the filters. */
  count: z.number(),
  /** Page count at perPage (0 when empty: the spec's initial dispatch total). */
  total: z.number(),
  /** The requested page of this tab (empty for the other tabs when a tab was picked). */
  data: z.array(dispatchBookingRow),
});

/**
 * A job with no driver whose pick-up is near (the company's `nearPickupMinutes`, 30 by default) or
 * past: a suggested driver who can reach it in time, or why none can.
 */
export const nearPickup = z.object({
  bookingId: z.number(),
  pickupAt: z.string(),
  pickup: z.string(),
  /** Whole minutes until the pick-up; negative when it is overdue. */
  minutesToPickup: z.number(),
  suggestion: z
    .object({ driverId: z.number(), driverName: z.string(), callsign: z.string().nullable(), etaSeconds: z.number() })
    .nullable(),
  /** "No driver can reach it in time: …" (none on shift, all busy, too far: nearest N min), or null. */
  reason: z.string().nullable(),
  /** When the dispatchers were told (once per booking), or null while not yet. */
  announcedAt: z.string().nullable(),
});

export const dispatchBoard = z.object({
  date: z.string(),
  timezone: z.string(),
  tab: dispatchTab().nullable(),
  page: z.number(),
  perPage: z.number(),
  tabs: z.array(dispatchTabSummary),
  /** Jobs with no driver whose pick-up is near, soonest first, whatever the day shown (at most 10). */
  near: z.array(nearPickup),
  /** The "dispatch totals": bookings of the day after the filters, and per tab. */
  totals: z.object({
    count: z.number(),
    unallocated: z.number(),
    offered: z.number(),
    allocated: z.number(),
    active: z.number(),
    done: z.number(),
    cancelled: z.number(),
    /** Not done nor cancelled yet and starting within the next hour, with nobody holding it. */
    urgent: z.number(),
  }),
});

/** A booking a dispatcher acts on; `version` guards against acting on what changed meanwhile. */
export const bookingActionInput = z.object({
  bookingId: id(),
  version: version(),
  note: text(500).optional(),
});

/** Soft allocation (offer) to a driver; without vehicleId the vehicle of the driver's open shift is used. */
export const offerInput = bookingActionInput.extend({
  driverId: id(),
  vehicleId: optionalRef(),
  /**
   * The dispatcher saw the clash and confirms: without it, a booking that overlaps a job the driver
   * holds (pick-up, expected duration and a 15-minute buffer) answers 409 with `clashes`.
   */
  allowOverlap: flag().optional().default(false),
});

/**
 * Hard allocation. A booking a driver already holds is refused (409 naming the holder) unless
 * `reallocate` is true and `version` is the booking's current version.
 */
export const allocateInput = offerInput.extend({
  reallocate: flag().optional().default(false),
});

/** Hard allocation to a subcontractor (vendor), to one of its drivers or to the vendor alone. */
export const allocateSubcontractorInput = bookingActionInput
  .extend({
    vendorId: optionalRef(),
    driverId: optionalRef(),
    vehicleId: optionalRef(),
    reallocate: flag().optional().default(false),
  })
  .refine((v) => !!v.vendorId || !!v.driverId, { path: ['vendorId'], message: 'is required without a driverId' });

/** Approve or reject the allocation of the driver who holds the booking (named, to act on the right one). */
export const driverAllocationDecisionInput = bookingActionInput.extend({
  driverId: id(),
});

/** The holder of a booking, as a 409 names it. */
export const bookingHolder = z.object({
  driverId: z.number().nullable(),
  driverName: z.string().nullable(),
  callsign: z.string().nullable(),
  vendorId: z.number().nullable(),
  vendorName: z.string().nullable(),
  allocatedBy: z.number().nullable(),
  allocatedByName: z.string().nullable(),
});

export const documentExpirySortColumns = ['expiryDate', 'driverName', 'documentTypeName'] as const;

export const documentExpiryListInput = listInput({
  state: z
    .enum(['expired', 'expiring'], { error: 'must be expired or expiring' })
    .optional()
    .describe('Both when left out'),
  driverId: optionalRef(),
  mandatoryOnly: flag().optional().default(false),
  sortColumn: z
    .enum(documentExpirySortColumns, { error: `must be one of: ${documentExpirySortColumns.join(', ')}` })
    .optional(),
});

/** One expired or expiring document of a driver (or of a vehicle the driver owns). */
export const documentExpiryRow = z.object({
  documentId: z.number(),
  ownerType: z.enum(['driver', 'vehicle']),
  ownerId: z.number(),
  ownerName: z.string(),
  driverId: z.number(),
  driverName: z.string(),
  callsign: z.string().nullable(),
  documentTypeId: z.number(),
  documentTypeName: z.string(),
  isMandatory: z.boolean(),
  expiryDate: z.string(),
  state: z.enum(['expired', 'expiring']),
  /** Negative once expired. */
  daysLeft: z.number(),
});

export const subcontractorDriverListInput = listInput({
  vendorId: optionalRef(),
  availability: wholeNumber({ min: 0, max: 4 })
    .optional()
    .transform((v) => v || undefined),
});

export const subcontractorDriverRow = z.object({
  id: z.number(),
  fullName: z.string(),
  callsign: z.string().nullable(),
  vendorId: z.number(),
  vendorName: z.string(),
  availability: z.number(),
  availabilityName: z.string(),
  documentState: z.enum(ownerDocumentStates),
});

export const driverAllocationSortColumns = ['name', 'callsign', 'availability', 'lastSeenAt'] as const;

/** Driver/GetTableSummaryDriverAllocation: the board's sidebar of drivers. */
export const driverAllocationListInput = listInput({
  availability: wholeNumber({ min: 0, max: 4 })
    .optional()
    .transform((v) => v || undefined)
    .describe('1 available, 2 busy, 3 offline, 4 on break; 0 or left out for all'),
  onShift: flag().optional(),
  vehicleTypeId: optionalRef(),
  vendorId: optionalRef(),
  sortColumn: z
    .enum(driverAllocationSortColumns, { error: `must be one of: ${driverAllocationSortColumns.join(', ')}` })
    .optional(),
});

export const driverAllocationRow = z.object({
  id: z.number(),
  fullName: z.string(),
  callsign: z.string().nullable(),
  phone: z.string().nullable(),
  availability: z.number().describe('1 available, 2 busy, 3 offline, 4 on break'),
  availabilityName: z.string(),
  onShift: z.boolean(),
  shiftId: z.number().nullable(),
  shiftStartedAt: z.string().nullable(),
  vehicleId: z.number().nullable(),
  vehicleRegistration: z.string().nullable(),
  vehicleTypeId: z.number().nullable(),
  vehicleTypeName: z.string().nullable(),
  vendorId: z.number().nullable(),
  vendorName: z.string().nullable(),
  /** The job the driver holds now (the earliest not finished), if any. */
  currentBookingId: z.number().nullable(),
  currentBookingStatus: z.enum(bookingStatuses).nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  lastSeenAt: z.string().nullable(),
  documentState: z.enum(ownerDocumentStates),
  /**
   * Why the driver cannot be given jobs, in words ("Driving licence expired"): a mandatory document
   * of the driver or of the shift's vehicle has run out. Null when nothing blocks.
   */
  blockedReason: z.string().nullable(),
});

export const driverStatusInput = z.object({
  driverId: id(),
  availability: wholeNumber({ min: 1, max: 4 }).describe('1 available, 2 busy, 3 offline, 4 on break'),
});

export const driverStatusRow = z.object({
  driverId: z.number(),
  availability: z.number(),
  availabilityName: z.string(),
  onShift: z.boolean(),
});

/** Driver/AddDriverShift: `start` opens a shift with the vehicle driven, `end` closes the open one. */
export const driverShiftInput = z.object({
  driverId: id(),
  action: z.enum(['start', 'end'], { error: 'must be start or end' }).optional().default('start'),
  vehicleId: optionalRef(),
});

export const driverShiftRow = z.object({
  id: z.number(),
  driverId: z.number(),
  vehicleId: z.number().nullable(),
  vehicleRegistration: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  availability: z.number(),
  availabilityName: z.string(),
});

export const availabilitySums = z.object({
  available: z.number(),
  busy: z.number(),
  offline: z.number(),
  onBreak: z.number(),
  onShift: z.number(),
  /** Active drivers. */
  total: z.number(),
});

/** Driver/GetFindDriverDetail: by id, or by callsign (exact, case-insensitive) as a dispatcher types it. */
export const findDriverInput = z
  .object({
    driverId: optionalRef(),
    callsign: text(20).optional(),
  })
  .refine((v) => !!v.driverId || !!v.callsign, { path: ['driverId'], message: 'is required without a callsign' });

export const driverDispatchDetail = driverAllocationRow.extend({
  isActive: z.boolean(),
  currentBooking: dispatchBookingRow.nullable(),
  /** Bookings the driver holds that are not finished, by pick-up time (at most 20). */
  upcoming: z.array(dispatchBookingRow),
  jobsToday: z.number(),
});

export const suggestionsInput = z.object({
  bookingId: id(),
  limit: wholeNumber({ min: 1, max: 50 }).optional().default(10),
});

export const suggestedDriver = z.object({
  driverId: z.number(),
  driverName: z.string(),
  callsign: z.string().nullable(),
  vehicleId: z.number().nullable(),
  vehicleRegistration: z.string().nullable(),
  vehicleTypeId: z.number().nullable(),
  vehicleTypeName: z.string().nullable(),
  distanceMetres: z.number(),
  etaSeconds: z.number(),
  onShift: z.boolean(),
  vehicleTypeFits: z.boolean(),
  documentsValid: z.boolean(),
  lastSeenAt: z.string(),
  /** Lower is better: the ETA plus penalties, in seconds. */
  score: z.number(),
  reasons: z.array(z.string()),
});

export const driverChoicesInput = z.object({ bookingId: id() });

/** How a driver stands for dispatch: the availability, or blocked by run-out papers. */
export const driverChoiceStates = ['available', 'busy', 'on_break', 'offline', 'blocked'] as const;

export const driverChoice = z.object({
  driverId: z.number(),
  driverName: z.string(),
  callsign: z.string().nullable(),
  state: z.enum(driverChoiceStates),
  availabilityName: z.string(),
  onShift: z.boolean(),
  vehicleId: z.number().nullable(),
  vehicleRegistration: z.string().nullable(),
  vehicleTypeName: z.string().nullable(),
  /** Straight line to the pick-up from the latest position; null without one. */
  distanceMetres: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  documentState: z.enum(ownerDocumentStates),
  blockedReason: z.string().nullable(),
  /** Why the booking cannot be given to this driver, in the words the allocation would answer. */
  refusals: z.array(z.string()),
  /** What a dispatcher must confirm ("Has job #123 14:00–15:10"). */
  warnings: z.array(z.string()),
});

export const driverChoices = z.object({
  bookingId: z.number(),
  vehicleTypeName: z.string().nullable(),
  drivers: z.array(driverChoice),
});

export const suggestions = z.object({
  bookingId: z.number(),
  pickup: z.object({ address: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }),
  averageSpeedKmh: z.number(),
  /** Why the list is empty or short, in words (no pick-up position, nobody on shift…). */
  note: z.string().nullable(),
  candidates: z.array(suggestedDriver),
});

export const journeyMarksInput = z.object({ id: id() });

export const journeyMarkKinds = ['arrived_far', 'arrived_early', 'completed_fast'] as const;

/** A journey step that looked wrong, allowed but marked for the office, with its figures. */
export const journeyMark = z.object({
  id: z.number(),
  step: z.string(),
  kind: z.enum(journeyMarkKinds),
  /** In words: "Arrived 1.2 km from the pick-up (more than 500 m)". */
  message: z.string(),
  driverId: z.number(),
  driverName: z.string(),
  /** Metres from the pick-up, minutes early, seconds on board: the figures behind the message. */
  details: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  createdAt: z.string(),
});

export const journeyMarks = z.object({ bookingId: z.number(), marks: z.array(journeyMark) });
