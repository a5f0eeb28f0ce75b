import type { Config } from '../../config';

/** A place an address service answered: its label and coordinates. */
export interface GeocodedPlace {
  address: string;
  postcode: string | null;
  placeName: string | null;
  lat: number;
  lng: number;
}

/** An address search service outside the machine. */
export interface Geocoder {
  readonly name: string;
  /** Places for a typed address, best first; empty when it knows none. Throws when it does not answer. */
  search(text: string, limit: number): Promise<GeocodedPlace[]>;
}

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const onEarth = (lat: number | null, lng: number | null): lat is number =>
  lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

async function getJson(url: URL): Promise<unknown> {
  const response = await fetch(url, {
    // Nominatim's usage policy asks every client to name itself.
    headers: { accept: 'application/json', 'user-agent': 'Cabdesk (taxi booking desk)' },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/** `base` with a path added to its own (https://host/geo + search → https://host/geo/search). */
const under = (base: string, path: string) => new URL(path, base.endsWith('/') ? base : `${base}/`);

/** Nominatim: GET {url}/search?q=…&format=jsonv2&limit=n → [{lat, lon, display_name, address}]. */
export function nominatim(baseUrl: string): Geocoder {
  return {
    name: 'nominatim',
    async search(text, limit) {
      const url = under(baseUrl, 'search');
      url.searchParams.set('q', text);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('limit', String(limit));
      const body = await getJson(url);
      if (!Array.isArray(body)) return [];
      return body.flatMap((raw: Json) => {
        const lat = num(raw.lat);
        const lng = num(raw.lon);
        if (!onEarth(lat, lng)) return [];
        const address = (raw.address ?? {}) as Json;
        return [
          {
            address: str(raw.display_name) ?? text,
            postcode: str(address.postcode),
            placeName: str(raw.name) ?? str(address.city) ?? str(address.town) ?? str(address.village),
            lat,
            lng: lng as number,
          },
        ];
      });
    },
  };
}

/** Photon: GET {url}/api?q=…&limit=n → GeoJSON features with [lng, lat] and OSM properties. */
export function photon(baseUrl: string): Geocoder {
  return {
    name: 'photon',
    async search(text, limit) {
      const url = under(baseUrl, 'api');
      url.searchParams.set('q', text);
      url.searchParams.set('limit', String(limit));
      const body = (await getJson(url)) as Json | null;
      const features = Array.isArray(body?.features) ? (body.features as Json[]) : [];
      return features.flatMap((f) => {
        const coordinates = (f.geometry as Json | undefined)?.coordinates;
        if (!Array.isArray(coordinates)) return [];
        const lng = num(coordinates[0]);
        const lat = num(coordinates[1]);
        if (!onEarth(lat, lng)) return [];
        const p = (f.properties ?? {}) as Json;
        const street = [str(p.housenumber), str(p.street)].filter(Boolean).join(' ');
        const parts = [str(p.name), street || null, str(p.city), str(p.postcode)].filter(
          (part, i, all): part is string => part !== null && all.indexOf(part) === i,
        );
        return [
          {
            address: parts.join(', ') || text,
            postcode: str(p.postcode),
            placeName: str(p.name) ?? str(p.city),
            lat,
            lng: lng as number,
          },
        ];
      });
    },
  };
}

/** The address service configuration selects (GEOCODER_URL, GEOCODER_KIND); none by default. */
export function geocoderOf(config: Pick<Config, 'geocoder'>): Geocoder | null {
  if (!config.geocoder) return null;
  return config.geocoder.kind === 'photon' ? photon(config.geocoder.url) : nominatim(config.geocoder.url);
}
