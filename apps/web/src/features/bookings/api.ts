import type { CallInput, CallOutput, schemas } from '@cabdesk/contract';
import type { z } from 'zod';

export type BookingRow = CallOutput<'Booking/GetTableSummary'>;
export type BookingDetails = CallOutput<'Booking/GetBookingDetails'>;
/** What the form sends to Create (before the server's defaults). */
export type BookingInput = z.input<typeof schemas.bookingFields>;
export type BookingUpdate = CallInput<'Booking/Update'>;
export type BookingListInput = CallInput<'Booking/GetTableSummary'>;
export type HistoryChange = CallOutput<'Booking/GetBookingHistoryLog'>['changes'][number];
export type Quote = CallOutput<'Booking/GetBookingQuote'>;
export type CodeCheck = CallOutput<'Booking/GetCodeValidation'>;
export type FlightInfo = CallOutput<'FlightDetails/GetFlightDetails'>;

/** The list filters the booking list sends beside paging, sorting and q. */
export type BookingListFilters = Pick<
  BookingListInput,
  'fromDate' | 'toDate' | 'status' | 'clientId' | 'driverId' | 'vehicleId'
>;
