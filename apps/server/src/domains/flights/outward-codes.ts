/**
 * A small built-in table of UK outward codes (the part of a postcode before the space) with the
 * centre of their area: enough to place a pick-up for quotes and zones without a postcode service.
 * Codes not listed fall back to their area letters (SW1A → SW) when those are listed.
 */
export const outwardCodes: Record<string, { place: string; lat: number; lng: number }> = {
  EC1A: { place: 'Barbican, London', lat: 51.5203, lng: -0.0972 },
  EC2M: { place: 'Liverpool Street, London', lat: 51.5176, lng: -0.0812 },
  EC4M: { place: "St Paul's, London", lat: 51.5138, lng: -0.0984 },
  WC1A: { place: 'Bloomsbury, London', lat: 51.5178, lng: -0.1264 },
  WC2N: { place: 'Charing Cross, London', lat: 51.5085, lng: -0.1257 },
  W1A: { place: 'Marylebone, London', lat: 51.5186, lng: -0.1437 },
  W1J: { place: 'Mayfair, London', lat: 51.5074, lng: -0.1443 },
  W2: { place: 'Paddington, London', lat: 51.5154, lng: -0.1755 },
  SW1A: { place: 'Westminster, London', lat: 51.5014, lng: -0.1419 },
  SW7: { place: 'South Kensington, London', lat: 51.4945, lng: -0.1763 },
  SE1: { place: 'Southwark, London', lat: 51.5035, lng: -0.0999 },
  E14: { place: 'Canary Wharf, London', lat: 51.5054, lng: -0.0235 },
  E16: { place: 'Royal Docks (London City Airport)', lat: 51.5048, lng: 0.0495 },
  N1: { place: 'Islington, London', lat: 51.5362, lng: -0.1033 },
  NW1: { place: "Camden / King's Cross, London", lat: 51.5347, lng: -0.1398 },
  TW6: { place: 'Heathrow Airport', lat: 51.47, lng: -0.4543 },
  RH6: { place: 'Gatwick Airport', lat: 51.1537, lng: -0.1821 },
  CM24: { place: 'Stansted Airport', lat: 51.886, lng: 0.2389 },
  LU2: { place: 'Luton Airport', lat: 51.8763, lng: -0.3717 },
  M1: { place: 'Manchester city centre', lat: 53.4794, lng: -2.2453 },
  M90: { place: 'Manchester Airport', lat: 53.3588, lng: -2.2727 },
  B1: { place: 'Birmingham city centre', lat: 52.4797, lng: -1.9027 },
  B26: { place: 'Birmingham Airport', lat: 52.4539, lng: -1.748 },
  L1: { place: 'Liverpool city centre', lat: 53.4027, lng: -2.9823 },
  LS1: { place: 'Leeds city centre', lat: 53.7965, lng: -1.5479 },
  BS1: { place: 'Bristol city centre', lat: 51.4536, lng: -2.5975 },
  BS48: { place: 'Bristol Airport', lat: 51.3827, lng: -2.7191 },
  G1: { place: 'Glasgow city centre', lat: 55.8609, lng: -4.2514 },
  EH1: { place: 'Edinburgh city centre', lat: 55.9521, lng: -3.1895 },
  EH12: { place: 'Edinburgh Airport', lat: 55.9485, lng: -3.3641 },
  CB1: { place: 'Cambridge', lat: 52.2006, lng: 0.1367 },
  OX1: { place: 'Oxford', lat: 51.752, lng: -1.2577 },
  // Area fall-backs.
  EC: { place: 'City of London', lat: 51.5155, lng: -0.0922 },
  WC: { place: 'West Central London', lat: 51.5171, lng: -0.1204 },
  W: { place: 'West London', lat: 51.513, lng: -0.2 },
  SW: { place: 'South West London', lat: 51.465, lng: -0.17 },
  SE: { place: 'South East London', lat: 51.47, lng: -0.03 },
  E: { place: 'East London', lat: 51.535, lng: -0.03 },
  N: { place: 'North London', lat: 51.575, lng: -0.11 },
  NW: { place: 'North West London', lat: 51.55, lng: -0.2 },
  M: { place: 'Manchester', lat: 53.4808, lng: -2.2426 },
  B: { place: 'Birmingham', lat: 52.4862, lng: -1.8904 },
};

/** A UK postcode in its usual form ("sw1a1aa" → "SW1A 1AA"); the outward code alone stays as it is. */
export function normalisePostcode(raw: string): string {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  if (compact.length >= 5 && /\d[A-Z]{2}$/.test(compact)) return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return compact;
}

/** The outward code of a postcode ("SW1A 1AA" → "SW1A"). */
export const outwardOf = (postcode: string) => normalisePostcode(postcode).split(' ')[0] ?? '';

/** The centre of a postcode's outward code (or its area), or null when the table does not know it. */
export function placeOfPostcode(postcode: string): { outward: string; place: string; lat: number; lng: number } | null {
  const outward = outwardOf(postcode);
  const hit = outwardCodes[outward];
  if (hit) return { outward, ...hit };
  const areaLetters = /^[A-Z]+/.exec(outward)?.[0];
  const area = areaLetters ? outwardCodes[areaLetters] : undefined;
  return area ? { outward: areaLetters as string, ...area } : null;
}
