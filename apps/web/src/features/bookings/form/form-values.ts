import type { FieldError } from '@cabdesk/contract';
import { isoToWall, splitWall, wallToIso } from '../../../ui/date-entry';
import { fromMinor, toMinor } from '../../../ui/format';
import type { BookingDetails, BookingInput, BookingUpdate } from '../api';

export interface StopValue {
  /** Stable key for React while stops are added, removed and moved. */
  key: string;
  address: string;
  postcode: string;
  lat: number | '';
  lng: number | '';
  knownLocationId: number | null;
  /** How the address search placed the stop, in words (null: typed, picked or not searched). */
  placedBy: string | null;
  /** The address search found nothing: the person drops a pin or confirms saving it unplaced. */
  notFound: boolean;
}

export interface BookingFormValues {
  /** First is the pick-up, last the drop-off, any between are via stops. */
  stops: StopValue[];
  /**
   * The pick-up on the company's clock, "YYYY-MM-DD HH:mm" (ui/DateTimeField); "YYYY-MM-DD" or
   * "HH:mm" while only the day or only the time is chosen, which the form refuses to send.
   */
  pickupAt: string | null;
  isAsap: boolean;
  isBackEntry: boolean;
  hireMinutes: number | '';
  passengerMode: 'existing' | 'new';
  passengerId: number | null;
  newPassenger: { firstName: string; surname: string; email: string; phone: string };
  clientId: number | null;
  /** Client reference values by reference id. */
  clientReferences: Record<string, string>;
  bookerId: number | null;
  vehicleTypeId: number | null;
  passengerCount: number | '';
  luggageCount: number | '';
  flightNumber: string;
  notesForDriver: string;
  notesForOffice: string;
  paymentMethod: string;
  /** Whole units as typed ("42.50"); empty lets the server quote. */
  price: string;
  /** The price came from "Get quote" and has not been changed by hand. */
  priceIsEstimate: boolean;
  discountCode: string;
  repeatOn: boolean;
  repeat: { weekDays: string[]; endDate: string | null; everyWeeks: number | '' };
  /** The person confirmed saving stops nobody could place ("Not placed, not priced"). */
  allowUnplaced: boolean;
}

let keySeq = 0;
export const newStop = (patch: Partial<StopValue> = {}): StopValue => ({
  key: `stop-${++keySeq}`,
  address: '',
  postcode: '',
  lat: '',
  lng: '',
  knownLocationId: null,
  placedBy: null,
  notFound: false,
  ...patch,
});

export function emptyValues(): BookingFormValues {
  return {
    stops: [newStop(), newStop()],
    pickupAt: null,
    isAsap: false,
    isBackEntry: false,
    hireMinutes: '',
    passengerMode: 'existing',
    passengerId: null,
    newPassenger: { firstName: '', surname: '', email: '', phone: '' },
    clientId: null,
    clientReferences: {},
    bookerId: null,
    vehicleTypeId: null,
    passengerCount: 1,
    luggageCount: 0,
    flightNumber: '',
    notesForDriver: '',
    notesForOffice: '',
    paymentMethod: 'cash',
    price: '',
    priceIsEstimate: false,
    discountCode: '',
    repeatOn: false,
    repeat: { weekDays: [], endDate: null, everyWeeks: 1 },
    allowUnplaced: false,
  };
}

/** The form filled from a booking being edited. */
export function valuesFromBooking(b: BookingDetails): BookingFormValues {
  const stops = [...b.stops]
    .sort((x, y) => x.seq - y.seq)
    .map((s) =>
      newStop({
        address: s.address,
        postcode: s.postcode ?? '',
        lat: s.lat ?? '',
        lng: s.lng ?? '',
        knownLocationId: s.knownLocationId,
      }),
    );
  return {
    ...emptyValues(),
    stops,
    pickupAt: b.isAsap ? null : isoToWall(b.pickupAt),
    isAsap: b.isAsap,
    hireMinutes: b.hireMinutes ?? '',
    passengerId: b.passengerId,
    clientId: b.clientId,
    clientReferences: Object.fromEntries(b.clientReferences.map((r) => [String(r.referenceId), r.value])),
    bookerId: b.bookerId,
    vehicleTypeId: b.vehicleTypeId,
    passengerCount: b.passengerCount,
    luggageCount: b.luggageCount,
    flightNumber: b.flightNumber ?? '',
    notesForDriver: b.notesForDriver ?? '',
    notesForOffice: b.notesForOffice ?? '',
    paymentMethod: b.paymentMethod ?? 'cash',
    price: fromMinor(b.priceMinor),
  };
}

