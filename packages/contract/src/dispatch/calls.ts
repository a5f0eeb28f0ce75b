import { area, list, mutation, read } from '../define';
import { noInput } from '../fields';
import {
  allocateInput,
  allocateSubcontractorInput,
  availabilitySums,
  bookingActionInput,
  dispatchBoard,
  dispatchBoardInput,
  dispatchBookingRow,
  dispatchListInput,
  documentExpiryListInput,
  documentExpiryRow,
  driverAllocationDecisionInput,
  driverAllocationListInput,
  driverAllocationRow,
  driverChoices,
  driverChoicesInput,
  driverDispatchDetail,
  driverShiftInput,
  driverShiftRow,
  driverStatusInput,
  driverStatusRow,
  findDriverInput,
  journeyMarks,
  journeyMarksInput,
  offerInput,
  subcontractorDriverListInput,
  subcontractorDriverRow,
  suggestions,
  suggestionsInput,
} from './schemas';

const held =
  'A booking a driver already holds answers 409 naming the holder unless reallocate is true with the current version.';

export const bookingDispatch = area(
  'Booking',
  { subject: 'Dispatch' },
  {
    GetBookingDispatch: read({
      input: dispatchBoardInput,
      output: dispatchBoard,
      summary:
        "The dispatch board of one day (company time zone): every tab with its count and page count, the rows of the picked tab's page (or the first page of every tab) and the day's totals; filters vehicleTypeId, driverId, clientId, q.",
    }),
    GetTableSummaryDispatchBookingsTest: list({
      input: dispatchListInput,
      row: dispatchBookingRow,
      summary: 'One tab of the dispatch board of a day as a server-paged list (default tab: unallocated).',
    }),
    UpdateDataofResetBooking: mutation({
      verb: 'update',
      input: bookingActionInput,
      output: dispatchBookingRow,
      summary: 'Resets a booking to the start of dispatch: no driver, no vehicle, no journey steps (reset move).',
    }),
    UpdateBookingDriverAndVehicle: mutation({
      verb: 'update',
      input: offerInput,
      output: dispatchBookingRow,
      summary:
        'Soft allocation: offers the booking to a driver until OFFER_TIMEOUT_SECONDS pass (then it goes back to dispatch).',
    }),
    UpdateBookingDriverAndVehicleHard: mutation({
      verb: 'update',
      input: allocateInput,
      output: dispatchBookingRow,
      summary: `Hard allocation to a driver and vehicle of the company; an expired mandatory document refuses it (422). ${held}`,
    }),
    UpdateBookingDriverAndVehicleHardSubContractor: mutation({
      verb: 'update',
      input: allocateSubcontractorInput,
      output: dispatchBookingRow,
      summary: `Hard allocation to a subcontractor (vendorId) or one of its drivers; a driver of no subcontractor answers 400. ${held}`,
    }),
    ApproveDriverAllcation: mutation({
      verb: 'update',
      input: driverAllocationDecisionInput,
      output: dispatchBookingRow,
      summary: "Approves the named driver's take of an offered or allocated booking (accept move).",
    }),
    RejectDriverAllcation: mutation({
      verb: 'update',
      input: driverAllocationDecisionInput,
      output: dispatchBookingRow,
      summary: "Rejects the named driver's take of the booking: it goes back to dispatch (decline move).",
    }),
    GetTableSummaryDriverListDocumentExpiry: list({
      input: documentExpiryListInput,
      row: documentExpiryRow,
      summary:
        'Expired and expiring (within 30 days) documents of active drivers and of the vehicles they own, soonest first.',
    }),
    GetTableSummaryDriverSubContractor: list({
      input: subcontractorDriverListInput,
      row: subcontractorDriverRow,
      summary: "Active subcontractors' active drivers, for allocation to a subcontractor.",
    }),
    ConfirmDriverAllocationDispatch: mutation({
      verb: 'update',
      input: bookingActionInput,
      output: dispatchBookingRow,
      summary: "The office confirms an offered or allocated booking on the driver's behalf (accept move).",
    }),
    UnallocateBookingDriverAndVehicle: mutation({
      verb: 'update',
      input: bookingActionInput,
      output: dispatchBookingRow,
      summary: 'Takes the booking away from its driver or subcontractor; it goes back to dispatch.',
    }),
    GetSuggestedDrivers: read({
      input: suggestionsInput,
      output: suggestions,
      addedBecause:
        'the issue asks for suggested drivers, ranked and explained (distance, ETA, shift, vehicle type, documents); the spec names no call',
      summary:
        'Available drivers on shift with a known position, ranked by straight-line ETA to the pick-up with vehicle-type and document penalties, each explained.',
    }),
    GetBookingJourneyMarks: read({
      subject: 'Booking',
      input: journeyMarksInput,
      output: journeyMarks,
      addedBecause:
        'the issue asks for implausible journey steps (arrived far or early, completed at once) to be marked on the booking for the office; the spec names no call',
      summary:
        "The booking's journey steps that looked wrong (arrived far from the pick-up or over an hour early, completed within a minute of boarding), with distance and times.",
    }),
    GetDriverChoices: read({
      input: driverChoicesInput,
      output: driverChoices,
      addedBecause:
        "the issue asks for the manual driver list to show each driver's state, distance, vehicle type and documents, and why the booking's rules refuse a driver before anyone clicks; the spec names no call",
      summary:
        "Every active driver for a booking: state (available, busy, on break, offline, blocked), distance to the pick-up, vehicle type, documents, and the allocation's refusals and warnings in words.",
    }),
  },
);

export const driverDispatch = area(
  'Driver',
  { subject: 'Dispatch' },
  {
    GetTableSummaryDriverAllocation: list({
      input: driverAllocationListInput,
      row: driverAllocationRow,
      summary:
        "The board's sidebar: active drivers with availability, open shift and vehicle, current job and last position.",
    }),
    UpdateDriverStatus: mutation({
      verb: 'update',
      alsoFor: 'DriverApp',
      input: driverStatusInput,
      output: driverStatusRow,
      summary: "Sets a driver's availability (1 available, 2 busy, 3 offline, 4 on break); announced live.",
    }),
    AddDriverShift: mutation({
      verb: 'create',
      alsoFor: 'DriverApp',
      input: driverShiftInput,
      output: driverShiftRow,
      summary:
        'Starts a shift with the vehicle driven (the driver becomes available) or ends the open one (the driver goes offline).',
    }),
    GetDispatchDriverDetailsSumAvailability: read({
      input: noInput(),
      output: availabilitySums,
      summary: 'Active drivers counted by availability, and how many are on shift.',
    }),
    GetFindDriverDetail: read({
      input: findDriverInput,
      output: driverDispatchDetail,
      summary: "One driver's dispatch details by id or callsign: shift, position, current and upcoming jobs.",
    }),
  },
);
