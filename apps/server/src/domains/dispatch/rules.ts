/**
 * The dispatch rules in one place: whether a driver may take a booking, and the words that say why
 * not. The manual driver list (Booking/GetDriverChoices), the suggestions and the allocation calls
 * (their 4xx) all take their refusals and warnings from here, so a dispatcher reads the same reason
 * before clicking as after.
 *
 * Pure functions over facts already loaded (driver-facts.ts loads them).
 */

/** A job of the driver's that the booking would overlap. */
export interface Clash {
  bookingId: number;
  pickupAt: Date;
  /** The pick-up plus the journey's expected duration. */
  endsAt: Date;
}

export interface ExpiredPaper {
  ownerType: 'driver' | 'vehicle';
  documentTypeName: string;
  /** YYYY-MM-DD */
  expiryDate: string;
}

export interface RuleVehicle {
  id: number;
  registration: string;
  vehicleTypeId: number;
  vehicleTypeName: string;
  /** The dispatcher named it (else it is the vehicle of the driver's open shift). */
  chosen: boolean;
}

export interface DriverRuleFacts {
  firstName: string;
  lastName: string;
  isActive: boolean;
  vehicle: RuleVehicle | null;
  expired: ExpiredPaper[];
  clashes: Clash[];
}

export interface BookingRuleFacts {
  id: number;
  vehicleTypeId: number | null;
  vehicleTypeName: string | null;
  pickupAt: Date;
  /** Pick-up plus expected duration. */
  endsAt: Date;
}

export type RuleName = 'switchedOff' | 'vehicleType' | 'expiredDocuments';

/** A reason the booking cannot be given to the driver: the allocation answers it as its 4xx. */
export interface Refusal {
  rule: RuleName;
  status: 400 | 422;
  field: 'driverId' | 'vehicleId';
  message: string;
}

/**
 * A job needs its expected duration plus this buffer free before the next one starts (getting from
 * one drop-off to the next pick-up, a late passenger).
 */
export const OVERLAP_BUFFER_MINUTES = 15;

/** A booking without a known duration (no route, not hourly) counts as this long. */
export const DEFAULT_JOB_MINUTES = 60;

/** "an Estate", "a Saloon", "an MPV" (a letter said with a vowel sound starts an abbreviation). */
const article = (word: string) =>
  (/^[A-Z0-9]{2,}\b/.test(word) ? /^[AEFHILMNORSX8]/.test(word) : /^[aeiou]/i.test(word)) ? 'an' : 'a';
const dmy = (isoDate: string) => isoDate.split('-').reverse().join('-');

/** When a booking is expected to end: its route's duration, else its hours of hire, else an hour. */
export function expectedEnd(pickupAt: Date, durationSeconds: number | null, hireMinutes: number | null): Date {
  const seconds = durationSeconds ?? (hireMinutes !== null ? hireMinutes * 60 : DEFAULT_JOB_MINUTES * 60);
  return new Date(pickupAt.getTime() + seconds * 1000);
}

/** Two jobs overlap when one starts before the other ends plus the buffer. */
export function overlaps(a: { pickupAt: Date; endsAt: Date }, b: { pickupAt: Date; endsAt: Date }): boolean {
  const buffer = OVERLAP_BUFFER_MINUTES * 60_000;
  return a.pickupAt.getTime() < b.endsAt.getTime() + buffer && b.pickupAt.getTime() < a.endsAt.getTime() + buffer;
}

/** Hours and minutes on the company's clock, 24-hour. */
export function clockTime(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: timezone })
    .format(at)
    .replace(/\u202f/g, ' ');
}

/** "Has job #123 14:00–15:10": the clash, as a suggestion's reason and the list's warning. */
export function clashWords(clash: Clash, timezone: string): string {
  return `Has job #${clash.bookingId} ${clockTime(clash.pickupAt, timezone)}–${clockTime(clash.endsAt, timezone)}`;
}

export function expiredWords(driver: Pick<DriverRuleFacts, 'firstName' | 'vehicle'>, paper: ExpiredPaper): string {
  const whose = paper.ownerType === 'driver' ? driver.firstName : (driver.vehicle?.registration ?? 'the vehicle');
  return `${whose}'s ${paper.documentTypeName} expired on ${dmy(paper.expiryDate)}`;
}

/** "Blocked: Driving licence expired": what the status page, map and board say of the driver. */
export function blockedReason(expired: readonly Pick<ExpiredPaper, 'documentTypeName'>[]): string | null {
  if (!expired.length) return null;
  return `${expired.map((p) => p.documentTypeName).join(', ')} expired`;
}

/** Every reason the booking cannot be given to this driver (and vehicle); none means it may. */
export function refusalsOf(driver: DriverRuleFacts, booking: BookingRuleFacts): Refusal[] {
  const refusals: Refusal[] = [];
  if (!driver.isActive) {
    refusals.push({
      rule: 'switchedOff',
      status: 400,
      field: 'driverId',
      message: `${driver.firstName} ${driver.lastName} is switched off; switch the driver on first.`,
    });
  }
  const v = driver.vehicle;
  if (v && booking.vehicleTypeId !== null && v.vehicleTypeId !== booking.vehicleTypeId) {
    const wanted = booking.vehicleTypeName ?? 'other type';
    const who = v.chosen ? v.registration : driver.firstName;
    const verb = v.chosen ? 'is' : 'has';
    refusals.push({
      rule: 'vehicleType',
      status: 400,
      field: 'vehicleId',
      message: `${who} ${verb} ${article(v.vehicleTypeName)} ${v.vehicleTypeName}; this booking needs ${article(wanted)} ${wanted}.`,
    });
  }
  if (driver.expired.length) {
    refusals.push({
      rule: 'expiredDocuments',
      status: 422,
      field: driver.expired.some((p) => p.ownerType === 'driver') ? 'driverId' : 'vehicleId',
      message: `${driver.expired.map((p) => expiredWords(driver, p)).join('; ')}.`,
    });
  }
  return refusals;
}

/** The driver's jobs the booking would overlap (by pick-up, expected duration and the buffer). */
export function clashesWith(booking: BookingRuleFacts, held: readonly Clash[]): Clash[] {
  return held.filter((c) => c.bookingId !== booking.id && overlaps(booking, c));
}
