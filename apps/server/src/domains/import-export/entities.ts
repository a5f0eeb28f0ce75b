import { and, eq, sql } from 'drizzle-orm';
import type { CallName } from '@cabdesk/contract';
import type { Db } from '../../platform/db/client';
import { clients, clientTypes } from '../clients/schema';
import { drivers, driverTypes } from '../drivers/schema';
import { vehicleTypes } from '../vehicles/schema';

/** A column of a sheet that names another row (a vehicle type by name, a client by account number). */
interface Reference {
  field: string;
  headers: string[];
  /** Every row the company has, by lower-cased name (and other accepted spellings). */
  load: (db: Db, companyId: number) => Promise<Map<string, number>>;
  noun: string;
}

export interface ImportEntity {
  create: CallName;
  /** Field → headers people write for it (compared lower-case without spaces, dashes or underscores). */
  fields: Record<string, string[]>;
  booleans?: string[];
  dates?: string[];
  references: Reference[];
}

const byName = async (rows: Promise<{ id: number; names: (string | null)[] }[]>) => {
  const map = new Map<string, number>();
  for (const row of await rows) for (const name of row.names) if (name) map.set(name.trim().toLowerCase(), row.id);
  return map;
};

export const importEntities: Record<'Driver' | 'Passenger' | 'Client' | 'Vehicle', ImportEntity> = {
  Driver: {
    create: 'Driver/Create',
    fields: {
      firstName: ['first name', 'forename', 'given name'],
      lastName: ['last name', 'surname', 'family name'],
      callsign: ['callsign', 'call sign', 'badge'],
      email: ['email', 'e-mail'],
      phone: ['phone', 'telephone'],
      mobile: ['mobile', 'mobile phone', 'cell'],
      dateOfBirth: ['date of birth', 'dob', 'birth date'],
      dateJoined: ['date joined', 'start date', 'joined'],
      nationality: ['nationality', 'country'],
      address: ['address'],
      postcode: ['postcode', 'post code', 'zip'],
      licenceNumber: ['licence number', 'license number', 'licence', 'license'],
      notes: ['notes', 'comments'],
    },
    dates: ['dateOfBirth', 'dateJoined'],
    references: [
      {
        field: 'driverTypeId',
        headers: ['driver type', 'type'],
        noun: 'driver type',
        load: (db, companyId) =>
          byName(
            db
              .select({ id: driverTypes.id, names: sql<string[]>`array[${driverTypes.name}]` })
              .from(driverTypes)
              .where(eq(driverTypes.companyId, companyId)),
          ),
      },
    ],
  },
  Passenger: {
    create: 'Passenger/Create',
    fields: {
      title: ['title'],
      firstName: ['first name', 'forename', 'given name'],
      surname: ['surname', 'last name', 'family name'],
      email: ['email', 'e-mail'],
      phone: ['phone', 'telephone'],
      mobile: ['mobile', 'mobile phone', 'cell'],
      isVip: ['vip', 'is vip'],
      notes: ['notes', 'comments'],
    },
    booleans: ['isVip'],
    references: [
      {
        field: 'clientId',
        headers: ['client', 'account', 'client account', 'account no'],
        noun: 'client (name or account number)',
        load: (db, companyId) =>
          byName(
            db
              .select({ id: clients.id, names: sql<string[]>`array[${clients.name}, ${clients.accountNo}]` })
              .from(clients)
              .where(eq(clients.companyId, companyId)),
          ),
      },
    ],
  },
  Client: {
    create: 'Client/Create',
    fields: {
      name: ['name', 'company', 'client', 'client name'],
      accountNo: ['account no', 'account number', 'account', 'account code'],
      contactName: ['contact', 'contact name'],
      email: ['email', 'e-mail'],
      phone: ['phone', 'telephone'],
      address: ['address'],
      postcode: ['postcode', 'post code', 'zip'],
      vatNumber: ['vat number', 'vat no', 'vat'],
      notes: ['notes', 'comments'],
    },
    references: [
      {
        field: 'clientTypeId',
        headers: ['client type', 'type'],
        noun: 'client type',
        load: (db, companyId) =>
          byName(
            db
              .select({ id: clientTypes.id, names: sql<string[]>`array[${clientTypes.name}]` })
              .from(clientTypes)
              .where(eq(clientTypes.companyId, companyId)),
          ),
      },
      {
        field: 'parentClientId',
        headers: ['parent', 'parent account', 'parent client'],
        noun: 'parent client (name or account number)',
        load: (db, companyId) =>
          byName(
            db
              .select({ id: clients.id, names: sql<string[]>`array[${clients.name}, ${clients.accountNo}]` })
              .from(clients)
              .where(eq(clients.companyId, companyId)),
          ),
      },
    ],
  },
  Vehicle: {
    create: 'Vehicle/Create',
    fields: {
      registration: ['registration', 'reg', 'registration number', 'plate', 'number plate'],
      make: ['make', 'manufacturer'],
      model: ['model'],
      colour: ['colour', 'color'],
      year: ['year', 'year of manufacture'],
      seats: ['seats', 'passengers', 'capacity'],
      vehicleClass: ['class', 'vehicle class'],
      notes: ['notes', 'comments'],
    },
    references: [
      {
        field: 'vehicleTypeId',
        headers: ['vehicle type', 'type'],
        noun: 'vehicle type',
        load: (db, companyId) =>
          byName(
            db
              .select({ id: vehicleTypes.id, names: sql<string[]>`array[${vehicleTypes.name}]` })
              .from(vehicleTypes)
              .where(eq(vehicleTypes.companyId, companyId)),
          ),
      },
      {
        field: 'ownerDriverId',
        headers: ['owner driver', 'owner', 'driver'],
        noun: 'driver (callsign or full name)',
        load: (db, companyId) =>
          byName(
            db
              .select({
                id: drivers.id,
                names: sql<string[]>`array[${drivers.callsign}, ${drivers.firstName} || ' ' || ${drivers.lastName}]`,
              })
              .from(drivers)
              .where(and(eq(drivers.companyId, companyId))),
          ),
      },
    ],
  },
};

export const normalise = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');
