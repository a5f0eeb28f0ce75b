import { ownerStatistics } from '../statistics/owner';
import { z } from 'zod';
import { lookup } from '../crud';
import { area, list, mutation, read } from '../define';
import { byId, listInput } from '../fields';
import { topInput, topRow } from '../statistics/schemas';
import {
  clientPassengerInput,
  clientPassengerRow,
  passengerAvailability,
  passengerAvailabilityEditInput,
  passengerAvailabilityInput,
  passengerBookingHistoryInput,
  passengerBookingHistoryRow,
  passengerClientOf,
  passengerContactRow,
  passengerContactTypes,
  passengerDeleted,
  passengerFields,
  passengerImage,
  passengerImageSaved,
  passengerImageUpload,
  passengerListInput,
  passengerLookupRow,
  passengerNote,
  passengerRow,
  passengerSurnameRow,
  passengerUpdateInput,
  searchedPassengerRow,
} from './schemas';

/*
 * Every passenger call, look-ups included, is on the Passenger subject: the rows carry people's
 * e-mail addresses and phone numbers, which the Lookup subject (granted to every signed-in user,
 * drivers and passengers too) must not reach.
 */
const passengerStatistics = ownerStatistics('passenger');

export const commonPassenger = area(
  'Common',
  { subject: 'Passenger' },
  {
    GetPassengerImage: read({ input: byId(), output: passengerImage, summary: "A passenger's photo (null: none)." }),
    UploadImagePassenger: mutation({
      verb: 'update',
      input: passengerImageUpload,
      output: passengerImageSaved,
      upload: 'file',
      summary: "Replaces a passenger's photo (PNG, JPEG, WebP or GIF up to 5 MB; JSON base64 or multipart).",
    }),
    GetPassengerList: lookup(passengerLookupRow, {
      summary: 'Active passengers by surname, unpaged unless asked; q searches name, e-mail and phone.',
    }),
    GetPassengerListWithSearch: list({
      input: listInput({}),
      row: passengerLookupRow,
      summary: 'Active passengers matching q, a page at a time (an empty q answers the first page).',
    }),
    GetSearchedPassenger: list({
      input: listInput({}),
      row: searchedPassengerRow,
      summary: 'Active passengers matching q on name, e-mail or phone, with their client: the booking form.',
    }),
    GetPassengerClientID: read({
      input: byId(),
      output: passengerClientOf,
      summary: 'The client account a passenger travels on (clientID 0 and clientName null when none).',
    }),
    GetPassengerSurNameList: lookup(passengerSurnameRow, {
      summary: 'The distinct surnames of the passengers, alphabetical.',
    }),
    GetDriverPassengercontactList: lookup(passengerContactRow, {
      filters: { type: z.enum(passengerContactTypes).optional() },
      summary: 'Active drivers and passengers the office can message (with a phone or an e-mail); q searches.',
    }),
  },
);

export const passengerPassenger = area(
  'Passenger',
  { subject: 'Passenger' },
  {
    GetTableSummary: list({
      input: passengerListInput,
      row: passengerRow,
      summary: 'The passenger list, paged, sorted and searchable (name, e-mail, phone), with booking totals.',
    }),
    Create: mutation({
      verb: 'create',
      input: passengerFields,
      output: passengerRow,
      summary: 'Adds a passenger; an e-mail or phone number another passenger has answers 409.',
    }),
    Update: mutation({
      verb: 'update',
      input: passengerUpdateInput,
      output: passengerRow,
      summary: 'Changes the fields it is sent; a field left out keeps its value, an empty text clears it.',
    }),
    Delete: mutation({
      verb: 'delete',
      input: byId(),
      output: passengerDeleted,
      summary: 'Deletes a passenger without bookings (and their app account); one with bookings answers 409.',
    }),
    GetValidNewPassenger: read({
      input: passengerAvailabilityInput,
      output: passengerAvailability,
      summary: 'Whether an e-mail, phone or mobile is free for a new passenger, and who has it if not.',
    }),
    GetValidNewPassengerEdit: read({
      input: passengerAvailabilityEditInput,
      output: passengerAvailability,
      summary: 'The same check for an existing passenger, who does not clash with themself.',
    }),
    GetPassengerStatistics: passengerStatistics.statistics,
    GetPassengerBookingCount: passengerStatistics.count,
    GetTopPassenger: read({
      input: topInput,
      output: z.array(topRow),
      summary: 'The passengers with the most done bookings over the range.',
    }),
    GetPassengerWeekDays: passengerStatistics.weekDays,
    GetPassengerBookingTrends: passengerStatistics.trends,
    GetClientPassengerList: list({
      input: clientPassengerInput,
      row: clientPassengerRow,
      summary: "A client's active passengers.",
    }),
    GetPassengerBookingHistory: list({
      input: passengerBookingHistoryInput,
      row: passengerBookingHistoryRow,
      summary: "A passenger's bookings, newest first, with the pick-up, the last stop and who drove.",
    }),
    GetPassengerNote: read({ input: byId(), output: passengerNote, summary: "A passenger's notes." }),
  },
);
