import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookingFormSettings } from '../src/domains/company/schema';
import { expectEvery } from './assertions';
import { call, callRaw } from './client';
import { world, type World } from './world';

let w: World<'Dispatcher', true>;

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher'], otherCompany: true });
});

describe('BookingFormSetting/GetBookingFormSetting', () => {
  it('starts with every field shown and none compulsory', async () => {
    const res = await call(w.app, 'BookingFormSetting/GetBookingFormSetting', {}, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.fields.flightNumber).toEqual({ show: true, required: false });
    expectEvery(Object.values(res.body.data.fields), (f) => f.show && !f.required);
    expect(res.body.data).toMatchObject({ allowAsap: true, allowBackEntry: true, minLeadMinutes: 0, updatedAt: null });
  });

  it('needs the settings permission', async () => {
    expect((await call(w.app, 'BookingFormSetting/GetBookingFormSetting', {}, w.as.Dispatcher.token)).status).toBe(403);
  });
});

describe('BookingFormSetting/Update', () => {
  it('changes the settings sent, keeps the rest and writes history', async () => {
    const res = await call(
      w.app,
      'BookingFormSetting/Update',
      {
        fields: { flightNumber: { show: true, required: true }, discountCode: { show: 'false' } },
        allowBackEntry: false,
        minLeadMinutes: '30',
      },
      w.admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.fields.flightNumber).toEqual({ show: true, required: true });
    expect(res.body.data.fields.discountCode).toEqual({ show: false, required: false });
    expect(res.body.data.fields.booker).toEqual({ show: true, required: false });
    expect(res.body.data).toMatchObject({ allowAsap: true, allowBackEntry: false, minLeadMinutes: 30 });

    const second = await call(w.app, 'BookingFormSetting/Update', { allowAsap: false }, w.admin.token);
    expect(second.body.data.fields.flightNumber?.required).toBe(true);
    const read = await call(w.app, 'BookingFormSetting/GetBookingFormSetting', {}, w.admin.token);
    expect(read.body.data).toMatchObject({ allowAsap: false, allowBackEntry: false, minLeadMinutes: 30 });
    expect(read.body.data.updatedAt).not.toBeNull();

    const history = await w.db.select().from(auditLog).where(eq(auditLog.entityType, 'booking_form_settings'));
    expect(history).toHaveLength(2);
    expect(history[0]?.changes).toHaveProperty('allowBackEntry');
  });

  it("leaves another company's settings alone", async () => {
    const res = await call(w.app, 'BookingFormSetting/GetBookingFormSetting', {}, w.other.admin.token);
    expect(res.body.data.allowAsap).toBe(true);
    expect(res.body.data.updatedAt).toBeNull();
  });

  it('refuses a compulsory hidden field and fields that cannot be compulsory, naming them', async () => {
    const before = await w.db.select().from(bookingFormSettings).where(eq(bookingFormSettings.companyId, w.company.id));
    for (const [body, field] of [
      [{ fields: { notesForDriver: { show: false, required: true } } }, 'fields.notesForDriver.required'],
      [{ fields: { passengerCount: { show: true, required: true } } }, 'fields.passengerCount.required'],
      [{ fields: { flightNumber: { required: true } } }, 'fields.flightNumber.show'],
      [{ minLeadMinutes: -5 }, 'minLeadMinutes'],
      [{ allowAsap: 'maybe' }, 'allowAsap'],
    ] as const) {
      const res = await callRaw(w.app, 'BookingFormSetting/Update', body, w.admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
    const after = await w.db.select().from(bookingFormSettings).where(eq(bookingFormSettings.companyId, w.company.id));
    expect(after).toEqual(before);
  });

  it('needs the settings permission', async () => {
    expect((await call(w.app, 'BookingFormSetting/Update', { allowAsap: true }, w.as.Dispatcher.token)).status).toBe(
      403,
    );
  });
});
