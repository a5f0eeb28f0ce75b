import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../src/platform/auth/tokens';
import { createDb, type RootDb } from '../src/platform/db/client';
import type { CallContext } from '../src/platform/http/context';
import { suggestDrivers } from '../src/domains/dispatch/suggestions';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import {
  dispatchWorld,
  giveDocument,
  makeBooking,
  makeDriver,
  makeVehicle,
  onShiftAt,
  type DispatchWorld,
} from './factories-dispatch';

let t: TestApp;
let w: DispatchWorld;
/** A pool whose every statement runs on the plan PostgreSQL keeps for a prepared statement. */
let generic: RootDb;

const pickup = { lat: 51.5074, lng: -0.1278 };

beforeAll(async () => {
  t = await createTestApp();
  w = await dispatchWorld(t.app, t.db);
  const url = new URL(t.databaseUrl);
  url.searchParams.set('options', '-c plan_cache_mode=force_generic_plan');
  generic = createDb(url.toString(), 2);
});

afterAll(async () => {
  await generic.$client.end();
});

describe('Booking/GetSuggestedDrivers through its prepared statements', () => {
  it('answers alike on the kept plan as on a fresh one, call after call, whatever the booking', async () => {
    const cid = w.company.id;
    const place = async (name: string, dLat: number, typeId: number | null) => {
      const d = await makeDriver(t.db, cid, { firstName: name, lastName: 'Kept' });
      const v = typeId === null ? null : await makeVehicle(t.db, cid, typeId);
      await onShiftAt(t.db, cid, d.id, v?.id ?? null, pickup.lat + dLat, pickup.lng + dLat / 2);
      return { driverId: d.id, vehicleId: v?.id ?? null };
    };
    const near = await place('Near', 0.004, w.saloonId);
    await place('Mid', 0.02, w.saloonId);
    await place('Mpv', 0.006, w.mpvId);
    await place('Walker', 0.008, null);
    const lapsed = await place('Lapsed', 0.003, w.saloonId);
    await giveDocument(t.db, cid, 'driver', lapsed.driverId, 'Driving licence', '2020-01-01');
    // Out of the ±50 km box: never a candidate.
    await place('Away', 0.9, w.saloonId);

    const saloonJob = await makeBooking(t.db, cid, { vehicleTypeId: w.saloonId, ...pickup });
    const anyJob = await makeBooking(t.db, cid, { ...pickup, lat: pickup.lat + 0.01 });
    const unplaced = await makeBooking(t.db, cid, { vehicleTypeId: w.saloonId });
    await t.db.execute(`update booking_stops set lat = null, lng = null where booking_id = ${unplaced.id}`);
    // A job the nearest driver holds over the saloon job's time: ranked lower, with the reason.
    await makeBooking(t.db, cid, {
      ...pickup,
      status: 'allocated',
      driverId: near.driverId,
      vehicleId: near.vehicleId,
      pickupAt: saloonJob.pickupAt,
    });

    // The call reads only the company of the session.
    const ctx = { db: generic, session: { companyId: cid } } as unknown as CallContext<Session>;
    for (let round = 0; round < 4; round++) {
      for (const booking of [saloonJob, anyJob, unplaced]) {
        for (const limit of [1, 5]) {
          const answer = await call(
            t.app,
            'Booking/GetSuggestedDrivers',
            { bookingId: booking.id, limit },
            w.dispatcher.accessToken,
          );
          expect(answer.status).toBe(200);
          const kept = await suggestDrivers(ctx, { bookingId: booking.id, limit });
          expect(JSON.parse(JSON.stringify(kept))).toEqual(answer.body.data);
        }
      }
    }
    const saloon = await suggestDrivers(ctx, { bookingId: saloonJob.id, limit: 5 });
    const names = saloon.candidates.map((c) => c.driverName);
    expect(names).toEqual(expect.arrayContaining(['Near Kept', 'Mid Kept', 'Walker Kept']));
    expect(names).not.toContain('Mpv Kept');
    expect(names).not.toContain('Away Kept');
    expect(saloon.note).toContain('1 of the nearest drivers left out for expired documents');
    const held = saloon.candidates.find((c) => c.driverName === 'Near Kept')!;
    expect(held.reasons.join(' ')).toMatch(/Has job #\d+ \d\d:\d\d–\d\d:\d\d \(ranked lower\)/);
    const any = await suggestDrivers(ctx, { bookingId: anyJob.id, limit: 5 });
    expect(any.candidates.map((c) => c.driverName)).toContain('Mpv Kept');
    expect((await suggestDrivers(ctx, { bookingId: unplaced.id, limit: 5 })).candidates).toEqual([]);
  });
});
