import { and, asc, eq, inArray, isNull, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { bookings, bookingStops } from '../domains/bookings/schema';
import { driverShifts } from '../domains/dispatch/schema';
import { drivers } from '../domains/drivers/schema';
import { passengers } from '../domains/passengers/schema';
import { vehicles } from '../domains/vehicles/schema';
import { type PositionPoint, recordPositions } from '../domains/tracking/positions';
import { randomness } from './bookings';
import { type Place, placesFor } from './places';

const MIN = 60_000;

interface LatLng {
  lat: number;
  lng: number;
}

/** Somewhere within about `metres` of a point. */
function near(rnd: ReturnType<typeof randomness>, p: LatLng, metres: number): LatLng {
  const dLat = ((rnd.next() * 2 - 1) * metres) / 111_000;
  const dLng = ((rnd.next() * 2 - 1) * metres) / (111_000 * Math.cos((p.lat * Math.PI) / 180));
  return { lat: +(p.lat + dLat).toFixed(6), lng: +(p.lng + dLng).toFixed(6) };
}

/** A wobbly line from a to b, one fix every `everySeconds`, ending at `until`. */
function drive(
  rnd: ReturnType<typeof randomness>,
  a: LatLng,
  b: LatLng,
  from: number,
  until: number,
  everySeconds = 30,
): PositionPoint[] {
  const steps = Math.max(2, Math.floor((until - from) / (everySeconds * 1000)));
  const points: PositionPoint[] = [];
  for (let i = 0; i <= steps; i++) {
    const f = i / steps;
    const bend = Math.sin(f * Math.PI) * 0.004;
    const p = near(rnd, { lat: a.lat + (b.lat - a.lat) * f + bend, lng: a.lng + (b.lng - a.lng) * f }, 40);
    points.push({
      ...p,
      heading: null,
      speed: 6 + rnd.int(0, 8),
      accuracy: 5 + rnd.int(0, 10),
      recordedAt: new Date(from + (until - from) * f),
    });
  }
  return points;
}

async function inBatches(db: Db, companyId: number, driverId: number, points: PositionPoint[]) {
  for (let i = 0; i < points.length; i += 400) {
    await recordPositions(db, companyId, driverId, points.slice(i, i + 400));
  }
}

/** One journey under way, for a company that has none, so the map and the tracking panel show one. */
async function startDemoJourney(db: Db, companyId: number, driverId: number, places: Place[], now: number) {
  const rnd = randomness(companyId * 31 + driverId);
  const [shift] = await db
    .select({ vehicleId: driverShifts.vehicleId })
    .from(driverShifts)
    .where(
      and(eq(driverShifts.companyId, companyId), eq(driverShifts.driverId, driverId), isNull(driverShifts.endedAt)),
    );
  const [vehicle] = await db
    .select({ id: vehicles.id, vehicleTypeId: vehicles.vehicleTypeId })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.companyId, companyId),
        shift?.vehicleId ? eq(vehicles.id, shift.vehicleId) : eq(vehicles.isActive, true),
      ),
    )
    .orderBy(asc(vehicles.id))
    .limit(1);
  const [passenger] = await db
    .select({ id: passengers.id, clientId: passengers.clientId })
    .from(passengers)
    .where(eq(passengers.companyId, companyId))
    .orderBy(asc(passengers.id))
    .limit(1);
  const from = rnd.int(0, places.length - 1);
  const to = (from + 1 + rnd.int(0, places.length - 2)) % places.length;
  const [booking] = await db
    .insert(bookings)
    .values({
      companyId,
      status: 'on_board',
      pickupAt: new Date(now - 20 * MIN),
      passengerId: passenger?.id ?? null,
      clientId: passenger?.clientId ?? null,
      vehicleTypeId: vehicle?.vehicleTypeId ?? null,
      driverId,
      vehicleId: vehicle?.id ?? null,
      paymentMethod: 'card',
      source: 'phone',
      allocatedAt: new Date(now - 40 * MIN),
      acceptedAt: new Date(now - 38 * MIN),
      onRouteAt: new Date(now - 30 * MIN),
      arrivedAt: new Date(now - 19 * MIN),
      onBoardAt: new Date(now - 16 * MIN),
      waitingSeconds: 180,
      createdAt: new Date(now - 45 * MIN),
    })
    .returning({ id: bookings.id });
  const stop = (p: Place) => ({ address: p.address, postcode: p.postcode, lat: String(p.lat), lng: String(p.lng) });
  await db.insert(bookingStops).values([
    { companyId, bookingId: booking!.id, seq: 1, kind: 'pickup', ...stop(places[from]!) },
    { companyId, bookingId: booking!.id, seq: 2, kind: 'dropoff', ...stop(places[to]!) },
  ]);
}

