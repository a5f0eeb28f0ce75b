import type { JobStop } from '../model';

/**
 * A plain link that opens the phone's maps app (or Google Maps in the browser) with directions to
 * the stop: by its coordinates when known, else by its address.
 */
export function directionsUrl(stop: Pick<JobStop, 'lat' | 'lng' | 'address' | 'postcode'>): string {
  const destination =
    stop.lat !== null && stop.lng !== null
      ? `${stop.lat},${stop.lng}`
      : [stop.address, stop.postcode].filter(Boolean).join(', ');
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** A phone number as a tel: address: digits and a leading plus only. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
