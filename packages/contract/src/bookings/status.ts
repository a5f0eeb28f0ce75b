/**
 * The booking life cycle: one list of statuses and the moves between them. The server's booking
 * state machine (dispatch, driver app) moves bookings only along these edges.
 */
export const bookingStatuses = [
  'quote',
  'pending',
  'confirmed',
  'offered',
  'allocated',
  'accepted',
  'on_route',
  'arrived',
  'on_board',
  'completed',
  'no_show',
  'cancelled',
  'rejected',
] as const;

export type BookingStatus = (typeof bookingStatuses)[number];

export const bookingStatusLabels: Record<BookingStatus, string> = {
  quote: 'Quote',
  pending: 'Pending',
  confirmed: 'Confirmed',
  offered: 'Offered to driver',
  allocated: 'Allocated',
  accepted: 'Accepted by driver',
  on_route: 'On route',
  arrived: 'Arrived',
  on_board: 'Passenger on board',
  completed: 'Completed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/** Statuses a booking never leaves. */
export const finalStatuses: readonly BookingStatus[] = ['completed', 'no_show', 'cancelled', 'rejected'];

/** Statuses that count as a job done for statistics (a no-show is paid as a job). */
export const doneStatuses: readonly BookingStatus[] = ['completed', 'no_show'];

/**
 * Where a booking's money stands (docs/payments.md): a card authorised at confirmation is `authorised`,
 * captured or paid otherwise is `paid`; refunds make it `partlyRefunded` or `refunded`.
 */
export const paymentStatuses = ['unpaid', 'authorised', 'paid', 'partlyRefunded', 'refunded', 'invoiced'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Where a booking came from (the dashboard's sources panel). */
export const bookingSources = ['office', 'phone', 'web', 'passenger_app', 'client_portal', 'api'] as const;
export type BookingSource = (typeof bookingSources)[number];

export const bookingSourceLabels: Record<BookingSource, string> = {
  office: 'Office',
  phone: 'Phone',
  web: 'Web booker',
  passenger_app: 'Passenger app',
  client_portal: 'Client portal',
  api: 'API',
};
