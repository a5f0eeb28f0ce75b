import type { schemas } from '@cabdesk/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/errors';
import { airlines, airports, splitFlightNumber } from './airlines';
import { normalisePostcode, placeOfPostcode } from './outward-codes';

export type FlightInfo = z.output<typeof schemas.flightAnswer>;

export interface FlightProvider {
  readonly name: string;
  /** Details of a flight on a day (YYYY-MM-DD, UTC). */
  details(flightNumber: string, date: string): Promise<FlightInfo>;
}

export interface PostcodePlace {
  postcode: string;
  place: string | null;
  lat: number;
  lng: number;
}

export interface PostcodeProvider {
  readonly name: string;
  /** The centre of a postcode, or null when it is not known. */
  locate(postcode: string): Promise<PostcodePlace | null>;
}

const at = (date: string, minuteOfDay: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + minuteOfDay * 60_000).toISOString();

/**
 * Derives plausible, repeatable details from the flight number alone, so the booking form works
 * offline and in tests: the same number on the same day always answers the same times.
 */
export const offlineFlights: FlightProvider = {
  name: 'offline',
  async details(flightNumber, date) {
    const { prefix, number } = splitFlightNumber(flightNumber);
    const arrivalMinute = 300 + Math.floor(((number * 47) % 1140) / 5) * 5; // 05:00–23:55
    const flightMinutes = 60 + (number % 7) * 30;
    const origin = airports[number % airports.length] as [string, string];
    const destination = airports[(number * 3 + 1) % airports.length] as [string, string];
    const to = destination[0] === origin[0] ? (airports[0] as [string, string]) : destination;
    const delayMinutes = ((number % 4) - 1) * 5;
    return {
      flightNumber: flightNumber.replace(/\s+/g, '').toUpperCase(),
      airlineCode: prefix,
      airlineName: airlines[prefix] ?? null,
      origin: `${origin[0]} ${origin[1]}`,
      destination: `${to[0]} ${to[1]}`,
      scheduledDeparture: at(date, arrivalMinute - flightMinutes),
      scheduledArrival: at(date, arrivalMinute),
      estimatedArrival: at(date, arrivalMinute + delayMinutes),
      terminal: String(1 + (number % 5)),
      status: 'scheduled',
      provider: 'offline',
      isEstimate: true,
    };
  },
};

export const offlinePostcodes: PostcodeProvider = {
  name: 'offline',
  async locate(postcode) {
    const hit = placeOfPostcode(postcode);
    return hit ? { postcode: normalisePostcode(postcode), place: hit.place, lat: hit.lat, lng: hit.lng } : null;
  },
};

const unavailable = (what: string) =>
  new AppError(502, `The ${what} service did not answer; try again or enter the details by hand.`);

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(5000),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * A live flight service: GET {FLIGHT_API_URL}?flightNumber=BA123&date=YYYY-MM-DD with the key as a
 * bearer token, answering JSON with the fields of FlightInfo (missing ones become null).
 */
export function httpFlights(api: { url: string; key: string | undefined }): FlightProvider {
  return {
    name: 'http',
    async details(flightNumber, date) {
      const url = new URL(api.url);
      url.searchParams.set('flightNumber', flightNumber);
      url.searchParams.set('date', date);
      let body: Json | null;
      try {
        body = (await getJson(url.toString(), api.key ? { authorization: `Bearer ${api.key}` } : {})) as Json | null;
      } catch {
        throw unavailable('flight');
      }
      const d = (body?.data && typeof body.data === 'object' ? body.data : body) as Json | null;
      const { prefix } = splitFlightNumber(flightNumber);
      return {
        flightNumber,
        airlineCode: str(d?.airlineCode) ?? prefix,
        airlineName: str(d?.airlineName) ?? str(d?.airline) ?? airlines[prefix] ?? null,
        origin: str(d?.origin),
        destination: str(d?.destination),
        scheduledDeparture: str(d?.scheduledDeparture),
        scheduledArrival: str(d?.scheduledArrival),
        estimatedArrival: str(d?.estimatedArrival),
        terminal: str(d?.terminal),
        status: d ? (str(d.status) ?? 'unknown') : 'not_found',
        provider: 'http',
        isEstimate: false,
      };
    },
  };
}

/** A postcodes.io-style service: GET {POSTCODE_API_URL}/postcodes/{postcode} → {result: {latitude, longitude}}. */
export function httpPostcodes(baseUrl: string): PostcodeProvider {
  return {
    name: 'http',
    async locate(postcode) {
      let body: Json | null;
      try {
        body = (await getJson(
          `${baseUrl.replace(/\/$/, '')}/postcodes/${encodeURIComponent(postcode)}`,
        )) as Json | null;
      } catch {
        throw unavailable('postcode');
      }
      const r = body?.result as Json | undefined;
      if (!r || typeof r.latitude !== 'number' || typeof r.longitude !== 'number') return null;
      return {
        postcode: normalisePostcode(str(r.postcode) ?? postcode),
        place: str(r.admin_district) ?? str(r.parish),
        lat: r.latitude,
        lng: r.longitude,
      };
    },
  };
}

/** The providers configuration selects; the offline ones unless an address is set. */
export function flightProviderOf(config: Pick<Config, 'flightApi'>): FlightProvider {
  return config.flightApi ? httpFlights(config.flightApi) : offlineFlights;
}

export function postcodeProviderOf(config: Pick<Config, 'postcodeApiUrl'>): PostcodeProvider {
  return config.postcodeApiUrl ? httpPostcodes(config.postcodeApiUrl) : offlinePostcodes;
}
