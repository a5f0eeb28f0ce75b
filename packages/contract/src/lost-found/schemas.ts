import { z } from 'zod';
import { lookupInput } from '../crud';
import { flag, id, isoDate, isoDateTime, listInput, optionalRef, requiredText, text } from '../fields';

/** Kinds of lost item; the API takes the code (LostandFound/GetLostItemCategoryList lists them). */
export const lostItemCategories = [
  ['phone', 'Phone'],
  ['wallet', 'Wallet or purse'],
  ['bag', 'Bag or luggage'],
  ['keys', 'Keys'],
  ['clothing', 'Clothing'],
  ['umbrella', 'Umbrella'],
  ['electronics', 'Laptop, tablet or other electronics'],
  ['documents', 'Documents or ID'],
  ['jewellery', 'Jewellery or watch'],
  ['child', "Child's item"],
  ['other', 'Other'],
] as const;
export type LostItemCategory = (typeof lostItemCategories)[number][0];
export const lostItemCategoryCodes = lostItemCategories.map(([code]) => code) as [
  LostItemCategory,
  ...LostItemCategory[],
];
export const lostItemCategoryLabel = (code: string): string =>
  lostItemCategories.find(([c]) => c === code)?.[1] ?? code;

/** held: kept at the office (status true); returned or disposed: dealt with (status false). */
export const lostItemStates = ['held', 'returned', 'disposed'] as const;

const category = () =>
  z.enum(lostItemCategoryCodes, {
    error: (issue) =>
      issue.input === undefined ? 'is required' : `must be one of: ${lostItemCategoryCodes.join(', ')}`,
  });

export const lostItemRow = z.object({
  id: z.number(),
  bookingID: z.number(),
  bookingDate: z.string().describe("The booking's pick-up date and time (ISO, UTC)"),
  pickUp: z.string().nullable(),
  dropOff: z.string().nullable(),
  driverName: z.string().nullable(),
  passengerName: z.string().nullable(),
  category: z.enum(lostItemCategoryCodes),
  categoryName: z.string(),
  description: z.string(),
  foundAt: z.string(),
  status: z.boolean().describe('true while the item is held at the office'),
  itemStatus: z.enum(lostItemStates),
  returnedTo: z.string().nullable(),
  notes: z.string().nullable(),
  entryDate: z.string().describe('When it was recorded'),
  createdByName: z.string().nullable(),
});

export const lostItemSortColumns = ['foundAt', 'bookingID', 'categoryName', 'status'] as const;

export const lostItemListInput = listInput({
  sortColumn: z.enum(lostItemSortColumns, { error: `must be one of: ${lostItemSortColumns.join(', ')}` }).optional(),
  fromDate: isoDate().optional().describe('Found on or after this company day'),
  toDate: isoDate().optional().describe('Found on or before this company day'),
  bookingId: optionalRef(),
  category: category().optional(),
  status: flag().optional().describe('true: held items only; false: dealt with; left out: both'),
}).refine((v) => !v.fromDate || !v.toDate || v.toDate >= v.fromDate, {
  path: ['toDate'],
  message: 'must be on or after fromDate',
});

/** LostandFound/GetBookingsIDForLostItems: bookings to record an item against. */
export const lostItemBookingInput = lookupInput({
  allBookings: flag()
    .optional()
    .describe('false or left out: bookings that have started (a driver carried someone); true: every booking'),
});

export const lostItemBookingRow = z.object({
  id: z.number(),
  name: z.string().describe('"#id · pick-up → drop-off", for a dropdown'),
  bookingDate: z.string(),
  pickUp: z.string().nullable(),
  dropOff: z.string().nullable(),
  status: z.string(),
  driverName: z.string().nullable(),
  passengerName: z.string().nullable(),
});

export const lostItemCreateInput = z.object({
  bookingId: id(),
  category: category(),
  description: requiredText(500),
  foundAt: isoDateTime()
    .refine((v) => Date.parse(v) <= Date.now() + 5 * 60_000, 'must not be in the future')
    .optional()
    .describe('When it was found; left out: now'),
  notes: text(1000).optional(),
});
