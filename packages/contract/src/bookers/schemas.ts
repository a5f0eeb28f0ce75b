import { z } from 'zod';
import { clearable, email, flag, id, kept, listInput, optionalRef, phone, requiredText } from '../fields';

/** An empty box means "none". */
const optional = <T extends z.ZodType>(rule: T) =>
  z
    .union([z.literal(''), z.null(), rule])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v) as z.output<T> | null);

/** What a booker is: a name, how to reach them and, usually, the client they book for. */
export const bookerCreateInput = z.object({
  name: requiredText(120),
  email: optional(email()),
  phone: optional(phone()),
  clientId: optionalRef(),
  isActive: flag().optional().default(true),
});

/** Only the fields sent change; "" or null clears email, phone and clientId (0 too). */
export const bookerUpdateInput = z.object({
  id: id(),
  name: kept(requiredText(120)),
  email: clearable(email()),
  phone: clearable(phone()),
  clientId: z
    .union([z.null(), optionalRef()])
    .optional()
    .transform((v) => (v === undefined ? undefined : (v ?? null))),
  isActive: flag().optional(),
});

export const bookerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  isActive: z.boolean(),
  bookingCount: z.number(),
  createdAt: z.string(),
});

export const bookerLookupRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  clientId: z.number().nullable(),
});

const bookerSortable = ['name', 'email', 'phone', 'clientName', 'bookingCount', 'createdAt'] as const;

export const bookerListInput = listInput({
  sortColumn: z.enum(bookerSortable, { error: `must be one of: ${bookerSortable.join(', ')}` }).optional(),
  clientId: optionalRef(),
  /** all (default), active or inactive. */
  state: z.enum(['all', 'active', 'inactive'], { error: 'must be all, active or inactive' }).optional().default('all'),
});

export const bookerLookupFilters = {
  /** Bookers of this client (and those of no client); 0 or left out: every active booker. */
  clientId: optionalRef(),
};

/** A repeat series: its rule, its first booking's journey and how many of its bookings are left. */
export const repeatBookingRow = z.object({
  id: z.number(),
  sourceBookingId: z.number(),
  weekDays: z.array(z.number()).describe('ISO week days, 1 Monday … 7 Sunday'),
  everyWeeks: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  skipExclusions: z.boolean(),
  isCancelled: z.boolean(),
  cancelledAt: z.string().nullable(),
  pickup: z.string().nullable(),
  dropoff: z.string().nullable(),
  passengerName: z.string().nullable(),
  clientName: z.string().nullable(),
  bookingCount: z.number(),
  upcomingCount: z.number().describe('Bookings of the series still to come (pending or confirmed, in the future)'),
  createdAt: z.string(),
});

const repeatSortable = ['startDate', 'endDate', 'createdAt', 'bookingCount', 'passengerName'] as const;

export const repeatBookingListInput = listInput({
  sortColumn: z.enum(repeatSortable, { error: `must be one of: ${repeatSortable.join(', ')}` }).optional(),
  /** active (default), cancelled or all. */
  state: z
    .enum(['all', 'active', 'cancelled'], { error: 'must be all, active or cancelled' })
    .optional()
    .default('active'),
  clientId: optionalRef(),
});

export const cancelledRepeatBooking = z.object({
  id: z.number(),
  cancelledAt: z.string(),
  cancelledBookingIds: z.array(z.number()),
});
