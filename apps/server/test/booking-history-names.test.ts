import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './client';
import { createTestApp, type TestApp } from './harness';
import { dispatchWorld, type DispatchWorld, makeBooking, makeDriver, makeVehicle } from './factories-dispatch';

let t: TestApp;
let w: DispatchWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await dispatchWorld(t.app, t.db);
});

describe('the booking history', () => {
  it('names the driver and the vehicle instead of their ids', async () => {
    const driver = await makeDriver(t.db, w.company.id, {
      firstName: 'James',
      lastName: 'Walker',
      vendorId: w.vendorId,
    });
    const vehicle = await makeVehicle(t.db, w.company.id, w.saloonId);
    const booking = await makeBooking(t.db, w.company.id);
    const allocated = await call(
      t.app,
      'Booking/UpdateBookingDriverAndVehicleHard',
      { bookingId: booking.id, driverId: driver.id, vehicleId: vehicle.id },
      w.dispatcher.accessToken,
    );
    expect(allocated.status).toBe(200);

    const history = await call(t.app, 'Booking/GetBookingHistoryLog', { id: booking.id }, w.dispatcher.accessToken);
    const entry = history.body.data.find((e) => e.changes.some((c) => c.field === 'driverId'));
    expect(entry?.description).toContain('James Walker');
    expect(entry?.description).toContain(vehicle.registration);
    expect(entry?.description).toMatch(/Driver .*James Walker/);
    const shown = entry!.changes.flatMap((c) => [c.before, c.after]);
    for (const id of [driver.id, vehicle.id]) expect(shown).not.toContain(id);
  });
});
