import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { bookingStops } from '../bookings/schema';
import { normalisePostcode } from '../flights/outward-codes';
import { postcodeProviderOf } from '../flights/providers';
import { knownLocations } from '../reference-data/schema';
import { geocoderOf } from './geocoder';
import { providersOf } from '../provider-settings/effective';

type Ctx = CallContext<Session>;
export type AddressPlace = z.output<typeof schemas.addressPlace>;
type StopInput = z.output<typeof schemas.stopInput>;

/** A full UK postcode anywhere in a text ("12 Queen St, Reading RG1 1AA" → "RG1 1AA"). */
const fullPostcode = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i;

export function postcodeIn(text: string): string | null {
  const hit = fullPostcode.exec(text);
  return hit ? normalisePostcode(`${hit[1]}${hit[2]}`) : null;
}

/** The words of a typed address that a match must all contain, in any order (at most eight). */
export function wordsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, 8);
}

const likeOf = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const coordinate = (v: string | null) => (v === null ? null : Number(v));

/** Stops of the company's earlier bookings that were placed and carry every word typed. */
async function pastAddresses(ctx: Ctx, words: string[], limit: number): Promise<AddressPlace[]> {
  if (!words.length) return [];
  const everyWord: SQL[] = words.map(
    (w) => or(ilike(bookingStops.address, likeOf(w)), ilike(bookingStops.postcode, likeOf(w))) as SQL,
  );
  // The newest matching stops, not every one: a busy company has many stops on "London Road".
  const recent = await ctx.db
    .select({
      address: bookingStops.address,
      postcode: bookingStops.postcode,
      lat: bookingStops.lat,
      lng: bookingStops.lng,
      knownLocationId: bookingStops.knownLocationId,
    })
    .from(bookingStops)
    .where(
      and(
        eq(bookingStops.companyId, ctx.session.companyId),
        isNotNull(bookingStops.lat),
        isNotNull(bookingStops.lng),
        ...everyWord,
      ),
    )
    .orderBy(desc(bookingStops.id))
    .limit(200);
  const seen = new Set<string>();
  const rows = recent
    .filter((r) => {
      const key = r.address.trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
  return rows.map((r) => ({
    address: r.address,
    postcode: r.postcode,
    placeName: null,
    lat: coordinate(r.lat) as number,
    lng: coordinate(r.lng) as number,
    knownLocationId: r.knownLocationId,
    source: 'past_address',
  }));
}

/** The company's active known places (airports, stations, hotels) whose name or address has every word. */
async function knownPlaces(ctx: Ctx, words: string[], limit: number): Promise<AddressPlace[]> {
  if (!words.length) return [];
  const haystack = sql`concat_ws(' ', ${knownLocations.name}, ${knownLocations.address}, ${knownLocations.postcode})`;
  const rows = await ctx.db
    .select({
      id: knownLocations.id,
      name: knownLocations.name,
      address: knownLocations.address,
      postcode: knownLocations.postcode,
      lat: knownLocations.lat,
      lng: knownLocations.lng,
    })
    .from(knownLocations)
    .where(
      and(
        eq(knownLocations.companyId, ctx.session.companyId),
        eq(knownLocations.isActive, true),
        isNotNull(knownLocations.lat),
        isNotNull(knownLocations.lng),
        ...words.map((w) => sql`${haystack} ilike ${likeOf(w)}`),
      ),
    )
    .orderBy(knownLocations.name)
    .limit(limit);
  return rows.map((k) => ({
    address: k.address,
    postcode: k.postcode,
    placeName: k.name,
    lat: coordinate(k.lat) as number,
    lng: coordinate(k.lng) as number,
    knownLocationId: k.id,
    source: 'known_location',
  }));
}

/** The centre of the district of the postcode given, or of one written in the address. */
async function postcodeDistrict(ctx: Ctx, text: string, postcode?: string): Promise<AddressPlace | null> {
  const code = postcode?.trim() || postcodeIn(text);
  if (!code) return null;
  try {
    const place = await postcodeProviderOf(await providersOf(ctx, 'postcode')).locate(code);
    if (!place) return null;
    return {
      address: text,
      postcode: place.postcode,
      placeName: place.place,
      lat: place.lat,
      lng: place.lng,
      knownLocationId: null,
      source: 'postcode_district',
    };
  } catch {
    return null; // A postcode service that does not answer leaves the address to the next step.
  }
}

/** The address service (GEOCODER_URL), when configured. Throws 502 when it does not answer. */
async function provider(ctx: Ctx, text: string, limit: number): Promise<AddressPlace[]> {
  const geocoder = geocoderOf(await providersOf(ctx, 'geocoding'));
  if (!geocoder) return [];
  try {
    const found = await geocoder.search(text, limit);
    return found.map((p) => ({ ...p, knownLocationId: null, source: 'provider' }));
  } catch {
    throw new AppError(502, 'The address service did not answer; place the address on the map instead.');
  }
}

/**
 * Booking/GetAddressPlaces: where a typed address may be, best first. The company's own past
 * addresses and known places, then the district of a postcode in the text; the address service is
 * asked only when none of those found anything. Empty: the person places the pin on the map.
 */
export async function addressPlaces(
  ctx: Ctx,
  input: { text: string; postcode?: string | undefined },
  limit = 8,
): Promise<AddressPlace[]> {
  const words = wordsOf(input.text);
  const past = await pastAddresses(ctx, words, limit);
  const known = await knownPlaces(ctx, words, limit);
  const district = await postcodeDistrict(ctx, input.text, input.postcode);
  const local = [...past, ...known, ...(district ? [district] : [])].slice(0, limit);
  return local.length ? local : provider(ctx, input.text, limit);
}

/**
 * The web booker's address search (docs/web-booker.md): the company's known places and the district
 * of a postcode, else the address service — never other customers' past addresses.
 */
export async function publicAddressPlaces(
  ctx: Ctx,
  input: { text: string; postcode?: string | undefined },
  limit = 8,
): Promise<AddressPlace[]> {
  const known = await knownPlaces(ctx, wordsOf(input.text), limit);
  const district = await postcodeDistrict(ctx, input.text, input.postcode);
  const local = [...known, ...(district ? [district] : [])].slice(0, limit);
  return local.length ? local : provider(ctx, input.text, limit);
}

/**
 * Where a stop is: its own coordinates, its known place's, else the first place the address search
 * finds (an address service that does not answer places nothing). Null: nobody could place it.
 */
export async function placeOf(ctx: Ctx, stop: StopInput): Promise<{ lat: number; lng: number } | null> {
  if (typeof stop.lat === 'number' && typeof stop.lng === 'number') return { lat: stop.lat, lng: stop.lng };
  if (stop.knownLocationId) {
    const [known] = await ctx.db
      .select({ lat: knownLocations.lat, lng: knownLocations.lng })
      .from(knownLocations)
      .where(and(eq(knownLocations.companyId, ctx.session.companyId), eq(knownLocations.id, stop.knownLocationId)));
    if (known?.lat && known.lng) return { lat: Number(known.lat), lng: Number(known.lng) };
  }
  const found = await addressPlaces(ctx, { text: stop.address, postcode: stop.postcode }, 1).catch(() => []);
  const best = found[0];
  return best ? { lat: best.lat, lng: best.lng } : null;
}

/** The stops with the coordinates found for them, and the indexes of those nobody could place. */
export async function placeStops(ctx: Ctx, stops: StopInput[]): Promise<{ stops: StopInput[]; unplaced: number[] }> {
  const placed: StopInput[] = [];
  const unplaced: number[] = [];
  for (const [i, stop] of stops.entries()) {
    const point = await placeOf(ctx, stop);
    if (point) placed.push({ ...stop, ...point });
    else {
      placed.push(stop);
      unplaced.push(i);
    }
  }
  return { stops: placed, unplaced };
}

const stopName = (index: number, count: number) =>
  index === 0 ? 'the pick-up' : index === count - 1 ? 'the drop-off' : `via stop ${index}`;

/**
 * Refuses stops nobody could place: always from outside the office (passenger app, web, client
 * portal, API), and from the office unless the person confirmed saving them unplaced.
 */
export function requirePlaced(
  stops: StopInput[],
  unplaced: number[],
  options: { fromOffice: boolean; allowUnplaced: boolean },
): void {
  const first = unplaced[0];
  if (first === undefined) return;
  if (options.fromOffice && options.allowUnplaced) return;
  const name = stopName(first, stops.length);
  const address = stops[first]?.address ?? '';
  const message = options.fromOffice
    ? `We could not find '${address}': place ${name} on the map, or confirm saving it not placed and not priced.`
    : `Place ${name} on the map: we could not find '${address}'.`;
  const errors = unplaced.map((i) => ({
    field: `stops.${i}`,
    message: i === first ? message : `We could not find '${stops[i]?.address ?? ''}': place it on the map.`,
  }));
  throw new AppError(400, message.charAt(0).toUpperCase() + message.slice(1), errors);
}
