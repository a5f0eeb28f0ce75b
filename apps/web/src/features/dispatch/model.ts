import { type CallOutput, type DispatchTab, dispatchTabNames, type ResponseOf } from '@cabdesk/contract';

export type BookingRow = CallOutput<'Booking/GetTableSummaryDispatchBookingsTest'>;
type DriverRow = CallOutput<'Driver/GetTableSummaryDriverAllocation'>;
type Candidate = CallOutput<'Booking/GetSuggestedDrivers'>['candidates'][number];

/** 1 available, 2 busy, 3 offline (a new driver's state), 4 on break; in the order dispatch scans them. */
export const availabilities = [1, 2, 4, 3] as const;
export type Availability = (typeof availabilities)[number];

export interface Board {
  rows: BookingRow[];
  /** Bookings of the day in each tab, whatever tab is shown (the spec's "dispatch totals"). */
  totals: Record<DispatchTab, number>;
  /** Bookings in the shown tab, all pages. */
  count: number;
  /** Not finished, starting within the hour, and nobody holds it. */
  urgent: number;
  /** Jobs with no driver whose pick-up is near (the company's setting), soonest first. */
  near: NearPickup[];
}

export type NearPickup = CallOutput<'Booking/GetBookingDispatch'>['near'][number];

/** The shown rows with the near jobs first (they need a driver now), the rest in the board's order. */
export function nearFirst(rows: BookingRow[], near: readonly NearPickup[]): BookingRow[] {
  const ids = new Set(near.map((n) => n.bookingId));
  return [...rows.filter((r) => ids.has(r.id)), ...rows.filter((r) => !ids.has(r.id))];
}

export interface SidebarDriver {
  id: number;
  name: string;
  callsign: string | null;
  availability: Availability;
  onShift: boolean;
  vehicleId: number | null;
  vehicle: string | null;
  lastSeenAt: string | null;
  shiftStartedAt: string | null;
  currentBookingId: number | null;
  currentBookingStatus: DriverRow['currentBookingStatus'];
  /** "Driving licence expired": the driver cannot be given jobs until renewed. */
  blockedReason: string | null;
}

export type Suggestion = Candidate;

export interface Suggestions {
  candidates: Suggestion[];
  /** Why the list is empty or short, in the server's words. */
  note: string | null;
}

export type AvailabilityTotals = Record<Availability, number> & { onShift: number };

export function emptyTotals(): Record<DispatchTab, number> {
  return Object.fromEntries(dispatchTabNames.map((t) => [t, 0])) as Record<DispatchTab, number>;
}

export function readBoard(answer: ResponseOf<'Booking/GetBookingDispatch'>): Board {
  const board = answer.data;
  const totals = emptyTotals();
  for (const tab of dispatchTabNames) totals[tab] = board.totals[tab];
  const shown = board.tabs.find((t) => t.tab === board.tab) ?? board.tabs[0];
  return {
    rows: nearFirst(shown?.data ?? [], board.near),
    totals,
    count: shown?.count ?? 0,
    urgent: board.totals.urgent,
    near: board.near,
  };
}

export const availabilityOf = (n: number): Availability => (n === 1 || n === 2 || n === 4 ? n : 3);

export function readDrivers(answer: ResponseOf<'Driver/GetTableSummaryDriverAllocation'>): SidebarDriver[] {
  return answer.data.map((d) => ({
    id: d.id,
    name: d.fullName,
    callsign: d.callsign,
    availability: availabilityOf(d.availability),
    onShift: d.onShift,
    vehicleId: d.vehicleId,
    vehicle: d.vehicleRegistration,
    lastSeenAt: d.lastSeenAt,
    shiftStartedAt: d.shiftStartedAt,
    currentBookingId: d.currentBookingId,
    currentBookingStatus: d.currentBookingStatus,
    blockedReason: d.blockedReason,
  }));
}

export function readSuggestions(answer: ResponseOf<'Booking/GetSuggestedDrivers'>): Suggestions {
  return { candidates: answer.data.candidates, note: answer.data.note };
}

export function readAvailabilityTotals(
  answer: ResponseOf<'Driver/GetDispatchDriverDetailsSumAvailability'>,
): AvailabilityTotals {
  const s = answer.data;
  return { 1: s.available, 2: s.busy, 3: s.offline, 4: s.onBreak, onShift: s.onShift };
}

/** Groups drivers for the sidebar. */
export function groupDrivers(drivers: SidebarDriver[]): Record<Availability, SidebarDriver[]> {
  const groups: Record<Availability, SidebarDriver[]> = { 1: [], 2: [], 4: [], 3: [] };
  for (const d of drivers) groups[d.availability].push(d);
  return groups;
}
