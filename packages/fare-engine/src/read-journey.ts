import { PricingInputError } from './errors';
import { type Journey, type JourneyInput, journeySchema } from './schemas';

/**
 * The journey, checked and with its defaults. The usual journey (plain numbers, booleans and short
 * lists, as the server hands it on after the contract checked it) takes a direct path that accepts
 * only what `journeySchema` accepts and fills the same defaults; anything else goes through the schema
 * itself, which answers or names the fields. The direct path saves the schema's cost on every quote.
 */
export function readJourney(input: JourneyInput): Journey {
  const fast = direct(input);
  if (fast) return fast;
  const parsed = journeySchema.safeParse(input);
  if (!parsed.success) throw PricingInputError.fromZod(parsed.error, 'the journey cannot be priced');
  return parsed.data;
}

const KEY = /^(location:[1-9]\d{0,9}|postcode:[A-Z0-9]{1,8}|zone:[1-9]\d{0,9})$/;
const MAX_ID = 2_147_483_647;

const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const count = (v: unknown, max: number, fallback: number): number | undefined =>
  v === undefined ? fallback : whole(v, 0, max) ? v : undefined;
const optionalId = (v: unknown): number | null | undefined | false =>
  v === undefined || v === null ? v : whole(v, 1, MAX_ID) ? v : false;

function ids(v: unknown): number[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 50) return undefined;
  for (const id of v) if (!whole(id, 1, MAX_ID)) return undefined;
  return v as number[];
}

function keys(v: unknown): string[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 20) return undefined;
  for (const key of v) if (typeof key !== 'string' || !KEY.test(key)) return undefined;
  return v as string[];
}

const KNOWN = new Set([
  'distanceMetres',
  'durationSeconds',
  'waitingSeconds',
  'isAirportPickup',
  'vehicleTypeId',
  'clientId',
  'pickupZoneIds',
  'dropoffZoneIds',
  'pickupLocationKeys',
  'dropoffLocationKeys',
  'deadMileageMetres',
  'extras',
  'hours',
  'passengers',
  'discount',
]);

function readExtras(v: unknown): Journey['extras'] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 50) return undefined;
  const extras: Journey['extras'] = [];
  for (const extra of v) {
    if (typeof extra !== 'object' || extra === null) return undefined;
    const e = extra as Record<string, unknown>;
    let fields = 0;
    for (const key in e) {
      if (key !== 'expenseTypeId' && key !== 'quantity') return undefined;
      fields++;
    }
    if (fields !== 2 || !whole(e.expenseTypeId, 1, MAX_ID) || !whole(e.quantity, 1, 100)) return undefined;
    extras.push({ expenseTypeId: e.expenseTypeId, quantity: e.quantity });
  }
  return extras;
}

function direct(input: JourneyInput): Journey | null {
  if (typeof input !== 'object' || input === null) return null;
  const j = input as Record<string, unknown>;
  for (const key in j) if (!KNOWN.has(key)) return null;
  const distanceMetres = count(j.distanceMetres, 10_000_000, 0);
  const durationSeconds = count(j.durationSeconds, 10 * 24 * 3600, 0);
  const waitingSeconds = count(j.waitingSeconds, 24 * 3600, 0);
  const deadMileageMetres = count(j.deadMileageMetres, 10_000_000, 0);
  const passengers = j.passengers === undefined ? 1 : whole(j.passengers, 1, 100) ? j.passengers : undefined;
  const isAirportPickup =
    j.isAirportPickup === undefined ? false : typeof j.isAirportPickup === 'boolean' ? j.isAirportPickup : undefined;
  const vehicleTypeId = optionalId(j.vehicleTypeId);
  const clientId = optionalId(j.clientId);
  const pickupZoneIds = ids(j.pickupZoneIds);
  const dropoffZoneIds = ids(j.dropoffZoneIds);
  const pickupLocationKeys = keys(j.pickupLocationKeys);
  const dropoffLocationKeys = keys(j.dropoffLocationKeys);
  if (
    distanceMetres === undefined ||
    durationSeconds === undefined ||
    waitingSeconds === undefined ||
    deadMileageMetres === undefined ||
    passengers === undefined ||
    isAirportPickup === undefined ||
    vehicleTypeId === false ||
    clientId === false ||
    !pickupZoneIds ||
    !dropoffZoneIds ||
    !pickupLocationKeys ||
    !dropoffLocationKeys
  ) {
    return null;
  }
  const extras = readExtras(j.extras);
  if (!extras) return null;
  // Hours and discounts are rarer: they go through the schema.
  const hours = j.hours;
  if (hours !== undefined && hours !== null) return null;
  const discount = j.discount;
  if (discount !== undefined && discount !== null) return null;
  const journey: Journey = {
    distanceMetres,
    durationSeconds,
    waitingSeconds,
    isAirportPickup,
    pickupZoneIds,
    dropoffZoneIds,
    pickupLocationKeys,
    dropoffLocationKeys,
    deadMileageMetres,
    extras,
    passengers,
  };
  if (vehicleTypeId !== undefined) journey.vehicleTypeId = vehicleTypeId;
  if (clientId !== undefined) journey.clientId = clientId;
  if (hours !== undefined) journey.hours = hours;
  if (discount !== undefined) journey.discount = discount;
  return journey;
}