/** A day and a time are both chosen. */
const isWhole = (wall: string | null): wall is string => {
  const { day, time } = splitWall(wall);
  return !!day && !!time;
};

const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());
const numberOr = (v: number | '') => (v === '' ? undefined : v);

/** What the form sends; fields left empty are left out so the server's defaults apply. */
export function toInput(v: BookingFormValues, opts: { isNew: boolean }): BookingInput {
  const stops = v.stops.map((s) => ({
    address: s.address.trim(),
    ...(s.postcode.trim() ? { postcode: s.postcode.trim() } : {}),
    ...(s.lat !== '' && s.lng !== '' ? { lat: s.lat, lng: s.lng } : {}),
    ...(s.knownLocationId ? { knownLocationId: s.knownLocationId } : {}),
  }));
  const references = Object.entries(v.clientReferences)
    .filter(([, value]) => value.trim() !== '')
    .map(([referenceId, value]) => ({ referenceId: Number(referenceId), value: value.trim() }));
  const input: BookingInput = {
    stops,
    isAsap: v.isAsap,
    ...(v.isBackEntry ? { isBackEntry: true } : {}),
    ...(!v.isAsap && isWhole(v.pickupAt) ? { pickupAt: wallToIso(v.pickupAt) } : {}),
    ...(isHourlyHire(v) && v.hireMinutes !== '' ? { hireMinutes: v.hireMinutes } : {}),
    ...(v.passengerMode === 'existing' && v.passengerId ? { passengerId: v.passengerId } : {}),
    ...(v.passengerMode === 'new'
      ? {
          newPassenger: {
            firstName: v.newPassenger.firstName.trim(),
            surname: v.newPassenger.surname.trim(),
            ...(blankToUndefined(v.newPassenger.email) ? { email: v.newPassenger.email.trim() } : {}),
            ...(blankToUndefined(v.newPassenger.phone) ? { phone: v.newPassenger.phone.trim() } : {}),
          },
        }
      : {}),
    ...(v.clientId ? { clientId: v.clientId, clientReferences: references } : {}),
    ...(v.bookerId ? { bookerId: v.bookerId } : {}),
    vehicleTypeId: (v.vehicleTypeId ?? undefined) as number,
    passengerCount: numberOr(v.passengerCount),
    luggageCount: numberOr(v.luggageCount),
    ...(blankToUndefined(v.flightNumber) ? { flightNumber: v.flightNumber.trim() } : {}),
    ...(blankToUndefined(v.notesForDriver) ? { notesForDriver: v.notesForDriver.trim() } : {}),
    ...(blankToUndefined(v.notesForOffice) ? { notesForOffice: v.notesForOffice.trim() } : {}),
    paymentMethod: v.paymentMethod as BookingInput['paymentMethod'],
    ...(v.price.trim() !== '' ? { priceMinor: priceToMinor(v.price) } : {}),
    ...(blankToUndefined(v.discountCode) ? { discountCode: v.discountCode.trim() } : {}),
    ...(v.allowUnplaced && hasUnplaced(v) ? { allowUnplaced: true } : {}),
  };
  if (opts.isNew && v.repeatOn) {
    input.repeat = {
      weekDays: v.repeat.weekDays.map(Number),
      endDate: v.repeat.endDate ?? '',
      ...(v.repeat.everyWeeks !== '' ? { everyWeeks: v.repeat.everyWeeks } : {}),
    };
  }
  return input;
}

