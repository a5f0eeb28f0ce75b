import { type BookingMove, canMove } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { notifySuccess } from '../../../ui/notify';
import { messageOfAnswer, useDispatchMutation } from '../api';
import type { BookingRow, Suggestion } from '../model';

/** Who an offer or allocation goes to: a suggestion, or a driver the dispatcher picked by name. */
export type DriverChoice = Pick<Suggestion, 'driverId' | 'vehicleId'>;

/**
 * `reallocate` takes a booking another driver holds (with its version); `allowOverlap` confirms a
 * clash with a job the driver already holds.
 */
export interface AllocateOptions {
  reallocate?: boolean;
  allowOverlap?: boolean;
}

/** The jobs a 409 says the driver already holds at that time, or none for another failure. */
export function clashesOf(error: unknown): { bookingId: number; pickupAt: string; endsAt: string }[] {
  const body = error instanceof ApiError ? error.body : undefined;
  if (!body || typeof body !== 'object' || !('clashes' in body) || !Array.isArray(body.clashes)) return [];
  return body.clashes as { bookingId: number; pickupAt: string; endsAt: string }[];
}

/** What dispatch does to a booking: the moves of the state machine plus the allocation variants. */
export type ActionName = BookingMove | 'subcontract' | 'confirmForDriver' | 'approve';

export interface ActionFailure {
  action: ActionName;
  bookingId: number;
  error: unknown;
}

/** Moves the detail pane shows as buttons of their own; the rest are in its status menu. */
export const movesWithButtons: readonly BookingMove[] = ['offer', 'allocate', 'unallocate', 'accept', 'reset'];

/**
 * Everything dispatch can do to one booking. The last failure is kept (not only notified) so the
 * detail pane can show it in words beside the buttons: a 409 naming who holds the job, or the
 * compliance refusal naming the expired document.
 */
export function useBookingActions(booking: BookingRow | null) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [pending, setPending] = useState<ActionName | null>(null);
  const offer = useDispatchMutation('Booking/UpdateBookingDriverAndVehicle');
  const allocate = useDispatchMutation('Booking/UpdateBookingDriverAndVehicleHard');
  const subcontract = useDispatchMutation('Booking/UpdateBookingDriverAndVehicleHardSubContractor');
  const unallocate = useDispatchMutation('Booking/UnallocateBookingDriverAndVehicle');
  const confirmForDriver = useDispatchMutation('Booking/ConfirmDriverAllocationDispatch');
  const approve = useDispatchMutation('Booking/ApproveDriverAllcation');
  const reject = useDispatchMutation('Booking/RejectDriverAllcation');
  const reset = useDispatchMutation('Booking/UpdateDataofResetBooking');
  const status = useDispatchMutation('Booking/UpdateBookingStatus');

  async function run(action: ActionName, send: (b: BookingRow) => Promise<unknown>): Promise<boolean> {
    if (!booking) return false;
    setPending(action);
    setFailure(null);
    try {
      const answer = await send(booking);
      notifySuccess(
        t('dispatch.action.done', { id: booking.id, action: t(`dispatch.action.label.${action}`) }),
        messageOfAnswer(answer),
      );
      return true;
    } catch (error) {
      setFailure({ action, bookingId: booking.id, error });
      return false;
    } finally {
      setPending(null);
    }
  }

  const base = (b: BookingRow) => ({ bookingId: b.id, version: b.version });

  function toDriver(
    action: 'offer' | 'allocate',
    s: DriverChoice | null,
    { reallocate = false, allowOverlap = false }: AllocateOptions = {},
  ): Promise<boolean> {
    if (!booking) return Promise.resolve(false);
    if (!s) {
      setFailure({ action, bookingId: booking.id, error: new ApiError(400, t('dispatch.action.noSuggestion')) });
      return Promise.resolve(false);
    }
    const input = (b: BookingRow) => ({
      ...base(b),
      driverId: s.driverId,
      vehicleId: s.vehicleId ?? undefined,
      ...(allowOverlap ? { allowOverlap: true } : {}),
    });
    return action === 'offer'
      ? run(action, (b) => offer.mutateAsync(input(b)))
      : run(action, (b) => allocate.mutateAsync({ ...input(b), reallocate }));
  }

  /** A move of the status menu, through the call made for it when there is one. */
  function move(name: BookingMove): Promise<boolean> {
    switch (name) {
      case 'unallocate':
        return run(name, (b) => unallocate.mutateAsync(base(b)));
      case 'reset':
        return run(name, (b) => reset.mutateAsync(base(b)));
      case 'accept':
        return run('confirmForDriver', (b) => confirmForDriver.mutateAsync(base(b)));
      case 'decline':
        // The driver's take is rejected by naming the driver; a job held by a subcontractor alone is taken back.
        return run(name, (b) =>
          b.driverId ? reject.mutateAsync({ ...base(b), driverId: b.driverId }) : unallocate.mutateAsync(base(b)),
        );
      default:
        return run(name, (b) => status.mutateAsync({ id: b.id, move: name, version: b.version }));
    }
  }

  return {
    failure: failure && booking && failure.bookingId === booking.id ? failure : null,
    clearFailure: () => setFailure(null),
    pending,
    can: (name: BookingMove) => Boolean(booking && canMove(booking.status, name)),
    offer: (s: DriverChoice | null, options: AllocateOptions = {}) => toDriver('offer', s, options),
    allocate: (s: DriverChoice | null, options: AllocateOptions = {}) => toDriver('allocate', s, options),
    subcontract: (vendorId: number, driverId: number | null) =>
      run('subcontract', (b) => subcontract.mutateAsync({ ...base(b), vendorId, driverId: driverId ?? undefined })),
    approve: () =>
      run('approve', (b) =>
        b.driverId ? approve.mutateAsync({ ...base(b), driverId: b.driverId }) : confirmForDriver.mutateAsync(base(b)),
      ),
    move,
  };
}

export type BookingActions = ReturnType<typeof useBookingActions>;
