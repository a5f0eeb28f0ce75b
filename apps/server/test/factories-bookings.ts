import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/platform/db/client';
import { bookers } from '../src/domains/bookings/schema';
import { clientReferences, clientReferenceTypes, clients } from '../src/domains/clients/schema';
import { passengers } from '../src/domains/passengers/schema';
import { discountCodes, exclusions, knownLocations, zones } from '../src/domains/reference-data/schema';
import { vehicleTypes } from '../src/domains/vehicles/schema';
import type { CallInput } from '@cabdesk/contract';
import { callData } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

/** A company ready to take bookings, with people of every kind the booking tests need. */
export interface BookingWorld {
  company: TestCompany;
  admin: SignedIn;
  dispatcher: SignedIn;
  /** The Accounts role: may read bookings, not change them. */
  accounts: SignedIn;
  driver: SignedIn;
  saloonId: number;
  mpvId: number;
  offTypeId: number;
  passengerId: number;
  clientId: number;
  otherClientId: number;
  referencePoId: number;
  referenceCostId: number;
  bookerId: number;
  codes: { tenPercent: number; fiver: number; expired: number; usedUp: number };
  zoneId: number;
}

export async function bookingWorld(app: FastifyInstance, db: Db): Promise<BookingWorld> {
  const company = await createCompany(db);
  const companyId = company.id;
  const admin = await signIn(app, company.adminEmail);
  const dispatcher = await signIn(
    app,
    (await createUser(db, companyId, 'staff', { staffRoleId: company.roleIds.Dispatcher })).email,
  );
  const accounts = await signIn(
    app,
    (await createUser(db, companyId, 'staff', { staffRoleId: company.roleIds.Accounts })).email,
  );
  const driver = await signIn(app, (await createUser(db, companyId, 'driver')).email);
  const [saloon] = await db.insert(vehicleTypes).values({ companyId, name: 'Saloon', maxPassengers: 4 }).returning();
  const [mpv] = await db.insert(vehicleTypes).values({ companyId, name: 'MPV', maxPassengers: 7 }).returning();
  const [off] = await db.insert(vehicleTypes).values({ companyId, name: 'Old limo', isActive: false }).returning();
  const [passenger] = await db
    .insert(passengers)
    .values({ companyId, firstName: 'Ada', surname: 'Lovelace', mobile: '+44 7700 900001' })
    .returning();
  const [client] = await db.insert(clients).values({ companyId, name: 'Acme Ltd' }).returning();
  const [otherClient] = await db.insert(clients).values({ companyId, name: 'Other Ltd' }).returning();
  // New companies may start with reference types of their own; the tests use one of theirs or make one.
  const [refType] =
    (await db.select().from(clientReferenceTypes).where(eq(clientReferenceTypes.companyId, companyId)).limit(1))
      .length > 0
      ? await db.select().from(clientReferenceTypes).where(eq(clientReferenceTypes.companyId, companyId)).limit(1)
      : await db.insert(clientReferenceTypes).values({ companyId, name: 'Purchase order' }).returning();
  const [po] = await db
    .insert(clientReferences)
    .values({ companyId, clientId: client!.id, referenceTypeId: refType!.id, label: 'PO number', isMandatory: true })
    .returning();
  const [cost] = await db
    .insert(clientReferences)
    .values({ companyId, clientId: client!.id, referenceTypeId: refType!.id, label: 'Cost centre' })
    .returning();
  const [booker] = await db.insert(bookers).values({ companyId, clientId: client!.id, name: 'Pat Booker' }).returning();
  const code = (values: Partial<typeof discountCodes.$inferInsert> & { code: string }) =>
    db
      .insert(discountCodes)
      .values({ companyId, discountType: 'percent', ...values })
      .returning()
      .then((r) => r[0]!.id);
  const codes = {
    tenPercent: await code({ code: 'TEN', percentBp: 1000 }),
    fiver: await code({ code: 'FIVER', discountType: 'amount', amountMinor: 500, maxUses: 1 }),
    expired: await code({ code: 'OLD', percentBp: 1000, validTo: '2020-01-01' }),
    usedUp: await code({ code: 'GONE', percentBp: 1000, maxUses: 2, usedCount: 2 }),
  };
  // Central London, roughly Westminster to the City.
  const [zone] = await db
    .insert(zones)
    .values({
      companyId,
      name: 'Central',
      description: 'Inside the ring',
      polygon: [
        [51.49, -0.16],
        [51.49, -0.07],
        [51.53, -0.07],
        [51.53, -0.16],
      ],
    })
    .returning();
  await db.insert(knownLocations).values({
    companyId,
    name: 'Heathrow Terminal 5',
    locationType: 'airport',
    address: 'Heathrow Terminal 5, Wallis Road',
    postcode: 'TW6 2GA',
    lat: '51.4723',
    lng: '-0.4880',
  });
  await db.insert(exclusions).values({ companyId, name: 'Christmas', startDate: '2099-12-24', endDate: '2099-12-26' });
  return {
    company,
    admin,
    dispatcher,
    accounts,
    driver,
    saloonId: saloon!.id,
    mpvId: mpv!.id,
    offTypeId: off!.id,
    passengerId: passenger!.id,
    clientId: client!.id,
    otherClientId: otherClient!.id,
    referencePoId: po!.id,
    referenceCostId: cost!.id,
    bookerId: booker!.id,
    codes,
    zoneId: zone!.id,
  };
}

/** Tomorrow (or n days on) at a UTC hour, as the form sends it. */
export const daysAhead = (n: number, hour = 10) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + n);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

export const westminster = {
  address: 'Palace of Westminster, London',
  postcode: 'SW1A 0AA',
  lat: 51.4995,
  lng: -0.1248,
};
export const stPauls = { address: "St Paul's Cathedral, London", postcode: 'EC4M 8AD', lat: 51.5138, lng: -0.0984 };
export const heathrow = { address: 'Heathrow Terminal 5', postcode: 'TW6 2GA', lat: 51.4723, lng: -0.488 };

/** A plain office booking from Westminster to St Paul's tomorrow. */
export function bookingBody(
  w: BookingWorld,
  extra: Partial<CallInput<'Booking/Create'>> = {},
): CallInput<'Booking/Create'> {
  return {
    pickupAt: daysAhead(1),
    stops: [westminster, stPauls],
    vehicleTypeId: w.saloonId,
    passengerId: w.passengerId,
    ...extra,
  };
}

export async function book(
  app: FastifyInstance,
  w: BookingWorld,
  extra: Partial<CallInput<'Booking/Create'>> = {},
  token = w.admin.accessToken,
) {
  return callData(app, 'Booking/Create', bookingBody(w, extra), token);
}
