/** Real places with their coordinates, for believable demo journeys. */
export interface Place {
  address: string;
  postcode: string;
  lat: number;
  lng: number;
}

const p = (address: string, postcode: string, lat: number, lng: number): Place => ({ address, postcode, lat, lng });

export const london: Place[] = [
  p('Heathrow Airport Terminal 5', 'TW6 2GA', 51.4723, -0.4887),
  p('Heathrow Airport Terminal 2', 'TW6 1EW', 51.4694, -0.4503),
  p('Gatwick Airport South Terminal', 'RH6 0NP', 51.1561, -0.1613),
  p('London City Airport', 'E16 2PX', 51.5048, 0.0495),
  p("King's Cross Station, Euston Road", 'N1 9AL', 51.5308, -0.1238),
  p('Paddington Station, Praed Street', 'W2 1HQ', 51.5154, -0.1755),
  p('Waterloo Station', 'SE1 8SW', 51.5031, -0.1132),
  p('One Canada Square, Canary Wharf', 'E14 5AB', 51.5049, -0.0195),
  p('The Savoy, Strand', 'WC2R 0EZ', 51.5103, -0.1207),
  p('The Shard, 32 London Bridge Street', 'SE1 9SG', 51.5045, -0.0865),
  p('ExCeL London, Royal Victoria Dock', 'E16 1XL', 51.5085, 0.0295),
  p('Wembley Stadium', 'HA9 0WS', 51.556, -0.2796),
  p("St Thomas' Hospital, Westminster Bridge Road", 'SE1 7EH', 51.4987, -0.1181),
  p('10 Upper Bank Street, Canary Wharf', 'E14 5JJ', 51.5036, -0.0176),
  p('Royal Albert Hall, Kensington Gore', 'SW7 2AP', 51.5009, -0.1774),
  p('22 Bishopsgate', 'EC2N 4BQ', 51.5144, -0.0829),
  p('Richmond Park, Kingston Gate', 'KT2 7JZ', 51.4167, -0.2833),
  p('Greenwich Park', 'SE10 8QY', 51.4769, -0.0005),
];

export const manchester: Place[] = [
  p('Manchester Airport Terminal 2', 'M90 3RA', 53.3654, -2.2733),
  p('Manchester Piccadilly Station', 'M1 2QF', 53.4774, -2.2309),
  p('The Midland Hotel, Peter Street', 'M60 2DS', 53.4776, -2.2456),
  p('Old Trafford, Sir Matt Busby Way', 'M16 0RA', 53.4631, -2.2913),
  p('MediaCityUK, Salford', 'M50 2EQ', 53.4722, -2.2985),
  p('Etihad Stadium', 'M11 3FF', 53.4831, -2.2004),
];

export const berlin: Place[] = [
  p('Flughafen BER Terminal 1', '12529', 52.3667, 13.5033),
  p('Berlin Hauptbahnhof', '10557', 52.5251, 13.3694),
  p('Hotel Adlon Kempinski, Unter den Linden 77', '10117', 52.5162, 13.3801),
  p('Potsdamer Platz 1', '10785', 52.5096, 13.3759),
  p('Messe Berlin, Messedamm 22', '14055', 52.5053, 13.2753),
  p('Alexanderplatz', '10178', 52.5219, 13.4132),
  p('Charité Campus Mitte', '10117', 52.5265, 13.3766),
  p('Kurfürstendamm 26', '10719', 52.5031, 13.3323),
];

export function placesFor(companyId: number): Place[] {
  if (companyId === 10010) return berlin;
  if (companyId === 10006) return manchester;
  return london;
}

/** Straight-line distance in metres. */
export function metresBetween(a: Place, b: Place): number {
  const R = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * R * Math.asin(Math.sqrt(h)));
}
