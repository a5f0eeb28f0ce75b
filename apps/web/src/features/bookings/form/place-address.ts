import type { TFunction } from 'i18next';
import { callApi } from '../../../api/client';

export interface FoundPlace {
  lat: number;
  lng: number;
  postcode: string | null;
  knownLocationId: number | null;
  /** How it was found, in words ("postcode district RG1 1AA, Reading town centre"). */
  how: string;
}

/**
 * The first place Booking/GetAddressPlaces finds for a typed address (the company's past addresses,
 * known places, the postcode's district, then the address service), or null when none.
 */
export async function placeAddress(address: string, postcode: string, t: TFunction): Promise<FoundPlace | null> {
  const answer = await callApi('Booking/GetAddressPlaces', {
    text: address.trim(),
    ...(postcode.trim() ? { postcode: postcode.trim() } : {}),
  });
  const best = answer.data[0];
  if (!best) return null;
  const how =
    best.source === 'postcode_district'
      ? t('bookings.placing.byDistrict', { postcode: best.postcode ?? '', place: best.placeName ?? '' })
      : best.source === 'known_location'
        ? t('bookings.placing.byKnownPlace', { place: best.placeName ?? best.address })
        : best.source === 'past_address'
          ? t('bookings.placing.byPastAddress', { address: best.address })
          : t('bookings.placing.byService', { address: best.address });
  return { lat: best.lat, lng: best.lng, postcode: best.postcode, knownLocationId: best.knownLocationId, how };
}
