import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/platform/db/client';
import { bookings, bookingStops } from '../src/domains/bookings/schema';
import { driverLocations, driverShifts } from '../src/domains/dispatch/schema';
import { documents, documentTypes } from '../src/domains/documents/schema';
import { drivers, vendors } from '../src/domains/drivers/schema';
import { vehicles, vehicleTypes } from '../src/domains/vehicles/schema';
import { and, eq } from 'drizzle-orm';
import { createCompany, createUser, type DefaultRole, signIn, type SignedIn, type TestCompany } from './factories';

let n = 0;
const next = () => ++n;

/** A company with dispatchers, a fleet of two types, drivers and a subcontractor. */
export interface DispatchWorld {
  company: TestCompany;
  admin: SignedIn;
  dispatcher: SignedIn;
  dispatcher2: SignedIn;
  /** The Accounts role: no dispatch rights. */
  accounts: SignedIn;
  saloonId: number;
  mpvId: number;
  vendorId: number;
  offVendorId: number;
}

export async function dispatchWorld(app: FastifyInstance, db: Db): Promise<DispatchWorld> {
  const company = await createCompany(db);
  const companyId = company.id;
  const staff = async (role: DefaultRole, fullName: string) =>
    signIn(app, (await createUser(db, companyId, 'staff', { staffRoleId: company.roleIds[role], fullName })).email);
  const [saloon] = await db.insert(vehicleTypes).values({ companyId, name: `Saloon` }).returning();
  const [mpv] = await db.insert(vehicleTypes).values({ companyId, name: `MPV` }).returning();
  const [vendor] = await db.insert(vendors).values({ companyId, name: 'Night Cars Ltd' }).returning();
  const [offVendor] = await db.insert(vendors).values({ companyId, name: 'Gone Cars', isActive: false }).returning();
  return {
    company,
    admin: await signIn(app, company.adminEmail),
    dispatcher: await staff('Dispatcher', 'Dana Dispatch'),
    dispatcher2: await staff('Dispatcher', 'Eli Dispatch'),
    accounts: await staff('Accounts', 'Ann Accounts'),
    saloonId: saloon!.id,
    mpvId: mpv!.id,
    vendorId: vendor!.id,
    offVendorId: offVendor!.id,
  };
}

export async function makeVehicle(db: Db, companyId: number, vehicleTypeId: number, opts: { isActive?: boolean } = {}) {
  const [v] = await db
    .insert(vehicles)
    .values({ companyId, vehicleTypeId, registration: `DV${next()} ABC`, isActive: opts.isActive ?? true })
    .returning();
  return v!;
}

export async function makeDriver(
  db: Db,
  companyId: number,
  opts: Partial<typeof drivers.$inferInsert> = {},
): Promise<typeof drivers.$inferSelect> {
  const k = next();
  const [d] = await db
    .insert(drivers)
    .values({ companyId, firstName: `Dan${k}`, lastName: 'Driver', callsign: `C${k}`, ...opts })
    .returning();
  return d!;
}

/** Puts a driver on shift (with a vehicle), available, at a position. */
export async function onShiftAt(
  db: Db,
  companyId: number,
  driverId: number,
  vehicleId: number | null,
  lat: number,
  lng: number,
  seenAt = new Date(),
) {
  await db.insert(driverShifts).values({ companyId, driverId, vehicleId });
  await db.update(drivers).set({ availability: 1 }).where(eq(drivers.id, driverId));
  await db
    .insert(driverLocations)
    .values({ companyId, driverId, lat, lng, recordedAt: seenAt })
    .onConflictDoUpdate({ target: driverLocations.driverId, set: { lat, lng, recordedAt: seenAt } });
}

export async function makeBooking(
  db: Db,
  companyId: number,
  opts: Partial<typeof bookings.$inferInsert> & { lat?: number; lng?: number; address?: string } = {},
) {
  const { lat = 51.5074, lng = -0.1278, address = '10 Downing Street', ...values } = opts;
  const [b] = await db
    .insert(bookings)
    .values({ companyId, status: 'confirmed', pickupAt: new Date(Date.now() + 3_600_000), ...values })
    .returning();
  await db.insert(bookingStops).values([
    { companyId, bookingId: b!.id, seq: 1, kind: 'pickup', address, lat: String(lat), lng: String(lng) },
    { companyId, bookingId: b!.id, seq: 2, kind: 'dropoff', address: 'Heathrow T5' },
  ]);
  return b!;
}

/** A document of a mandatory type of the company's own (bootstrap) types. */
export async function giveDocument(
  db: Db,
  companyId: number,
  ownerType: 'driver' | 'vehicle',
  ownerId: number,
  typeName: string,
  expiryDate: string,
) {
  const [type] = await db
    .select()
    .from(documentTypes)
    .where(and(eq(documentTypes.companyId, companyId), eq(documentTypes.name, typeName)));
  if (!type) throw new Error(`no document type ${typeName}`);
  await db.insert(documents).values({ companyId, ownerType, ownerId, documentTypeId: type.id, expiryDate });
  return type;
}
