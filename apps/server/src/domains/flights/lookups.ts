import { and, eq, sql } from 'drizzle-orm';
import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Session } from '../../platform/auth/tokens';
import type { CallContext } from '../../platform/http/context';
import { fieldError, notFound } from '../../platform/http/errors';
import { bookings } from '../bookings/schema';
import { companyFacts } from '../bookings/company';
import { companyToday } from '../documents/owner-documents';
import { knownLocations } from '../reference-data/schema';
import { normalisePostcode } from './outward-codes';
import { flightProviderOf, postcodeProviderOf, type FlightInfo } from './providers';
import { providersOf } from '../provider-settings/effective';

type Ctx = CallContext<Session>;
type PostcodeMatch = z.output<typeof schemas.postcodeMatch>;

/** FlightDetails/GetFlightDetails, Flight/GetFlightDetails. */
export async function flightDetails(ctx: Ctx, input: { flightNumber: string; date?: string | undefined }) {
  const date = input.date ?? (await companyToday(ctx));
  return flightProviderOf(await providersOf(ctx, 'flights')).details(input.flightNumber.replace(/\s+/g, ''), date);
}

/** FlightDetails/Get: the flight of a booking on its pick-up day (company time zone). */
export async function bookingFlight(ctx: Ctx, id: number): Promise<FlightInfo | null> {
  const { timezone } = await companyFacts(ctx);
  const [row] = await ctx.db
    .select({
      flightNumber: bookings.flightNumber,
      day: sql<string>`to_char(${bookings.pickupAt} at time zone ${timezone}, 'YYYY-MM-DD')`,
    })
    .from(bookings)
    .where(and(eq(bookings.companyId, ctx.session.companyId), eq(bookings.id, id)));
  if (!row) throw notFound(`Booking ${id}`);
  if (!row.flightNumber) return null;
  return flightDetails(ctx, { flightNumber: row.flightNumber, date: row.day });
}

const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/**
 * FlightDetails/GetPostCode: the company's known locations whose postcode starts with what was typed
 * (so an outward code finds every terminal of an airport), then the area of the postcode itself.
 */
export async function postcodeMatches(ctx: Ctx, postcode: string): Promise<PostcodeMatch[]> {
  const typed = compact(postcode);
  if (!/^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{2})?$/.test(typed)) {
    throw fieldError('postcode', 'must be a UK postcode or outward code like SW1A 1AA or SW1A');
  }
  const known = await ctx.db
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
        sql`upper(replace(${knownLocations.postcode}, ' ', '')) like ${`${typed}%`}`,
      ),
    )
    .orderBy(knownLocations.name)
    .limit(20);
  const matches: PostcodeMatch[] = known.map((k) => ({
    postcode: normalisePostcode(k.postcode ?? typed),
    address: k.address,
    placeName: k.name,
    lat: k.lat === null ? null : Number(k.lat),
    lng: k.lng === null ? null : Number(k.lng),
    knownLocationId: k.id,
    source: 'known_location',
  }));
  const provider = postcodeProviderOf(await providersOf(ctx, 'postcode'));
  const place = await provider.locate(typed);
  if (place) {
    matches.push({
      postcode: place.postcode,
      address: null,
      placeName: place.place,
      lat: place.lat,
      lng: place.lng,
      knownLocationId: null,
      source: provider.name === 'offline' ? 'outward_code' : 'provider',
    });
  }
  return matches;
}
