import { and, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { clients } from '../domains/clients/schema';
import { companies } from '../domains/company/schema';
import { documents, documentTypes } from '../domains/documents/schema';
import { drivers, vendors } from '../domains/drivers/schema';
import { entityTags, knownLocations, tags, zones } from '../domains/reference-data/schema';
import { vehicles } from '../domains/vehicles/schema';
import { randomness } from './bookings';
import { placesFor } from './places';

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** Documents with expiries spread over expired, expiring soon and valid; tags; places; a zone; goals. */
export async function seedRegisterDetails(db: Db, companyId: number): Promise<void> {
  const rnd = randomness(companyId * 104_729);
  const types = await db
    .select({ id: documentTypes.id, ownerType: documentTypes.ownerType, hasExpiry: documentTypes.hasExpiry })
    .from(documentTypes)
    .where(eq(documentTypes.companyId, companyId));
  const driverIds = (await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.companyId, companyId))).map(
    (r) => r.id,
  );
  const vehicleIds = (await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.companyId, companyId))).map(
    (r) => r.id,
  );
  const docs: (typeof documents.$inferInsert)[] = [];
  for (const [ownerType, ids] of [
    ['driver', driverIds],
    ['vehicle', vehicleIds],
  ] as const) {
    for (const ownerId of ids) {
      for (const type of types.filter((t) => t.ownerType === ownerType)) {
        if (rnd.chance(0.1)) continue; // a few missing documents, as in life
        const roll = rnd.next();
        const expiry = roll < 0.12 ? rnd.int(-60, -1) : roll < 0.3 ? rnd.int(1, 30) : rnd.int(31, 700);
        docs.push({
          companyId,
          ownerType,
          ownerId,
          documentTypeId: type.id,
          reference: `${ownerType === 'driver' ? 'DL' : 'VH'}-${rnd.int(100000, 999999)}`,
          issueDate: dateIn(expiry - 365),
          expiryDate: type.hasExpiry ? dateIn(expiry) : null,
        });
      }
    }
  }
  if (docs.length) await db.insert(documents).values(docs);

  const made = await db
    .insert(tags)
    .values([
      { companyId, name: 'Airport specialist', tagType: 'driver', colour: '#1c7ed6' },
      { companyId, name: 'Wheelchair trained', tagType: 'driver', colour: '#2f9e44' },
      { companyId, name: 'VIP approved', tagType: 'driver', colour: '#ae3ec9' },
      { companyId, name: 'Electric', tagType: 'vehicle', colour: '#0ca678' },
      { companyId, name: 'Child seat', tagType: 'vehicle', colour: '#f59f00' },
      { companyId, name: 'Key account', tagType: 'client', colour: '#e03131' },
      { companyId, name: 'Frequent flyer', tagType: 'passenger', colour: '#1971c2' },
    ])
    .returning({ id: tags.id, tagType: tags.tagType });
  const links: (typeof entityTags.$inferInsert)[] = [];
  for (const tag of made) {
    const pool = tag.tagType === 'driver' ? driverIds : tag.tagType === 'vehicle' ? vehicleIds : [];
    for (const ownerId of pool)
      if (rnd.chance(0.35)) links.push({ companyId, tagId: tag.id, ownerType: tag.tagType, ownerId });
  }
  const [keyAccount] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.accountNo, 'ACME')));
  const keyTag = made.find((t) => t.tagType === 'client');
  if (keyAccount && keyTag) links.push({ companyId, tagId: keyTag.id, ownerType: 'client', ownerId: keyAccount.id });
  if (links.length) await db.insert(entityTags).values(links);

  const places = placesFor(companyId);
  await db.insert(knownLocations).values(
    places.map((place) => ({
      companyId,
      name: place.address.split(',')[0] ?? place.address,
      locationType: /Airport|Flughafen/.test(place.address)
        ? ('airport' as const)
        : /Station|bahnhof/i.test(place.address)
          ? ('station' as const)
          : /Hotel|Savoy|Midland|Adlon/.test(place.address)
            ? ('hotel' as const)
            : ('other' as const),
      address: place.address,
      postcode: place.postcode,
      lat: String(place.lat),
      lng: String(place.lng),
    })),
  );
  const centre = places[4] ?? places[0]!;
  const d = 0.03;
  await db.insert(zones).values({
    companyId,
    name: 'City centre',
    description: 'Inner zone around the main station',
    polygon: [
      [centre.lat + d, centre.lng - d * 1.5],
      [centre.lat + d, centre.lng + d * 1.5],
      [centre.lat - d, centre.lng + d * 1.5],
      [centre.lat - d, centre.lng - d * 1.5],
    ],
  });
  await db.insert(vendors).values({
    companyId,
    name: 'Partner Cars Ltd',
    contactName: 'Sam Partner',
    email: `dispatch@partner-${companyId}.test`,
    phone: '+44 20 7946 0999',
  });
  await db
    .update(companies)
    .set({ monthlyBookingsGoal: 900, monthlyRevenueGoalMinor: 2_500_000 })
    .where(eq(companies.id, companyId));
}
