/** IATA (and a few ICAO) airline prefixes of the flights a UK/EU operator meets most; kept small on purpose. */
export const airlines: Record<string, string> = {
  BA: 'British Airways',
  BAW: 'British Airways',
  VS: 'Virgin Atlantic',
  U2: 'easyJet',
  EZY: 'easyJet',
  FR: 'Ryanair',
  RYR: 'Ryanair',
  W6: 'Wizz Air',
  LS: 'Jet2',
  EI: 'Aer Lingus',
  LH: 'Lufthansa',
  DLH: 'Lufthansa',
  AF: 'Air France',
  KL: 'KLM',
  LX: 'Swiss',
  IB: 'Iberia',
  AZ: 'ITA Airways',
  SK: 'SAS',
  TK: 'Turkish Airlines',
  EK: 'Emirates',
  QR: 'Qatar Airways',
  EY: 'Etihad Airways',
  AA: 'American Airlines',
  UA: 'United Airlines',
  DL: 'Delta Air Lines',
  AC: 'Air Canada',
  SQ: 'Singapore Airlines',
  CX: 'Cathay Pacific',
  AI: 'Air India',
};

/** Airports the offline provider picks origins from (IATA code and city). */
export const airports: [code: string, city: string][] = [
  ['LHR', 'London Heathrow'],
  ['LGW', 'London Gatwick'],
  ['STN', 'London Stansted'],
  ['MAN', 'Manchester'],
  ['EDI', 'Edinburgh'],
  ['DUB', 'Dublin'],
  ['AMS', 'Amsterdam'],
  ['CDG', 'Paris Charles de Gaulle'],
  ['FRA', 'Frankfurt'],
  ['MUC', 'Munich'],
  ['MAD', 'Madrid'],
  ['BCN', 'Barcelona'],
  ['FCO', 'Rome Fiumicino'],
  ['ZRH', 'Zurich'],
  ['IST', 'Istanbul'],
  ['DXB', 'Dubai'],
  ['DOH', 'Doha'],
  ['JFK', 'New York JFK'],
  ['BOS', 'Boston'],
  ['SIN', 'Singapore'],
];

/** Splits "BA 123" / "EZY8012" into its airline prefix and number. */
export function splitFlightNumber(flightNumber: string): { prefix: string; number: number; suffix: string } {
  const compact = flightNumber.replace(/\s+/g, '').toUpperCase();
  // Two-character IATA codes may contain a digit (U2, W6); three letters are ICAO.
  const match = /^([A-Z]{3}|[A-Z0-9]{2})(\d{1,4})([A-Z]?)$/.exec(compact);
  if (!match) return { prefix: compact.slice(0, 2), number: 0, suffix: '' };
  return { prefix: match[1] as string, number: Number(match[2]), suffix: match[3] ?? '' };
}
