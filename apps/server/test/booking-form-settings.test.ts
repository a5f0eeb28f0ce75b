import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookingFormSettings } from '../src/domains/company/schema';
import { createTestApp, type TestApp } from './harness';
import { call } from './client';
import { createCompany, createUser, signIn, type SignedIn, type TestCompany } from './factories';

let t: TestApp;
let company: TestCompany;
let otherCompany: TestCompany;
let admin: SignedIn;
let other: SignedIn;
let dispatcher: SignedIn;

type Settings = {
  fields: Record<string, { show: boolean; required: boolean }>;
  allowAsap: boolean;
  allowBackEntry: boolean;
  minLeadMinutes: number;
  updatedAt: string | null;
};
type Answer = { code: number; data: Settings; errors?: { field: string; message: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
  admin = await signIn(t.app, company.adminEmail);
  other = await signIn(t.app, otherCompany.adminEmail);
  dispatcher = await signIn(
    t.app,
    (await createUser(t.db, company.id, 'staff', { staffRoleId: company.roleIds.Dispatcher })).email,
  );
});

describe('BookingFormSetting/GetBookingFormSetting', () => {
  it('starts with every field shown and none compulsory', async () => {
    const res = await call(t.app, 'BookingFormSetting/GetBookingFormSetting', {}, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.fields.flightNumber).toEqual({ show: true, required: false });
    expect(Object.values(res.body.data.fields).every((f) => f.show && !f.required)).toBe(true);
    expect(res.body.data).toMatchObject({ allowAsap: true, allowBackEntry: true, minLeadMinutes: 0, updatedAt: null });
  });

  it('needs the settings permission', async () => {
    expect((await call(t.app, 'BookingFormSetting/GetBookingFormSetting', {}, dispatcher.accessToken)).status).toBe(
      403,
    );
  });
});

describe('BookingFormSetting/Update', () => {
  it('changes the settings sent, keeps the rest and writes history', async () => {
    const res = await call(
      t.app,
      'BookingFormSetting/Update',
      {
        fields: { flightNumber: { show: true, required: true }, discountCode: { show: 'false' } },
        allowBackEntry: false,
        minLeadMinutes: '30',
      },
      admin.accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.fields.flightNumber).toEqual({ show: true, required: true });
    expect(res.body.data.fields.discountCode).toEqual({ show: false, required: false });
    expect(res.body.data.fields.booker).toEqual({ show: true, required: false });
    expect(res.body.data).toMatchObject({ allowAsap: true, allowBackEntry: false, minLeadMinutes: 30 });

    const second = await call(t.app, 'BookingFormSetting/Update', { allowAsap: false }, admin.accessToken);
    expect(second.body.data.fields.flightNumber?.required).toBe(true);
    const read = await call(t.app, 'BookingFormSetting/GetBookingFormSetting', {}, admin.accessToken);
    expect(read.body.data).toMatchObject({ allowAsap: false, allowBackEntry: false, minLeadMinutes: 30 });
    expect(read.body.data.updatedAt).not.toBeNull();

    const history = await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'booking_form_settings'));
    expect(history).toHaveLength(2);
    expect(history[0]?.changes).toHaveProperty('allowBackEntry');
  });

  it("leaves another company's settings alone", async () => {
    const res = await call(t.app, 'BookingFormSetting/GetBookingFormSetting', {}, other.accessToken);
    expect(res.body.data.allowAsap).toBe(true);
    expect(res.body.data.updatedAt).toBeNull();
  });

  it('refuses a compulsory hidden field and fields that cannot be compulsory, naming them', async () => {
    const before = await t.db.select().from(bookingFormSettings).where(eq(bookingFormSettings.companyId, company.id));
    for (const [body, field] of [
      [{ fields: { notesForDriver: { show: false, required: true } } }, 'fields.notesForDriver.required'],
      [{ fields: { passengerCount: { show: true, required: true } } }, 'fields.passengerCount.required'],
      [{ fields: { flightNumber: { required: true } } }, 'fields.flightNumber.show'],
      [{ minLeadMinutes: -5 }, 'minLeadMinutes'],
      [{ allowAsap: 'maybe' }, 'allowAsap'],
    ] as const) {
      const res = await call(t.app, 'BookingFormSetting/Update', body, admin.accessToken);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe(field);
    }
    const after = await t.db.select().from(bookingFormSettings).where(eq(bookingFormSettings.companyId, company.id));
    expect(after).toEqual(before);
  });

  it('needs the settings permission', async () => {
    expect((await call(t.app, 'BookingFormSetting/Update', { allowAsap: true }, dispatcher.accessToken)).status).toBe(
      403,
    );
  });
});
