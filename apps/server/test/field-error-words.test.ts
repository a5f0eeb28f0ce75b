import { beforeAll, describe, expect, it } from 'vitest';
import { call, callRaw } from './client';
import { createTestApp, type TestApp } from './harness';
import { bookingBody, bookingWorld, type BookingWorld, daysAhead } from './factories-bookings';

let t: TestApp;
let w: BookingWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await bookingWorld(t.app, t.db);
});

describe('field errors speak the words of the form', () => {
  it("says a service rule in the form's words, keeping the payload path and the contract's rule", async () => {
    const res = await call(t.app, 'Booking/Create', bookingBody(w, { pickupAt: daysAhead(-1) }), w.admin.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'pickupAt',
        message: 'Pick-up time must not be in the past (tick Back entry to enter a past job)',
        rule: 'must not be in the past (office staff may tick isBackEntry for a job already done)',
      },
    ]);
    expect(res.body.message).toBe('Pick-up time must not be in the past (tick Back entry to enter a past job)');
  });

  it("names the contract's fields in words, items of a list by their place", async () => {
    const res = await callRaw(
      t.app,
      'Booking/Create',
      { ...bookingBody(w), vehicleTypeId: 'x', stops: [{ address: 'A' }, { address: '' }] },
      w.admin.accessToken,
    );
    expect(res.status).toBe(400);
    const errors = (res.body as { errors: { field: string; message: string; rule: string }[] }).errors;
    expect(errors).toContainEqual({
      field: 'vehicleTypeId',
      message: 'Vehicle type must be a whole number',
      rule: 'must be a whole number',
    });
    expect(errors.find((e) => e.field === 'stops.1.address')?.message).toMatch(/^Stop 2 address /);
    expect((res.body as { message: string }).message).not.toMatch(/vehicleTypeId|stops\.1/);
  });
});