/**
 * What an edit sends: the same fields, and what was emptied is sent as cleared (null or empty
 * text), because Update keeps every field it is not sent.
 */
export function toUpdateInput(v: BookingFormValues, booking: Pick<BookingDetails, 'id' | 'version'>): BookingUpdate {
  const { repeat: _repeat, isBackEntry: _backEntry, ...input } = toInput(v, { isNew: false });
  return {
    ...input,
    id: booking.id,
    version: booking.version,
    ...(v.passengerMode === 'existing' ? { passengerId: v.passengerId ?? null } : {}),
    clientId: v.clientId ?? null,
    clientReferences: input.clientReferences ?? [],
    bookerId: v.bookerId ?? null,
    hireMinutes: isHourlyHire(v) && v.hireMinutes !== '' ? v.hireMinutes : null,
    flightNumber: v.flightNumber.trim(),
    notesForDriver: v.notesForDriver.trim(),
    notesForOffice: v.notesForOffice.trim(),
    priceMinor: input.priceMinor ?? null,
  };
}

/** A typed price to minor units; something that is not a price stays as text so the rule names it. */
function priceToMinor(text: string): number {
  return /^-?\d+([.,]\d{0,2})?$/.test(text.trim()) ? toMinor(text) : Number.NaN;
}

/**
 * Where a field error of the sent booking belongs on the form: the input's paths mostly match the
 * form's, but the price is typed in whole units and client references are keyed by reference id.
 */
export function formPathOf(field: string, sent?: BookingInput): string {
  if (field === 'priceMinor') return 'price';
  const ref = /^clientReferences\.(\d+)/.exec(field);
  if (ref) {
    const id = sent?.clientReferences?.[Number(ref[1])]?.referenceId;
    return id ? `clientReferences.${id}` : 'clientId';
  }
  if (field === 'stops') return 'stops.0.address';
  if (/^stops\.\d+$/.test(field)) return `${field}.address`;
  if (field.startsWith('repeat.weekDays')) return 'repeat.weekDays';
  return field;
}

export function errorsToForm(errors: FieldError[] | Record<string, string>, sent?: BookingInput) {
  const entries = Array.isArray(errors) ? errors.map((e) => [e.field, e.message] as const) : Object.entries(errors);
  const out: Record<string, string> = {};
  for (const [field, message] of entries) {
    const path = formPathOf(field, sent);
    out[path] ??= message;
  }
  return out;
}

const sameAddress = (a = '', b = '') =>
  a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Hired by the hour: only a pick-up, or a drop-off back where it started (a round trip or a wait
 * and return). Either needs a hire duration.
 */
export function isHourlyHire(v: Pick<BookingFormValues, 'stops'>): boolean {
  const first = v.stops[0];
  const last = v.stops[v.stops.length - 1];
  return v.stops.length === 1 || (!!first?.address.trim() && sameAddress(first.address, last?.address));
}

/** A stop with an address and no coordinates: the server places it or it stays unplaced. */
export const isUnplacedStop = (s: StopValue) => s.address.trim() !== '' && (s.lat === '' || s.lng === '');
export const hasUnplaced = (v: Pick<BookingFormValues, 'stops'>) => v.stops.some(isUnplacedStop);

/** Rules the contract's shape cannot state alone (the server checks them too). */
export function extraErrors(v: BookingFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.isAsap) {
    // Never midnight by accident: a day without a time is refused, not booked at 00:00.
    const { day, time } = splitWall(v.pickupAt);
    if (!day && !time) errors.pickupAt = 'Choose the pick-up day and time (or As soon as possible)';
    else if (!time) errors.pickupAt = 'Choose the pick-up time';
    else if (!day) errors.pickupAt = 'Choose the pick-up day';
  }
  if (isHourlyHire(v) && v.hireMinutes === '')
    errors.hireMinutes = 'is required when there is no drop-off or it is the pick-up';
  if (v.repeatOn && !v.repeat.endDate) errors['repeat.endDate'] = 'is required';
  return errors;
}
