import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { driverShifts } from '../src/domains/dispatch/schema';
import { drivers } from '../src/domains/drivers/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createUser, signIn, type SignedIn } from './factories';
import { signedDriver } from './factories-driver-account';
import { dispatchWorld, makeVehicle, type DispatchWorld } from './factories-dispatch';

// The driver app calls the office's status and shift calls for its own driver (contract alsoFor).

let t: TestApp;
let w: DispatchWorld;
let me: SignedIn & { id: number };
let colleague: SignedIn & { id: number };
let passenger: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  w = await dispatchWorld(t.app, t.db);
  me = await signedDriver(t.db, t.app, w.company);
  colleague = await signedDriver(t.db, t.app, w.company);
  passenger = await signIn(t.app, (await createUser(t.db, w.company.id, 'passenger')).email);
});

const availabilityOf = async (driverId: number) =>
  (await t.db.select({ a: drivers.availability }).from(drivers).where(eq(drivers.id, driverId)))[0]?.a;

describe('Driver/UpdateDriverStatus from the driver app', () => {
  it("sets the signed-in driver's own availability", async () => {
    const res = await call(t.app, 'Driver/UpdateDriverStatus', { driverId: me.id, availability: 4 }, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ driverId: me.id, availability: 4, availabilityName: 'On break' });
    expect(await availabilityOf(me.id)).toBe(4);
  });

  it("answers 404 naming driverId for another driver's id, and changes nothing", async () => {
    const before = await availabilityOf(colleague.id);
    const res = await call(
      t.app,
      'Driver/UpdateDriverStatus',
      { driverId: colleague.id, availability: 4 },
      me.accessToken,
    );
    expect(res.status).toBe(404);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['driverId']);
    expect(await availabilityOf(colleague.id)).toBe(before);
  });

  it('is refused to a passenger', async () => {
    const res = await call(
      t.app,
      'Driver/UpdateDriverStatus',
      { driverId: me.id, availability: 1 },
      passenger.accessToken,
    );
    expect(res.status).toBe(403);
  });
});

describe('Driver/AddDriverShift from the driver app', () => {
  it('starts and ends its own shift with a vehicle', async () => {
    const vehicle = await makeVehicle(t.db, w.company.id, w.saloonId);
    await t.db.update(drivers).set({ availability: 3 }).where(eq(drivers.id, me.id));
    const start = await call(
      t.app,
      'Driver/AddDriverShift',
      { driverId: me.id, vehicleId: vehicle.id },
      me.accessToken,
    );
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ driverId: me.id, vehicleId: vehicle.id, endedAt: null, availability: 1 });
    const open = await t.db
      .select()
      .from(driverShifts)
      .where(and(eq(driverShifts.driverId, me.id), isNull(driverShifts.endedAt)));
    expect(open).toHaveLength(1);
    expect(open[0]?.vehicleId).toBe(vehicle.id);

    const end = await call(t.app, 'Driver/AddDriverShift', { driverId: me.id, action: 'end' }, me.accessToken);
    expect(end.status).toBe(200);
    expect(end.body.data).toMatchObject({ availability: 3, vehicleRegistration: vehicle.registration });
    expect(end.body.data.endedAt).not.toBeNull();
    expect(await availabilityOf(me.id)).toBe(3);
  });

  it("answers 404 naming driverId for another driver's shift, and opens none", async () => {
    const res = await call(t.app, 'Driver/AddDriverShift', { driverId: colleague.id }, me.accessToken);
    expect(res.status).toBe(404);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['driverId']);
    const shifts = await t.db.select().from(driverShifts).where(eq(driverShifts.driverId, colleague.id));
    expect(shifts).toHaveLength(0);
  });

  it('is refused to a passenger', async () => {
    const res = await call(t.app, 'Driver/AddDriverShift', { driverId: me.id }, passenger.accessToken);
    expect(res.status).toBe(403);
  });
});
