import type { BookingStatus } from './status';

/**
 * Every move a booking can make, by name. Dispatch, the booking form and the driver app all move
 * bookings through this one table; a move from a status not listed is refused with the current status.
 */
export const bookingMoves = {
  /** The office accepts a quote or a request. */
  confirm: { from: ['quote', 'pending'], to: 'confirmed' },
  /** Soft allocation: the job is offered to a driver, who may accept or decline. */
  offer: { from: ['pending', 'confirmed', 'offered'], to: 'offered' },
  /** Hard allocation: the job is given to a driver (or a subcontractor). */
  allocate: { from: ['pending', 'confirmed', 'offered', 'allocated', 'accepted'], to: 'allocated' },
  /** The driver (or dispatch on the driver's behalf) takes the job. */
  accept: { from: ['offered', 'allocated'], to: 'accepted' },
  /** The driver says no to an offer or an allocation; the job goes back to dispatch. */
  decline: { from: ['offered', 'allocated'], to: 'confirmed' },
  /** Dispatch takes the job away from its driver. */
  unallocate: { from: ['offered', 'allocated', 'accepted', 'on_route'], to: 'confirmed' },
  /** The driver sets off to the pick-up. */
  start: { from: ['allocated', 'accepted'], to: 'on_route' },
  arrive: { from: ['on_route'], to: 'arrived' },
  /** Passenger on board. */
  board: { from: ['arrived'], to: 'on_board' },
  complete: { from: ['on_board'], to: 'completed' },
  noShow: { from: ['arrived'], to: 'no_show' },
  cancel: {
    from: ['quote', 'pending', 'confirmed', 'offered', 'allocated', 'accepted', 'on_route', 'arrived'],
    to: 'cancelled',
  },
  /** The office turns a request down. */
  reject: { from: ['quote', 'pending'], to: 'rejected' },
  /** Back to the start of dispatch: no driver, no journey steps. */
  reset: { from: ['offered', 'allocated', 'accepted', 'on_route', 'arrived'], to: 'confirmed' },
} as const satisfies Record<string, { from: readonly BookingStatus[]; to: BookingStatus }>;

export type BookingMove = keyof typeof bookingMoves;
export const bookingMoveNames = Object.keys(bookingMoves) as BookingMove[];

export function canMove(status: BookingStatus, move: BookingMove): boolean {
  return (bookingMoves[move].from as readonly BookingStatus[]).includes(status);
}

/** The moves a booking in this status can make (for buttons and the driver's next step). */
export function movesFrom(status: BookingStatus): BookingMove[] {
  return bookingMoveNames.filter((m) => canMove(status, m));
}

/** Statuses where a driver holds the job. */
export const driverHoldsStatuses: readonly BookingStatus[] = [
  'offered',
  'allocated',
  'accepted',
  'on_route',
  'arrived',
  'on_board',
];

/** Dispatch statuses: how the board groups bookings into tabs. */
export const dispatchTabs = {
  unallocated: ['pending', 'confirmed'],
  offered: ['offered'],
  allocated: ['allocated', 'accepted'],
  active: ['on_route', 'arrived', 'on_board'],
  done: ['completed', 'no_show'],
  cancelled: ['cancelled', 'rejected'],
} as const satisfies Record<string, readonly BookingStatus[]>;

export type DispatchTab = keyof typeof dispatchTabs;
export const dispatchTabNames = Object.keys(dispatchTabs) as DispatchTab[];
