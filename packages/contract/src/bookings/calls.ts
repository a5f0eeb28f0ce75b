import { z } from 'zod';
import { area, list, mutation, read } from '../define';
import {
  addressPlace,
  addressSearchInput,
  bookingCreated,
  bookingCreateInput,
  bookingDetails,
  bookingExpenseListInput,
  bookingExpenseRow,
  bookingFlightInput,
  bookingIdInput,
  bookingListInput,
  bookingRow,
  bookingStatusAnswer,
  bookingStatusInput,
  bookingTokenAnswer,
  bookingTokenInput,
  bookingUpdateInput,
  clientReferenceDetail,
  clientReferencesInput,
  codeValidationAnswer,
  codeValidationInput,
  expenseApprovalAnswer,
  flightAnswer,
  flightInput,
  historyEntry,
  historyListInput,
  historyNoteInput,
  paymentStatusInput,
  pointInput,
  postcodeInput,
  postcodeMatch,
  quoteAnswer,
  quoteInput,
  remoteChangeListInput,
  remoteChangeRow,
  remoteDecisionInput,
  waitTimeAnswer,
  zoneAnswer,
} from './schemas';

const listSummary =
  'Bookings, server-paged and sorted (default: pick-up time, latest first); filters fromDate/toDate (company days), status or statuses, clientId, driverId, passengerId, vehicleTypeId, bookerId, source, paymentStatus, remotePending; q searches the number, passenger name and phone, and addresses. id > 0 answers that one booking.';

