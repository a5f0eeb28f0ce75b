import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { bookers, bookings, bookingStops } from '../bookings/schema';
import { clients } from '../clients/schema';
import { companies } from '../company/schema';
import { drivers } from '../drivers/schema';
import { passengers } from '../passengers/schema';
import { vehicles } from '../vehicles/schema';
import { formatPickup, type MessageFacts } from './templates';

const fullName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ').trim() || null;

/** A booking with the people messages go to and the facts they mention. */
export interface BookingContacts {
  bookingId: number;
  passenger: { id: number; name: string | null; email: string | null; mobile: string | null } | null;
  booker: { name: string; email: string | null } | null;
  client: {
    id: number;
    name: string;
    email: string | null;
    notifications: { sms: string[]; email: string[]; phoneCall: string[] } | null;
  } | null;
  facts: MessageFacts;
}

export async function bookingContacts(db: Db, companyId: number, bookingId: number): Promise<BookingContacts> {
  const [row] = await db
    .select({
      booking: bookings,
      company: { name: companies.name, phone: companies.phone, timezone: companies.timezone, locale: companies.locale },
      passenger: {
        id: passengers.id,
        firstName: passengers.firstName,
        surname: passengers.surname,
        email: passengers.email,
        mobile: passengers.mobile,
        phone: passengers.phone,
      },
      client: { id: clients.id, name: clients.name, email: clients.email, notifications: clients.notifications },
      booker: { name: bookers.name, email: bookers.email },
      driver: {
        firstName: drivers.firstName,
        lastName: drivers.lastName,
        mobile: drivers.mobile,
        phone: drivers.phone,
      },
      vehicle: {
        registration: vehicles.registration,
        make: vehicles.make,
        model: vehicles.model,
        colour: vehicles.colour,
      },
    })
    .from(bookings)
    .innerJoin(companies, eq(companies.id, bookings.companyId))
    .leftJoin(passengers, and(eq(passengers.companyId, bookings.companyId), eq(passengers.id, bookings.passengerId)))
    .leftJoin(clients, and(eq(clients.companyId, bookings.companyId), eq(clients.id, bookings.clientId)))
    .leftJoin(bookers, and(eq(bookers.companyId, bookings.companyId), eq(bookers.id, bookings.bookerId)))
    .leftJoin(drivers, and(eq(drivers.companyId, bookings.companyId), eq(drivers.id, bookings.driverId)))
    .leftJoin(vehicles, and(eq(vehicles.companyId, bookings.companyId), eq(vehicles.id, bookings.vehicleId)))
    .where(and(eq(bookings.companyId, companyId), eq(bookings.id, bookingId)));
  if (!row) throw notFound(`Booking ${bookingId}`);
  const stops = await db
    .select({ address: bookingStops.address, kind: bookingStops.kind })
    .from(bookingStops)
    .where(and(eq(bookingStops.companyId, companyId), eq(bookingStops.bookingId, bookingId)))
    .orderBy(asc(bookingStops.seq));
  const { booking, company, passenger, client, booker, driver, vehicle } = row;
  const passengerName = passenger ? fullName(passenger.firstName, passenger.surname) : null;
  const vehicleWords = vehicle
    ? [fullName(vehicle.colour, vehicle.make, vehicle.model), vehicle.registration].filter(Boolean).join(', ')
    : '';
  return {
    bookingId,
    passenger: passenger
      ? { id: passenger.id, name: passengerName, email: passenger.email, mobile: passenger.mobile ?? passenger.phone }
      : null,
    booker: booker ? { name: booker.name, email: booker.email } : null,
    client: client ?? null,
    facts: {
      bookingId,
      pickupAt: booking.isAsap
        ? 'as soon as possible'
        : formatPickup(booking.pickupAt, company.timezone, company.locale),
      pickup: stops[0]?.address ?? '',
      dropoff: stops.length > 1 ? (stops.at(-1)?.address ?? '') : 'as directed',
      passengerName: passengerName ?? 'passenger',
      driverName: driver ? (fullName(driver.firstName, driver.lastName) ?? 'your driver') : 'your driver',
      driverPhone: driver?.mobile ?? driver?.phone ?? '',
      vehicle: vehicleWords || 'the car',
      companyName: company.name,
      companyPhone: company.phone ?? '',
    },
  };
}
