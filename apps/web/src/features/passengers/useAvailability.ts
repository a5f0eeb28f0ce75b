import { useDebouncedValue } from '@mantine/hooks';
import { schemas } from '@cabdesk/contract';
import { useCall } from '../../api/hooks';

type Field = 'email' | 'phone' | 'mobile';
export type Clash = { passengerID: number; name: string };
export type Clashes = Partial<Record<Field, Clash>>;

const worthAsking = (c: { email: string; phone: string; mobile: string }) =>
  /\S+@\S+\.\S+/.test(c.email) ||
  schemas.passengerPhoneDigits(c.phone).length >= schemas.PASSENGER_MIN_PHONE_DIGITS ||
  schemas.passengerPhoneDigits(c.mobile).length >= schemas.PASSENGER_MIN_PHONE_DIGITS;

/**
 * Asks the server, a moment after typing stops, whether the e-mail and numbers are free
 * (GetValidNewPassenger, or the Edit variant that ignores the passenger being edited).
 */
export function useAvailability(values: { email: string; phone: string; mobile: string }, exceptId: number | null) {
  // Debounced as text: a fresh object every render would restart the timer for ever.
  const [key] = useDebouncedValue(
    JSON.stringify({ email: values.email.trim(), phone: values.phone.trim(), mobile: values.mobile.trim() }),
    400,
  );
  const contacts = JSON.parse(key) as { email: string; phone: string; mobile: string };
  const enabled = worthAsking(contacts);
  const fresh = useCall('Passenger/GetValidNewPassenger', contacts, { enabled: enabled && exceptId === null });
  const edit = useCall(
    'Passenger/GetValidNewPassengerEdit',
    { ...contacts, id: exceptId ?? 1 },
    { enabled: enabled && exceptId !== null },
  );
  const answer = exceptId === null ? fresh : edit;
  const clashes: Clashes = {};
  if (enabled) {
    for (const c of answer.data?.data.conflicts ?? []) {
      clashes[c.field] ??= { passengerID: c.passengerID, name: c.name };
    }
  }
  return { clashes, checking: enabled && answer.isFetching };
}