export const bookingBooking = area(
  'Booking',
  { subject: 'Booking' },
  {
    GetBooking: list({ input: bookingListInput, row: bookingRow, summary: listSummary }),
    GetBookingFilter: list({ input: bookingListInput, row: bookingRow, summary: listSummary }),
    GetBookingFiltertestting: list({
      input: bookingListInput,
      row: bookingRow,
      summary: `${listSummary} (The spec's spelling; the same list as GetBookingFilter.)`,
    }),
    GetTableSummary: list({
      input: bookingListInput,
      row: bookingRow,
      alsoFor: 'PassengerApp',
      summary: `${listSummary} A passenger's own token lists only their own bookings.`,
    }),
    Create: mutation({
      verb: 'create',
      alsoFor: 'WebBooker',
      input: bookingCreateInput,
      output: bookingCreated,
      summary:
        'Makes a booking (office: confirmed; web, apps, portal, API: pending) with its stops, a new passenger if sent, client references, discount and price (manual or quoted), and a repeat series if asked. The same bookingToken answers the booking it already made. Open to the web booker visitor token and to passengers (WebBooker): their bookings come from outside the office, priced by the server (docs/web-booker.md).',
    }),
    Update: mutation({
      verb: 'update',
      input: bookingUpdateInput,
      output: bookingDetails,
      summary:
        'Changes the fields it is sent (stops replace all stops); a remote source (client_portal, passenger_app, web) stores the change for approval instead. A finished booking answers 409.',
    }),
    checkBookingToken: read({
      input: bookingTokenInput,
      output: bookingTokenAnswer,
      summary: 'Whether a booking token was already used in the company, and by which booking.',
    }),
    UpdatePaymentStatusOfBooking: mutation({
      verb: 'update',
      input: paymentStatusInput,
      output: bookingStatusAnswer,
      summary:
        'Sets the payment status (unpaid, paid, invoiced, refunded) along the allowed changes; another answers 409 with the current one.',
    }),
    GetZoneNameDescription: read({
      input: pointInput,
      output: zoneAnswer,
      summary: 'The zone containing a point (or a UK postcode): id, name and description; nulls when none.',
    }),
    GetCodeValidation: read({
      input: codeValidationInput,
      output: codeValidationAnswer,
      summary: 'Checks a discount code (active, dates, uses left) and, given a price, the discount in minor units.',
    }),
    AddUpdatedBookingDataInHistoryLog: mutation({
      verb: 'create',
      input: historyNoteInput,
      output: historyEntry,
      summary: "Adds a note (and/or changed fields as the form reports them) to a booking's history.",
    }),
    IsBookingExpenseApproved: read({
      input: bookingIdInput,
      output: expenseApprovalAnswer,
      summary: "Whether a booking's driver expenses are all decided (counts by state).",
    }),
    GetBookingJourneyWaitTime: read({
      input: bookingIdInput,
      output: waitTimeAnswer,
      summary: 'Waiting at the pick-up: arrival, passenger on board and the seconds between (live while waiting).',
    }),
    GetTableSummaryBookingExpense: list({
      input: bookingExpenseListInput,
      row: bookingExpenseRow,
      summary: "A booking's driver expenses (id is the booking).",
    }),
    GetBookingQuote: read({
      input: quoteInput,
      output: quoteAnswer,
      summary:
        "The fare engine's price of a journey with its breakdown: the company's pricing by precedence (a fixed price, the client's model, the vehicle type's model, the company default; pricingModelID prices under one model), the distance from the routing service or the road-factor estimate, less a discount code.",
    }),
    UpdateBookingStatus: mutation({
      verb: 'update',
      alsoFor: 'PassengerApp',
      input: bookingStatusInput,
      output: bookingStatusAnswer,
      summary:
        'Moves a booking through the state machine by move name or target status; an illegal move answers 409 with the current status. Allocation moves go through dispatch. A passenger may only cancel their own booking, until a driver is on the way.',
    }),
    GetRemoteBookingHistoryLog: list({
      input: remoteChangeListInput,
      row: remoteChangeRow,
      summary:
        'Changes asked for from outside the office (portal, apps, web), newest first; filters bookingId, status.',
    }),
    ApproveRemoteBookingHistory: mutation({
      verb: 'update',
      input: remoteDecisionInput,
      output: remoteChangeRow,
      summary: 'Applies (approve true) or rejects a pending remote change; either way the history says so.',
    }),
    GetBookingStatus: read({
      input: bookingIdInput,
      output: bookingStatusAnswer,
      summary: "A booking's status, payment status, version and the moves it can make now.",
    }),
    GetBookingDetails: read({
      input: bookingIdInput,
      output: bookingDetails,
      summary: 'Everything about one booking: stops, people, prices, references, zones and dispatch times.',
    }),
    GetBookingHistoryLog: list({
      input: historyListInput,
      row: historyEntry,
      summary: "A booking's history, newest first: who, when, from where, and each field's before and after.",
    }),
    GetBookingClientReferencesDetails: read({
      input: bookingIdInput,
      output: z.array(clientReferenceDetail),
      summary: "The client references a booking carries, with the client's definitions.",
    }),
    GetBookingClientReferencesDetailsToUpdate: read({
      input: clientReferencesInput,
      output: z.array(clientReferenceDetail),
      summary:
        "The client's reference definitions with the booking's current values, for the edit form (id 0 and clientId for a new booking).",
    }),
    GetAddressPlaces: read({
      input: addressSearchInput,
      output: z.array(addressPlace),
      addedBecause:
        'a typed address must be placed (given coordinates) before a booking is saved, and the spec names only a postcode search',
      summary:
        "Where a typed address may be, best first: the company's past addresses with every word typed, its known places, the district of a UK postcode in the text, then the address service (GEOCODER_URL) when set and nothing else matched. Empty: ask for a pin on the map.",
    }),
    GetZoneID: read({
      input: pointInput,
      output: zoneAnswer,
      summary: 'The id of the zone containing a point (or a UK postcode); null when none.',
    }),
  },
);

const flightSummary =
  'Flight details for a flight number and day: airline, route, scheduled and estimated times (the offline provider derives them from the number; FLIGHT_API_URL selects a live one).';

export const flightDetailsBooking = area(
  'FlightDetails',
  { subject: 'Booking' },
  {
    GetFlightDetails: read({ input: flightInput, output: flightAnswer, summary: flightSummary }),
    Get: read({
      input: bookingFlightInput,
      output: flightAnswer.nullable(),
      summary: 'The flight of a booking (its flight number on its pick-up day); null when it has none.',
    }),
    GetPostCode: read({
      input: postcodeInput,
      output: z.array(postcodeMatch),
      summary:
        "Places for a UK postcode: the company's known locations with that postcode first, then the outward code's area.",
    }),
  },
);

export const flightBooking = area(
  'Flight',
  { subject: 'Booking' },
  {
    GetFlightDetails: read({ input: flightInput, output: flightAnswer, summary: flightSummary }),
  },
);
