import { hashPassword } from '../platform/auth/passwords';
import type { Db } from '../platform/db/client';
import { users } from '../domains/auth/schema';
import { clients, clientTypes } from '../domains/clients/schema';
import { drivers, driverTypes } from '../domains/drivers/schema';
import { passengers } from '../domains/passengers/schema';
import { staff } from '../domains/staff/schema';
import { vehicles, vehicleTypes } from '../domains/vehicles/schema';
import { DEMO_PASSWORD } from './companies';

const firstNames = [
  'James',
  'Olivia',
  'Amir',
  'Sophie',
  'Daniel',
  'Priya',
  'Tomasz',
  'Grace',
  'Kwame',
  'Hannah',
  'Luca',
  'Aisha',
];
const lastNames = [
  'Walker',
  'Patel',
  'Nowak',
  'Okafor',
  'Hughes',
  'Rossi',
  'Khan',
  'Evans',
  'Murphy',
  'Chen',
  'Taylor',
  'Ali',
];

/** A small, believable register for one company: types, drivers, vehicles, clients, passengers. */
export async function seedRegister(
  db: Db,
  companyId: number,
  domain: string,
  roleIds: Record<string, number>,
): Promise<void> {
  const password = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const account = async (
    kind: 'admin' | 'staff' | 'driver' | 'passenger',
    email: string,
    fullName: string,
    staffRoleId?: number,
  ) => {
    const [row] = await db
      .insert(users)
      .values({ companyId, kind, email, fullName, passwordHash: password, passwordChangedAt: now, staffRoleId })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned no row');
    return row.id;
  };

  await account('admin', `admin@${domain}`, 'Office Admin');
  const dispatcherRole = roleIds.Dispatcher;
  const dispatcherUser = await account('staff', `dispatcher@${domain}`, 'Dana Dispatch', dispatcherRole);
  await db.insert(staff).values({
    companyId,
    userId: dispatcherUser,
    staffRoleId: dispatcherRole,
    firstName: 'Dana',
    lastName: 'Dispatch',
    email: `dispatcher@${domain}`,
  });

  const types = await db
    .insert(vehicleTypes)
    .values([
      { companyId, name: 'Saloon', maxPassengers: 4, maxLuggage: 2, sortOrder: 1 },
      { companyId, name: 'Estate', maxPassengers: 4, maxLuggage: 4, sortOrder: 2 },
      { companyId, name: 'Executive', maxPassengers: 3, maxLuggage: 3, sortOrder: 3 },
      { companyId, name: 'MPV', maxPassengers: 7, maxLuggage: 6, sortOrder: 4 },
    ])
    .returning({ id: vehicleTypes.id });
  const [employed, owner] = await db
    .insert(driverTypes)
    .values([
      { companyId, name: 'Employed' },
      { companyId, name: 'Owner driver' },
    ])
    .returning({ id: driverTypes.id });

  for (let i = 0; i < 8; i++) {
    const first = firstNames[i] as string;
    const last = lastNames[(i * 5) % lastNames.length] as string;
    const isDemoDriver = i === 0;
    const userId = await account(
      'driver',
      isDemoDriver ? `driver@${domain}` : `driver${i + 1}@${domain}`,
      `${first} ${last}`,
    );
    const [driver] = await db
      .insert(drivers)
      .values({
        companyId,
        userId,
        driverTypeId: i % 3 === 0 ? owner?.id : employed?.id,
        callsign: `D${String(i + 1).padStart(2, '0')}`,
        firstName: first,
        lastName: last,
        email: isDemoDriver ? `driver@${domain}` : `driver${i + 1}@${domain}`,
        phone: `+44 7700 900${String(100 + i)}`,
      })
      .returning({ id: drivers.id });
    const type = types[i % types.length];
    await db.insert(vehicles).values({
      companyId,
      vehicleTypeId: type?.id as number,
      registration: `CB${String(10 + i)} ${['ABC', 'DEF', 'GHJ', 'KLM'][i % 4]}`,
      make: ['Toyota', 'Skoda', 'Mercedes-Benz', 'Ford'][i % 4],
      model: ['Prius', 'Superb Estate', 'E-Class', 'Galaxy'][i % 4],
      colour: ['Silver', 'Black', 'Black', 'Grey'][i % 4],
      seats: [4, 4, 3, 7][i % 4],
      ownerDriverId: i % 3 === 0 ? driver?.id : null,
    });
  }

  const [corporate, hotel, agency] = await db
    .insert(clientTypes)
    .values([
      { companyId, name: 'Corporate' },
      { companyId, name: 'Hotel' },
      { companyId, name: 'Travel agency' },
    ])
    .returning({ id: clientTypes.id });
  const [acme] = await db
    .insert(clients)
    .values({
      companyId,
      name: 'Acme Holdings',
      accountNo: 'ACME',
      email: `accounts@acme.${domain}`,
      clientTypeId: corporate?.id,
    })
    .returning({ id: clients.id });
  const others = await db
    .insert(clients)
    .values([
      {
        companyId,
        parentClientId: acme?.id,
        name: 'Acme Logistics',
        accountNo: 'ACME-LOG',
        invoiceGroup: 'parent' as const,
        email: `logistics@acme.${domain}`,
        clientTypeId: corporate?.id,
      },
      {
        companyId,
        parentClientId: acme?.id,
        name: 'Acme Legal',
        accountNo: 'ACME-LEG',
        // Both billed on Acme Holdings' invoices (docs/invoicing.md#billing-through-the-parent).
        invoiceGroup: 'parent' as const,
        email: `legal@acme.${domain}`,
        clientTypeId: corporate?.id,
      },
      {
        companyId,
        name: 'Northwind Events',
        accountNo: 'NWE',
        email: `bookings@northwind.${domain}`,
        clientTypeId: agency?.id,
      },
      {
        companyId,
        name: 'Grand Palace Hotel',
        accountNo: 'GPH',
        email: `concierge@grandpalace.${domain}`,
        clientTypeId: hotel?.id,
        invoicePeriod: 'weekly' as const,
      },
      {
        companyId,
        name: 'Riverside Hotel',
        accountNo: 'RSH',
        email: `frontdesk@riverside.${domain}`,
        clientTypeId: hotel?.id,
      },
      {
        companyId,
        name: 'Blue Sky Travel',
        accountNo: 'BST',
        email: `ops@bluesky.${domain}`,
        clientTypeId: agency?.id,
        paymentMethod: 'card' as const,
      },
      {
        companyId,
        name: 'Harbour Bank',
        accountNo: 'HBK',
        email: `travel@harbourbank.${domain}`,
        clientTypeId: corporate?.id,
        priority: 3,
      },
    ])
    .returning({ id: clients.id });
  const accounts = [acme?.id, ...others.map((c) => c.id)].filter((id): id is number => id !== undefined);

  const passengerUser = await account('passenger', `passenger@${domain}`, 'Pat Passenger');
  await db.insert(passengers).values([
    {
      companyId,
      userId: passengerUser,
      firstName: 'Pat',
      surname: 'Passenger',
      email: `passenger@${domain}`,
      phone: '+44 7700 900001',
    },
    ...Array.from({ length: 36 }, (_, i) => {
      const first = firstNames[i % firstNames.length] as string;
      const surname = lastNames[(i * 7 + Math.floor(i / 12)) % lastNames.length] as string;
      return {
        companyId,
        // Two in three travel on a client's account; the rest pay their own way.
        clientId: i % 3 === 2 ? null : (accounts[i % accounts.length] ?? null),
        firstName: first,
        surname,
        email: `${first.toLowerCase()}.${surname.toLowerCase()}${i}@mail.test`,
        phone: `+44 7700 9${String(10000 + i * 37).slice(-5)}`,
        isVip: i % 11 === 0,
      };
    }),
  ]);
}
