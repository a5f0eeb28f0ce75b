import { z } from 'zod';
import { bookingStatuses } from '../bookings/status';
import { lookupInput } from '../crud';
import { flag, id, imageUpload, isoDate, listInput, optionalRef, requiredText, text, wholeNumber } from '../fields';

/** The digits of a phone number: the one form numbers are compared in (no country-code rules). */
export const passengerPhoneDigits = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

/** A number needs this many digits to be a phone number at all (and to be compared). */
export const PASSENGER_MIN_PHONE_DIGITS = 6;

/**
 * Optional text fields of a passenger. Leaving a field out means "not sent" (an update keeps the
 * value); an empty text means "none" and becomes null.
 */
const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v || null);

const optionalText = (max: number) => text(max).optional().transform(blankToNull);

const optionalEmail = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'must be at most 254 characters')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'must be a valid e-mail address')
    .optional()
    .transform(blankToNull);

const optionalPhone = () =>
  z
    .string()
    .trim()
    .max(30, 'must be at most 30 characters')
    .refine(
      (v) => v === '' || (/^\+?[0-9 ()-]+$/.test(v) && passengerPhoneDigits(v).length >= PASSENGER_MIN_PHONE_DIGITS),
      `must be a phone number (at least ${PASSENGER_MIN_PHONE_DIGITS} digits; spaces, +, - and brackets allowed)`,
    )
    .optional()
    .transform(blankToNull);

const tagIds = () => z.array(id(), { error: 'must be a list of tag ids' }).max(20, 'may hold at most 20 tags');

/** The words of the contact rule, shared by the schema (forms) and the server (updates). */
export const PASSENGER_CONTACT_RULE = 'is required when there is no phone or mobile number';

const hasContact = (v: { email?: string | null; phone?: string | null; mobile?: string | null }) =>
  Boolean(v.email || v.phone || v.mobile);

/** Passenger/Create: a passenger needs a name and at least one way to reach them. */
export const passengerFields = z
  .object({
    title: optionalText(20),
    firstName: requiredText(80),
    surname: requiredText(80),
    email: optionalEmail(),
    phone: optionalPhone(),
    mobile: optionalPhone(),
    isVip: flag().optional().default(false),
    clientId: optionalRef(),
    notes: optionalText(2000),
    isActive: flag().optional().default(true),
    tagIds: tagIds().optional().default([]),
  })
  .refine(hasContact, { path: ['email'], message: PASSENGER_CONTACT_RULE });

/**
 * Passenger/Update: the fields it is sent change, the rest keep their values (so the notes tab and
 * "switch off" send only what they change). The contact rule is checked on the result.
 */
export const passengerUpdateInput = z.object({
  id: id(),
  title: optionalText(20),
  firstName: requiredText(80).optional(),
  surname: requiredText(80).optional(),
  email: optionalEmail(),
  phone: optionalPhone(),
  mobile: optionalPhone(),
  isVip: flag().optional(),
  clientId: wholeNumber({ min: 0, max: 2_147_483_647 })
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  notes: optionalText(2000),
  isActive: flag().optional(),
  tagIds: tagIds().optional(),
});

export const passengerTag = z.object({ id: z.number(), name: z.string(), colour: z.string() });

export const passengerRow = z.object({
  id: z.number(),
  title: z.string().nullable(),
  firstName: z.string(),
  surname: z.string(),
  name: z.string().describe('First name and surname'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  isVip: z.boolean(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  isActive: z.boolean(),
  hasAppAccount: z.boolean(),
  tags: z.array(passengerTag),
  photoUrl: z.string().nullable(),
  totalBookings: z.number(),
  lastBookingAt: z.string().nullable().describe('Pick-up time of the latest booking (may lie ahead)'),
  createdAt: z.string(),
});

export const passengerSortColumns = ['name', 'email', 'clientName', 'createdAt', 'lastBookingAt'] as const;

/** Passenger/GetTableSummary; `id` (a list param every call takes) narrows the list to one passenger. */
export const passengerListInput = listInput({
  clientId: wholeNumber({ min: 1 }).optional(),
  isVip: flag().optional(),
  isActive: flag().optional(),
  tagId: wholeNumber({ min: 1 }).optional(),
  sortColumn: z.enum(passengerSortColumns, { error: `must be one of: ${passengerSortColumns.join(', ')}` }).optional(),
});

/** What the availability checks look at; half-typed values are fine (they simply match nobody). */
export const passengerAvailabilityInput = z.object({
  email: text(254).optional(),
  phone: text(30).optional(),
  mobile: text(30).optional(),
});
export const passengerAvailabilityEditInput = passengerAvailabilityInput.extend({ id: id() });

export const passengerContactFields = ['email', 'phone', 'mobile'] as const;

export const passengerConflict = z.object({
  field: z.enum(passengerContactFields),
  passengerID: z.number(),
  name: z.string(),
});
export const passengerAvailability = z.object({ isValid: z.boolean(), conflicts: z.array(passengerConflict) });

export const passengerHistorySortColumns = ['pickupAt', 'status', 'priceMinor'] as const;

export const passengerBookingHistoryInput = listInput({
  id: id(),
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  status: z.enum(bookingStatuses).optional(),
  sortColumn: z
    .enum(passengerHistorySortColumns, { error: `must be one of: ${passengerHistorySortColumns.join(', ')}` })
    .optional(),
}).refine((v) => !v.fromDate || !v.toDate || v.toDate >= v.fromDate, {
  path: ['toDate'],
  message: 'must be on or after fromDate',
});

export const passengerBookingHistoryRow = z.object({
  id: z.number(),
  pickupAt: z.string(),
  status: z.string(),
  statusName: z.string(),
  pickup: z.string().nullable(),
  dropoff: z.string().nullable().describe('The last stop; null when the booking has only a pick-up'),
  priceMinor: z.number().nullable(),
  currency: z.string(),
  driverName: z.string().nullable(),
  vehicleRegistration: z.string().nullable(),
});

export const passengerNote = z.object({ id: z.number(), notes: z.string().nullable() });

export const passengerLookupRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('Phone, or the mobile when there is no phone'),
  clientId: z.number().nullable(),
});

export const clientPassengerRow = passengerLookupRow.omit({ clientId: true });

export const searchedPassengerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  isVip: z.boolean(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
});

export const clientPassengerInput = lookupInput({ clientId: id() });

export const passengerClientOf = z.object({
  passengerID: z.number(),
  clientID: z.number().describe('0 when the passenger travels on no account'),
  clientName: z.string().nullable(),
});

export const passengerSurnameRow = z.object({ id: z.string(), name: z.string() });

export const passengerContactTypes = ['driver', 'passenger'] as const;
export const passengerContactRow = z.object({
  id: z.string().describe("'driver-12' or 'passenger-7'"),
  type: z.enum(passengerContactTypes),
  personID: z.number(),
  name: z.string(),
  phone: z.string().nullable().describe('Mobile, or the phone when there is no mobile'),
  email: z.string().nullable(),
});

export const passengerImage = z.object({ id: z.number(), imageUrl: z.string().nullable() });
export const passengerImageUpload = z.object({ id: id(), file: imageUpload() });
export const passengerImageSaved = z.object({ id: z.number(), imageUrl: z.string() });

export const passengerDeleted = z.object({ id: z.number() });
