import { and, eq } from 'drizzle-orm';
import type { BookingSource, BookingStatus } from '@cabdesk/contract';
import type { Db } from '../platform/db/client';
import { users } from '../domains/auth/schema';
import { bookings, bookingStops } from '../domains/bookings/schema';
import { companies } from '../domains/company/schema';
import { drivers } from '../domains/drivers/schema';
import { passengers } from '../domains/passengers/schema';
import { vehicles, vehicleTypes } from '../domains/vehicles/schema';
import { metresBetween, placesFor } from './places';

/** A small seeded generator: the same demo every time. */
export function randomness(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const DAY = 86_400_000;

/**
 * Months of bookings behind today and two weeks ahead, so that statistics, trends, top lists and the
 * dashboard show real figures. Busier on weekdays and at rush hours; most past jobs completed.
 */
export async function seedBookingHistory(db: Db, companyId: number, perDay: number, days = 180): Promise<number> {
  const rnd = randomness(companyId * 7919);
  // A generator of its own: journey times draw nothing from the sequence the bookings are made of.
  const times = randomness(companyId * 104_729);
  const [company] = await db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId));
  const driverRows = await db.select({ id: drivers.id }).from(drivers).where(eq(drivers.companyId, companyId));
  const vehicleRows = await db
    .select({ id: vehicles.id, vehicleTypeId: vehicles.vehicleTypeId })
    .from(vehicles)
    .where(eq(vehicles.companyId, companyId));
  const types = await db
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(eq(vehicleTypes.companyId, companyId));
  const people = await db
    .select({ id: passengers.id, clientId: passengers.clientId })
    .from(passengers)
    .where(eq(passengers.companyId, companyId));
  const staffUsers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'staff')));
  if (!driverRows.length || !vehicleRows.length || !people.length || !types.length) return 0;
  const places = placesFor(companyId);
  const now = Date.now();
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const sources: BookingSource[] = ['office', 'office', 'phone', 'phone', 'web', 'passenger_app', 'client_portal'];
  let made = 0;
  let batch: (typeof bookings.$inferInsert)[] = [];
  let journeys: [number, number][] = [];
  const flush = async () => {
    if (!batch.length) return;
    const ids = await db.insert(bookings).values(batch).returning({ id: bookings.id });
    await db.insert(bookingStops).values(
      ids.flatMap(({ id }, i) => {
        const [from, to] = journeys[i]!;
        return [
          { companyId, bookingId: id, seq: 1, kind: 'pickup' as const, ...placeRow(places[from]!) },
          { companyId, bookingId: id, seq: 2, kind: 'dropoff' as const, ...placeRow(places[to]!) },
        ];
      }),
    );
    made += ids.length;
    batch = [];
    journeys = [];
  };

  for (let day = -days; day <= 14; day++) {
    const date = today + day * DAY;
    const weekday = new Date(date).getUTCDay();
    const count = Math.max(
      1,
      Math.round(perDay * (weekday === 0 || weekday === 6 ? 0.55 : 1) * (0.8 + rnd.next() * 0.4)),
    );
    for (let i = 0; i < count; i++) {
      const hour = rnd.chance(0.35) ? rnd.pick([7, 8, 9, 17, 18]) : rnd.int(5, 23);
      const pickupAt = new Date(date + hour * 3_600_000 + rnd.int(0, 11) * 300_000);
      const passenger = rnd.pick(people);
      const vehicle = rnd.pick(vehicleRows);
      const from = rnd.int(0, places.length - 1);
      let to = rnd.int(0, places.length - 1);
      if (to === from) to = (to + 1) % places.length;
      const metres = Math.round(metresBetween(places[from]!, places[to]!) * 1.3);
      const price = Math.round((350 + metres * 0.19) / 50) * 50;
      const past = pickupAt.getTime() < now;
      const status: BookingStatus = past
        ? rnd.chance(0.86)
          ? 'completed'
          : rnd.chance(0.7)
            ? 'cancelled'
            : 'no_show'
        : rnd.chance(0.55)
          ? 'confirmed'
          : rnd.chance(0.5)
            ? 'allocated'
            : 'pending';
      const assigned = status !== 'pending' && status !== 'confirmed' && !(status === 'cancelled' && rnd.chance(0.5));
      const source = rnd.pick(sources);
      const createdAt = new Date(pickupAt.getTime() - rnd.int(1, 72) * 3_600_000);
      batch.push({
        companyId,
        status,
        paymentStatus: status === 'completed' ? (rnd.chance(0.8) ? 'paid' : 'unpaid') : 'unpaid',
        pickupAt,
        passengerId: passenger.id,
        clientId: passenger.clientId ?? null,
        vehicleTypeId: vehicle.vehicleTypeId,
        driverId: assigned ? rnd.pick(driverRows).id : null,
        vehicleId: assigned ? vehicle.id : null,
        passengerCount: rnd.int(1, 3),
        luggageCount: rnd.int(0, 3),
        paymentMethod: passenger.clientId ? 'account' : rnd.pick(['card', 'cash'] as const),
        source,
        priceMinor: price,
        driverPriceMinor: Math.round(price * 0.7),
        currency: company?.currency ?? 'GBP',
        distanceMetres: metres,
        durationSeconds: Math.round(metres / 8.5),
        completedAt: status === 'completed' ? new Date(pickupAt.getTime() + Math.round(metres / 8.5) * 1000) : null,
        cancelledAt: status === 'cancelled' ? new Date(pickupAt.getTime() - rnd.int(1, 48) * 3_600_000) : null,
        createdBy: (source === 'office' || source === 'phone') && staffUsers.length ? rnd.pick(staffUsers).id : null,
        createdAt,
        ...(status === 'completed' || status === 'no_show'
          ? journeyTimes(times, createdAt, pickupAt, status, metres)
          : {}),
      });
      journeys.push([from, to]);
    }
    if (batch.length >= 1500) await flush();
  }
  await flush();
  return made;
}

/**
 * When a done job was allocated, set off, arrived and took the passenger on board, so the reports'
 * pick-up and allocation figures have something to measure: mostly on time, some late; and the
 * distances its track would give (to the pick-up, and on board a little off the priced route), so
 * dead mileage shows.
 */
function journeyTimes(
  rnd: ReturnType<typeof randomness>,
  createdAt: Date,
  pickupAt: Date,
  status: 'completed' | 'no_show',
  metres: number,
): Partial<typeof bookings.$inferInsert> {
  const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);
  const allocatedAt = new Date(Math.min(at(createdAt, rnd.int(2, 90)).getTime(), at(pickupAt, -20).getTime()));
  const arrivedAt = at(pickupAt, rnd.chance(0.85) ? rnd.int(-6, 4) : rnd.int(6, 20));
  return {
    allocatedAt,
    acceptedAt: at(allocatedAt, rnd.int(1, 5)),
    onRouteAt: at(pickupAt, -rnd.int(15, 30)),
    arrivedAt,
    approachMetres: rnd.int(1500, 9000),
    ...(status === 'completed'
      ? { onBoardAt: at(arrivedAt, rnd.int(1, 4)), drivenMetres: Math.round((metres * rnd.int(95, 112)) / 100) }
      : {}),
  };
}

function placeRow(place: { address: string; postcode: string; lat: number; lng: number }) {
  return { address: place.address, postcode: place.postcode, lat: String(place.lat), lng: String(place.lng) };
}
