import { bookingMoves, canMove, schemas, type BookingStatus } from '@cabdesk/contract';

export type JourneyStep = keyof typeof schemas.journeyStepMoves;

/**
 * The one big button of each status, and the smaller second choice: what a driver does next, in the
 * order of a job. Statuses without a step (completed, cancelled…) show no button.
 */
const stepsByStatus: Partial<Record<BookingStatus, { primary: JourneyStep; secondary?: JourneyStep }>> = {
  offered: { primary: 'confirm', secondary: 'reject' },
  allocated: { primary: 'confirm', secondary: 'reject' },
  accepted: { primary: 'start' },
  on_route: { primary: 'arrive' },
  arrived: { primary: 'board', secondary: 'noShow' },
  on_board: { primary: 'complete' },
};

export function stepsFor(status: BookingStatus): { primary: JourneyStep; secondary?: JourneyStep } | null {
  return stepsByStatus[status] ?? null;
}

/** The status a step leads to, or null when the state machine does not allow it from this status. */
export function statusAfter(status: BookingStatus, step: JourneyStep): BookingStatus | null {
  const move = schemas.journeyStepMoves[step];
  return canMove(status, move) ? bookingMoves[move].to : null;
}

/**
 * What the driver sees while steps wait on the device: the server's status carried forward by each
 * queued step of this job, in order. A step the machine would not take leaves the status as it was
 * (the server will refuse it and the driver is told).
 */
export function effectiveStatus(
  serverStatus: BookingStatus,
  queued: readonly { bookingId: number; step: string }[],
  bookingId: number,
): BookingStatus {
  let status = serverStatus;
  for (const item of queued) {
    if (item.bookingId !== bookingId) continue;
    status = statusAfter(status, item.step as JourneyStep) ?? status;
  }
  return status;
}

/** Statuses in which the driver is on the road for this job: positions are sent often. */
export const onTheRoad: readonly BookingStatus[] = ['on_route', 'arrived', 'on_board'];