/**
 * Live positions for the demo: every driver on shift (or not offline) gets a fresh position around
 * the company's area, offline drivers a last-seen position some hours ago, and each journey under
 * way a route from setting off to now (a company without one gets one journey started). Only adds
 * fresh points, so it may run at every start to keep the map alive.
 */
export async function seedDemoPositions(db: Db, companyId: number, at = new Date()): Promise<void> {
  const now = at.getTime();
  const rnd = randomness(companyId * 104_729 + Math.floor(now / 3_600_000));
  const places = placesFor(companyId);
  const onShift = db
    .select({ id: driverShifts.driverId })
    .from(driverShifts)
    .where(and(eq(driverShifts.companyId, companyId), isNull(driverShifts.endedAt)));
  const people = await db
    .select({ id: drivers.id, availability: drivers.availability })
    .from(drivers)
    .where(and(eq(drivers.companyId, companyId), eq(drivers.isActive, true)))
    .orderBy(asc(drivers.id));
  if (!people.length) return;
  const working = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(
      and(
        eq(drivers.companyId, companyId),
        eq(drivers.isActive, true),
        or(inArray(drivers.availability, [1, 2, 4]), inArray(drivers.id, onShift)),
      ),
    );
  const workingIds = new Set(working.map((d) => d.id));

  const journeyStatuses = ['on_route', 'arrived', 'on_board'] as const;
  const running = () =>
    db
      .select({ id: bookings.id, driverId: bookings.driverId, status: bookings.status, onRouteAt: bookings.onRouteAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.companyId, companyId),
          inArray(bookings.status, [...journeyStatuses]),
          isNotNull(bookings.driverId),
        ),
      );
  let journeys = await running();
  if (!journeys.length) {
    const busy = people.find((d) => d.availability === 2) ?? people.find((d) => workingIds.has(d.id)) ?? people[0]!;
    await startDemoJourney(db, companyId, busy.id, places, now);
    workingIds.add(busy.id);
    journeys = await running();
  }

  const driving = new Set<number>();
  for (const job of journeys) {
    const driverId = job.driverId!;
    if (driving.has(driverId)) continue;
    driving.add(driverId);
    const stops = await db
      .select({ lat: bookingStops.lat, lng: bookingStops.lng })
      .from(bookingStops)
      .where(and(eq(bookingStops.companyId, companyId), eq(bookingStops.bookingId, job.id)))
      .orderBy(asc(bookingStops.seq));
    const pickup = stops[0]?.lat ? { lat: Number(stops[0].lat), lng: Number(stops[0].lng) } : places[0]!;
    const last = stops.at(-1);
    const dropoff =
      last?.lat && stops.length > 1 ? { lat: Number(last.lat), lng: Number(last.lng) } : near(rnd, pickup, 5000);
    const started = Math.max(job.onRouteAt?.getTime() ?? now - 20 * MIN, now - 3 * 3_600_000);
    const toPickup = drive(
      rnd,
      near(rnd, pickup, 3000),
      pickup,
      started,
      job.status === 'on_route' ? now - 5000 : started + (now - started) * 0.4,
    );
    const points =
      job.status === 'on_board'
        ? [
            ...toPickup,
            ...drive(
              rnd,
              pickup,
              {
                lat: pickup.lat + (dropoff.lat - pickup.lat) * 0.6,
                lng: pickup.lng + (dropoff.lng - pickup.lng) * 0.6,
              },
              started + (now - started) * 0.5,
              now - 5000,
            ).slice(1),
          ]
        : job.status === 'arrived'
          ? [...toPickup, { ...pickup, heading: null, speed: 0, accuracy: 5, recordedAt: new Date(now - 10_000) }]
          : toPickup;
    await inBatches(db, companyId, driverId, points);
  }

  for (const d of people) {
    if (driving.has(d.id)) continue;
    const place = rnd.pick(places);
    if (workingIds.has(d.id)) {
      const spot = near(rnd, place, 1500);
      await recordPositions(db, companyId, d.id, [
        {
          ...spot,
          heading: rnd.int(0, 359),
          speed: d.availability === 4 ? 0 : rnd.int(0, 12),
          accuracy: 8,
          recordedAt: new Date(now - rnd.int(5, 150) * 1000),
        },
      ]);
    } else if (rnd.chance(0.6)) {
      const spot = near(rnd, place, 2500);
      await recordPositions(db, companyId, d.id, [
        { ...spot, heading: null, speed: 0, accuracy: 15, recordedAt: new Date(now - rnd.int(2, 20) * 3_600_000) },
      ]);
    }
  }
}
