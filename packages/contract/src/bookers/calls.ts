import { lookup } from '../crud';
import { area, list, mutation } from '../define';
import { byId } from '../fields';
import {
  bookerCreateInput,
  bookerListInput,
  bookerLookupFilters,
  bookerLookupRow,
  bookerRow,
  bookerUpdateInput,
  cancelledRepeatBooking,
  repeatBookingListInput,
  repeatBookingRow,
} from './schemas';

export const bookerCalls = area(
  'Booking',
  { subject: 'Booking' },
  {
    GetBookerList: lookup(bookerLookupRow, {
      filters: bookerLookupFilters,
      summary:
        "Active bookers for the booking form's dropdown; with clientId, that client's bookers and those of none.",
    }),
    AddBooker: mutation({
      verb: 'create',
      input: bookerCreateInput,
      output: bookerRow,
      summary: 'Adds a booker (someone who books for others), usually for a client.',
    }),
    UpdateBooker: mutation({
      verb: 'update',
      input: bookerUpdateInput,
      output: bookerRow,
      summary:
        'Changes the fields it is sent ("" or null clears e-mail, phone and client); isActive switches a booker off.',
    }),
    GetTableSummaryBooker: list({
      input: bookerListInput,
      row: bookerRow,
      summary: 'The bookers, paged, sorted, searchable (name, e-mail, phone, client), with their booking counts.',
    }),
  },
);

export const repeatBookingCalls = area(
  'Booking',
  { subject: 'Booking' },
  {
    GetTableSummaryRepeatBooking: list({
      input: repeatBookingListInput,
      row: repeatBookingRow,
      summary:
        'Repeat booking series (active by default), with week days, dates, the first journey and booking counts; search passenger, client and pick-up.',
    }),
    CancelRepeatBooking: mutation({
      verb: 'update',
      input: byId(),
      output: cancelledRepeatBooking,
      summary:
        'Ends a series: marks it cancelled and cancels its future bookings still pending or confirmed; bookings already dispatched, under way or past stay. A cancelled series answers 409.',
    }),
  },
);
