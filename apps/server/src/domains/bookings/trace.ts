import type { BookingDetails } from './details';

/** A booking as its history shows it: names instead of ids, stops as one line. */
export function traced(d: BookingDetails): Record<string, unknown> {
  return {
    pickupAt: d.pickupAt,
    isAsap: d.isAsap,
    stops: d.stops.map((s) => s.address).join(' → '),
    hireMinutes: d.hireMinutes,
    passenger: d.passengerName,
    client: d.clientName,
    booker: d.bookerName,
    vehicleType: d.vehicleTypeName,
    passengerCount: d.passengerCount,
    luggageCount: d.luggageCount,
    flightNumber: d.flightNumber,
    notesForDriver: d.notesForDriver,
    notesForOffice: d.notesForOffice,
    paymentMethod: d.paymentMethod,
    priceMinor: d.priceMinor,
    discountMinor: d.discountMinor,
    clientReferences: d.clientReferences.map((r) => `${r.label}: ${r.value}`).join('; ') || null,
  };
}

/** The fields of a new booking that have a value. */
export function createdTrace(d: BookingDetails) {
  const changes: Record<string, { before: unknown; after: unknown }> = { status: { before: null, after: d.status } };
  for (const [field, value] of Object.entries(traced(d))) {
    if (value !== null && value !== '' && value !== false) changes[field] = { before: null, after: value };
  }
  return changes;
}

/** Field names as people read them in the history panel. */
export const fieldLabels: Record<string, string> = {
  status: 'Status',
  paymentStatus: 'Payment status',
  pickupAt: 'Pick-up time',
  isAsap: 'As soon as possible',
  stops: 'Route',
  hireMinutes: 'Hire minutes',
  passenger: 'Passenger',
  client: 'Client',
  booker: 'Booker',
  vehicleType: 'Vehicle type',
  passengerCount: 'Passengers',
  luggageCount: 'Luggage',
  flightNumber: 'Flight',
  notesForDriver: 'Notes for the driver',
  notesForOffice: 'Notes for the office',
  paymentMethod: 'Payment method',
  priceMinor: 'Price',
  discountMinor: 'Discount',
  clientReferences: 'Client references',
  driverId: 'Driver',
  vehicleId: 'Vehicle',
  vendorId: 'Subcontractor',
  note: 'Note',
  journey_mark: 'Marked for the office',
  repeatCount: 'Repeat bookings',
  remoteChangeId: 'Remote change',
};

export const actionLabels: Record<string, string> = {
  created: 'Booked',
  updated: 'Changed',
  note: 'Note',
  payment_status: 'Payment status changed',
  remote_change_requested: 'Change asked for from outside the office',
  remote_approved: 'Remote change approved',
  remote_rejected: 'Remote change rejected',
  repeat_created: 'Repeat series made',
  confirm: 'Confirmed',
  offer: 'Offered to a driver',
  allocate: 'Allocated',
  accept: 'Accepted by the driver',
  decline: 'Declined by the driver',
  unallocate: 'Unallocated',
  start: 'Driver on route',
  arrive: 'Driver arrived',
  board: 'Passenger on board',
  complete: 'Completed',
  noShow: 'No-show',
  cancel: 'Cancelled',
  reject: 'Rejected',
  reset: 'Reset',
};
