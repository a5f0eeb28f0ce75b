import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';

type StopInput = z.output<typeof schemas.stopInput>;

/** Text a person left blank is stored as no value. */
export const blankToNull = (v: string | undefined | null) =>
  v === undefined || v === null || v.trim() === '' ? null : v;

/** The stop rows of a booking: the first is the pick-up, the last the drop-off, the rest vias. */
export function stopRows(companyId: number, bookingId: number, stops: StopInput[]) {
  return stops.map((s, i) => ({
    companyId,
    bookingId,
    seq: i + 1,
    kind: i === 0 ? ('pickup' as const) : i === stops.length - 1 ? ('dropoff' as const) : ('via' as const),
    address: s.address,
    postcode: blankToNull(s.postcode),
    lat: s.lat === undefined ? null : String(s.lat),
    lng: s.lng === undefined ? null : String(s.lng),
    knownLocationId: s.knownLocationId,
  }));
}
