import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/domains/audit/schema';
import { bookings } from '../src/domains/bookings/schema';
import { documents, documentTypes } from '../src/domains/documents/schema';
import { drivers, driverTypes } from '../src/domains/drivers/schema';
import { driverPaymentModels } from '../src/domains/pay-rules/schema';
import { tags } from '../src/domains/reference-data/schema';
import type { CallInput } from '@cabdesk/contract';
import { expectSameAnswer } from './assertions';
import { call, callData, callRaw, type DataOf } from './client';
import { PASSWORD, signIn } from './factories';
import { world, type World } from './world';

let w: World<'Dispatcher' | 'passenger', true>;
let theirDriverId: number;

type Driver = DataOf<'Driver/Create'>;
const newDriver = (body: CallInput<'Driver/Create'>) => callData(w.app, 'Driver/Create', body, w.admin.token);

beforeAll(async () => {
  w = await world({ roles: ['Dispatcher', 'passenger'], otherCompany: true });
  const [theirs] = await w.db
    .insert(drivers)
    .values({ companyId: w.other.company.id, firstName: 'Their', lastName: 'Driver' })
    .returning();
  theirDriverId = theirs!.id;
  // New companies start with mandatory licence types; the document tests make their own.
  await w.db.update(documentTypes).set({ isMandatory: false }).where(eq(documentTypes.companyId, w.company.id));
});

describe('statistics from bookings', () => {
  let ana: Driver;
  let bo: Driver;
  beforeAll(async () => {
    ana = await newDriver({ firstName: 'Ana', lastName: 'Stats' });
    bo = await newDriver({ firstName: 'Bo', lastName: 'Stats' });
    const companyId = w.company.id;
    const future = new Date(Date.now() + 3 * 86_400_000);
    await w.db.insert(bookings).values([
      {
        companyId,
        driverId: ana.id,
        status: 'completed',
        pickupAt: new Date('2025-03-03T10:00:00Z'),
        priceMinor: 2000,
      },
      {
        companyId,
        driverId: ana.id,
        status: 'completed',
        pickupAt: new Date('2025-03-04T10:00:00Z'),
        priceMinor: 3000,
      },
      {
        companyId,
        driverId: ana.id,
        status: 'cancelled',
        pickupAt: new Date('2025-03-05T10:00:00Z'),
        priceMinor: 1500,
      },
      { companyId, driverId: ana.id, status: 'confirmed', pickupAt: future, priceMinor: 4000 },
      { companyId, driverId: bo.id, status: 'completed', pickupAt: new Date('2025-03-10T10:00:00Z'), priceMinor: 9000 },
    ]);
  });

  it('Driver/GetDriverStatistics counts and sums the driver’s bookings, in a date range too', async () => {
    const all = await call(w.app, 'Driver/GetDriverStatistics', { id: ana.id }, w.as.Dispatcher.token);
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({
      totalBookings: 4,
      completedBookings: 2,
      cancelledBookings: 1,
      noShowBookings: 0,
      upcomingBookings: 1,
      revenueMinor: 5000,
      averageFareMinor: 2500,
      currency: 'GBP',
      firstBookingAt: '2025-03-03T10:00:00.000Z',
      lastBookingAt: expect.any(String),
    });
    const range = await call(
      w.app,
      'Driver/GetDriverStatistics',
      { id: ana.id, fromDate: '2025-03-04', toDate: '2025-03-05' },
      w.admin.token,
    );
    expect(range.body.data).toMatchObject({ totalBookings: 2, completedBookings: 1, revenueMinor: 3000 });
    const bad = await call(w.app, 'Driver/GetDriverStatistics', { id: ana.id, fromDate: '03-04-2025' }, w.admin.token);
    expect(bad.body).toMatchObject({
      errors: [
        { field: 'fromDate', message: 'From date must be a date as YYYY-MM-DD', rule: 'must be a date as YYYY-MM-DD' },
      ],
    });
  });

  it('Driver/GetDriverBookingCount counts all and upcoming bookings', async () => {
    const counts = await call(w.app, 'Driver/GetDriverBookingCount', { id: ana.id }, w.admin.token);
    expect(counts.body.data).toMatchObject({ total: 4, upcoming: 1 });
    const bad = await call(w.app, 'Driver/GetDriverBookingCount', { id: 'one' }, w.admin.token);
    expect(bad.body).toMatchObject({
      errors: [{ field: 'id', message: 'Id must be a whole number', rule: 'must be a whole number' }],
    });
  });

  it('Driver/GetDriverWeekDays and GetDriverBookingTrends group the bookings by day and month', async () => {
    const days = await call(
      w.app,
      'Driver/GetDriverWeekDays',
      { id: ana.id, fromDate: '2025-03-01', toDate: '2025-03-31' },
      w.admin.token,
    );
    expect(days.body.data).toHaveLength(7);
    expect(days.body.data.slice(0, 3)).toEqual([
      { day: 1, name: 'Monday', bookings: 1, revenueMinor: 2000 },
      { day: 2, name: 'Tuesday', bookings: 1, revenueMinor: 3000 },
      { day: 3, name: 'Wednesday', bookings: 1, revenueMinor: 0 },
    ]);
    const trends = await call(
      w.app,
      'Driver/GetDriverBookingTrends',
      { id: ana.id, fromDate: '2025-01-01', toDate: '2025-04-30' },
      w.admin.token,
    );
    expect(trends.body.data.map((r) => r.period)).toEqual(['2025-01', '2025-02', '2025-03', '2025-04']);
    expect(trends.body.data[2]).toMatchObject({ bookings: 3, completed: 2, cancelled: 1, revenueMinor: 5000 });
  });

  it('Driver/GetTopDriver ranks by done bookings, then revenue, within the company', async () => {
    const top = await call(
      w.app,
      'Driver/GetTopDriver',
      { fromDate: '2025-03-01', toDate: '2025-03-31' },
      w.as.Dispatcher.token,
    );
    expect(top.body.data).toEqual([
      { rank: 1, id: ana.id, name: 'Ana Stats', bookings: 2, revenueMinor: 5000 },
      { rank: 2, id: bo.id, name: 'Bo Stats', bookings: 1, revenueMinor: 9000 },
    ]);
    const one = await call(w.app, 'Driver/GetTopDriver', { limit: 1 }, w.admin.token);
    expect(one.body.data.map((r) => r.id)).toEqual([ana.id]);
    expect((await call(w.app, 'Driver/GetTopDriver', {}, w.other.admin.token)).body.data).toEqual([]);
    const bad = await call(w.app, 'Driver/GetTopDriver', { limit: 500 }, w.admin.token);
    expect(bad.body).toMatchObject({
      errors: [{ field: 'limit', message: 'Limit must be at most 50', rule: 'must be at most 50' }],
    });
  });

  it('answers 404 for another company’s driver and 403 to a passenger', async () => {
    for (const name of [
      'Driver/GetDriverStatistics',
      'Driver/GetDriverBookingCount',
      'Driver/GetDriverWeekDays',
      'Driver/GetDriverBookingTrends',
    ] as const) {
      expect((await call(w.app, name, { id: ana.id }, w.other.admin.token)).status, name).toBe(404);
      expect((await call(w.app, name, { id: theirDriverId }, w.admin.token)).status, name).toBe(404);
      expect((await call(w.app, name, { id: ana.id }, w.as.passenger.token)).status, name).toBe(403);
    }
    expect((await call(w.app, 'Driver/GetTopDriver', {}, w.as.passenger.token)).status).toBe(403);
  });
});

describe('documents of a driver', () => {
  let driver: Driver;
  let expiredId: number;
  let vehicleDocId: number;
  beforeAll(async () => {
    driver = await newDriver({ firstName: 'Cara', lastName: 'Docs' });
    const companyId = w.company.id;
    const [badge] = await w.db
      .insert(documentTypes)
      .values({ companyId, name: 'Airport badge', ownerType: 'driver', isMandatory: true })
      .returning();
    const [medical] = await w.db
      .insert(documentTypes)
      .values({ companyId, name: 'Medical', ownerType: 'driver', hasExpiry: false })
      .returning();
    const [mot] = await w.db.insert(documentTypes).values({ companyId, name: 'MOT', ownerType: 'vehicle' }).returning();
    const rows = await w.db
      .insert(documents)
      .values([
        {
          companyId,
          ownerType: 'driver',
          ownerId: driver.id,
          documentTypeId: badge!.id,
          reference: 'LHR-1',
          expiryDate: '2021-06-30',
          fileKey: `${companyId}/documents/badge.pdf`,
          fileName: 'badge.pdf',
        },
        {
          companyId,
          ownerType: 'driver',
          ownerId: driver.id,
          documentTypeId: medical!.id,
          issueDate: '2024-02-01',
          // Its type has no expiry: an old date does not make it expired.
          expiryDate: '2020-01-01',
        },
        { companyId, ownerType: 'vehicle', ownerId: driver.id, documentTypeId: mot!.id },
      ])
      .returning({ id: documents.id });
    expiredId = rows[0]!.id;
    vehicleDocId = rows[2]!.id;
  });

  it('Driver/GetTableSummaryDriverDocument lists the driver’s documents with expiry state and file address', async () => {
    const res = await call(w.app, 'Driver/GetTableSummaryDriverDocument', { id: driver.id }, w.as.Dispatcher.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.data[0]).toMatchObject({
      id: expiredId,
      documentTypeName: 'Airport badge',
      isMandatory: true,
      reference: 'LHR-1',
      expiryState: 'expired',
      hasFile: true,
      fileName: 'badge.pdf',
      fileUrl: expect.stringMatching(/^\/files\/.+badge\.pdf\?exp=\d+&sig=/),
    });
    expect(res.body.data[1]).toMatchObject({ documentTypeName: 'Medical', expiryState: 'no_expiry', hasFile: false });
    const expired = await call(
      w.app,
      'Driver/GetTableSummaryDriverDocument',
      { id: driver.id, expiryState: 'expired', sortColumn: 'expiryDate', sortType: 'desc' },
      w.admin.token,
    );
    expect(expired.body.data.map((r) => r.id)).toEqual([expiredId]);
    const profile = await call(w.app, 'Driver/GetTableSummaryDriver', { id: driver.id }, w.admin.token);
    expect(profile.body.data.documentState).toBe('expired');
  });

  it('refuses bad input, another company’s driver and a passenger', async () => {
    const noId = await callRaw(w.app, 'Driver/GetTableSummaryDriverDocument', {}, w.admin.token);
    expect(noId.body).toMatchObject({ errors: [{ field: 'id', message: 'Id is required', rule: 'is required' }] });
    const sort = await callRaw(
      w.app,
      'Driver/GetTableSummaryDriverDocument',
      { id: driver.id, sortColumn: 'x' },
      w.admin.token,
    );
    expect(sort.status).toBe(400);
    expect(
      (await call(w.app, 'Driver/GetTableSummaryDriverDocument', { id: driver.id }, w.other.admin.token)).status,
    ).toBe(404);
    expect(
      (await call(w.app, 'Driver/GetTableSummaryDriverDocument', { id: driver.id }, w.as.passenger.token)).status,
    ).toBe(403);
  });

  it('Driver/GetDriverDocumentDetails answers one driver document, 404 for others', async () => {
    const res = await call(w.app, 'Driver/GetDriverDocumentDetails', { id: expiredId }, w.admin.token);
    expect(res.body.data).toMatchObject({
      id: expiredId,
      driverId: driver.id,
      driverName: 'Cara Docs',
      expiryDate: '2021-06-30',
    });
    expect((await call(w.app, 'Driver/GetDriverDocumentDetails', { id: vehicleDocId }, w.admin.token)).status).toBe(
      404,
    );
    expect((await call(w.app, 'Driver/GetDriverDocumentDetails', { id: expiredId }, w.other.admin.token)).status).toBe(
      404,
    );
  });
});

describe('photos', () => {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  it('Common/UploadImageDriver stores the photo and Common/GetDriverImage signs its address', async () => {
    const driver = await newDriver({ firstName: 'Dee', lastName: 'Photo' });
    const empty = await call(w.app, 'Common/GetDriverImage', { id: driver.id }, w.as.Dispatcher.token);
    expect(empty.body.data).toEqual({ id: driver.id, imageUrl: null });
    const file = { fileName: 'me.png', mimeType: 'image/png', content: png };
    expect((await call(w.app, 'Common/UploadImageDriver', { id: driver.id, file }, w.as.Dispatcher.token)).status).toBe(
      403,
    );
    expect((await call(w.app, 'Common/UploadImageDriver', { id: driver.id, file }, w.other.admin.token)).status).toBe(
      404,
    );
    const res = await call(w.app, 'Common/UploadImageDriver', { id: driver.id, file }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.imageUrl).toMatch(/^\/files\/\d+\/drivers\/.+\.png\?exp=/);
    const image = await call(w.app, 'Common/GetDriverImage', { id: driver.id }, w.admin.token);
    expect(image.body.data.imageUrl).toMatch(/\.png\?exp=/);
    const served = await w.app.inject({ method: 'GET', url: image.body.data.imageUrl as string });
    expect(served.statusCode).toBe(200);
    const list = await call(w.app, 'Driver/GetTableSummary', { q: 'Dee Photo' }, w.admin.token);
    expect(list.body.data[0]?.photoUrl).toMatch(/\.png\?exp=/);
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, driver.id), eq(auditLog.action, 'photo_changed')));
    expect(history).toHaveLength(1);

    const fake = await call(
      w.app,
      'Common/UploadImageDriver',
      { id: driver.id, file: { ...file, content: Buffer.from('not a picture').toString('base64') } },
      w.admin.token,
    );
    expect(fake.body.errors).toEqual([
      { field: 'file.content', message: 'File content is not a real PNG file', rule: 'is not a real PNG file' },
    ]);
    const svg = await call(
      w.app,
      'Common/UploadImageDriver',
      { id: driver.id, file: { ...file, mimeType: 'image/svg+xml' } },
      w.admin.token,
    );
    expect(svg.body.errors?.[0]?.field).toBe('file.mimeType');
    expect((await call(w.app, 'Common/GetDriverImage', { id: theirDriverId }, w.admin.token)).status).toBe(404);
  });
});

describe('Driver/GetDriverPassword', () => {
  it('sets a new password, signs the old sessions out and answers the password once', async () => {
    const driver = await newDriver({
      firstName: 'Eli',
      lastName: 'Reset',
      appEmail: 'eli.reset@example.test',
      appPassword: PASSWORD,
    });
    const before = await signIn(w.app, 'eli.reset@example.test');
    expect((await call(w.app, 'Driver/GetDriverPassword', { id: driver.id }, w.as.Dispatcher.token)).status).toBe(403);
    expect((await call(w.app, 'Driver/GetDriverPassword', { id: driver.id }, w.other.admin.token)).status).toBe(404);
    const res = await call(w.app, 'Driver/GetDriverPassword', { id: driver.id }, w.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ driverID: driver.id, email: 'eli.reset@example.test' });
    const password = res.body.data.temporaryPassword;
    expect(password).toMatch(/^[a-zA-Z2-9]{4}-[a-zA-Z2-9]{4}-[a-zA-Z2-9]{4}$/);
    expect(password).not.toMatch(/[01lIO]/);
    const refresh = await call(w.app, 'jwt/refresh-token', { refreshToken: before.refreshToken });
    expect(refresh.status).toBe(401);
    const old = await call(w.app, 'UserLogin/UserSignIn', { email: 'eli.reset@example.test', password: PASSWORD });
    expect(old.status).toBe(400);
    const fresh = await signIn(w.app, 'eli.reset@example.test', password);
    expect(fresh.session.uniqueTypeID).toBe(driver.id);
    const history = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, driver.id), eq(auditLog.action, 'password_reset')));
    expect(JSON.stringify(history)).not.toContain(password);
  });

  it('opens the app account from the driver’s e-mail, or names email when there is none or it is taken', async () => {
    const withMail = await newDriver({ firstName: 'Fi', lastName: 'New', email: 'Fi.New@Example.test' });
    const res = await call(w.app, 'Driver/GetDriverPassword', { id: withMail.id }, w.admin.token);
    expect(res.body.data.email).toBe('fi.new@example.test');
    await signIn(w.app, 'fi.new@example.test', res.body.data.temporaryPassword);
    const profile = await call(w.app, 'Driver/GetTableSummaryDriver', { id: withMail.id }, w.admin.token);
    expect(profile.body.data).toMatchObject({ hasAppAccount: true, appEmail: 'fi.new@example.test' });

    const noMail = await newDriver({ firstName: 'Gil', lastName: 'None' });
    const missing = await call(w.app, 'Driver/GetDriverPassword', { id: noMail.id }, w.admin.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('email');

    const clash = await newDriver({ firstName: 'Hu', lastName: 'Clash', email: w.company.adminEmail });
    const taken = await call(w.app, 'Driver/GetDriverPassword', { id: clash.id }, w.admin.token);
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([
      {
        field: 'email',
        message: 'E-mail is already used by another account of this company',
        rule: 'is already used by another account of this company',
      },
    ]);
    const [row] = await w.db.select().from(drivers).where(eq(drivers.id, clash.id));
    expect(row?.userId).toBeNull();
  });
});

describe('lookups', () => {
  beforeAll(async () => {
    const companyId = w.company.id;
    await w.db.insert(driverTypes).values([
      { companyId, name: 'Executive' },
      { companyId, name: 'Retired type', isActive: false },
    ]);
    await w.db.insert(driverPaymentModels).values([
      { companyId, name: 'Per mile', description: 'Paid by the mile' },
      { companyId, name: 'Old model', isActive: false },
    ]);
    await w.db.insert(tags).values([
      { companyId, name: 'Wheelchair trained', tagType: 'driver', colour: '#40c057' },
      { companyId, name: 'Old tag', tagType: 'driver', isActive: false },
      { companyId, name: 'VIP', tagType: 'client' },
    ]);
    const zed = await newDriver({ firstName: 'Zed', lastName: 'Look', callsign: 'ZZ7' });
    await newDriver({
      firstName: 'Zoe',
      lastName: 'Look',
      callsign: 'ZZ8',
      appEmail: 'zoe@example.test',
      appPassword: PASSWORD,
    });
    await newDriver({ firstName: 'Zak', lastName: 'Look', isActive: false });
    await w.db.update(drivers).set({ availability: 1 }).where(eq(drivers.id, zed.id));
  });

  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((r) => r.name);

  it('answer the active reference rows, unpaged, to every signed-in user', async () => {
    const types = await call(w.app, 'Driver/GetDriverTypeList', {}, w.as.passenger.token);
    expect(types.status).toBe(200);
    expect(names(types)).toContain('Executive');
    expect(names(types)).not.toContain('Retired type');
    const status = await call(w.app, 'Driver/GetDriverStatusList', {}, w.as.passenger.token);
    expect(status.body.data).toEqual([
      { id: 1, code: '1', name: 'Available' },
      { id: 2, code: '2', name: 'Busy' },
      { id: 3, code: '3', name: 'Offline' },
      { id: 4, code: '4', name: 'On break' },
    ]);
    const models = await call(w.app, 'Driver/GetDefaultPaymentModelList', {}, w.as.Dispatcher.token);
    expect(models.body.data).toContainEqual({
      id: expect.any(Number),
      name: 'Per mile',
      description: 'Paid by the mile',
    });
    expect(names(models)).not.toContain('Old model');
    const driverTags = await call(w.app, 'Driver/GetDriverTagList', { q: 'wheel' }, w.admin.token);
    expect(driverTags.body.data).toEqual([{ id: expect.any(Number), name: 'Wheelchair trained', colour: '#40c057' }]);
    expect(names(await call(w.app, 'Driver/GetDriverTagList', {}, w.admin.token))).not.toContain('VIP');
    expect((await call(w.app, 'Driver/GetDriverTypeList', {}, w.other.admin.token)).body.data).toEqual([]);
  });

  it('list active drivers by name and callsign, with availability, and drivers with app accounts', async () => {
    const list = await call(w.app, 'Driver/GetDriverList', { q: 'look' }, w.as.Dispatcher.token);
    expect(list.body.data).toEqual([
      { id: expect.any(Number), name: 'Zed Look', callsign: 'ZZ7' },
      { id: expect.any(Number), name: 'Zoe Look', callsign: 'ZZ8' },
    ]);
    const search = await call(w.app, 'Driver/GetDriverListWithSearch', { q: 'zz' }, w.admin.token);
    expect(names(search)).toEqual(['Zed Look', 'Zoe Look']);
    const free = await call(w.app, 'Driver/GetDriverListWithSearch', { q: 'zz', availability: 1 }, w.admin.token);
    expect(free.body.data).toEqual([
      { id: expect.any(Number), name: 'Zed Look', callsign: 'ZZ7', availability: 1, availabilityName: 'Available' },
    ]);
    const bad = await call(w.app, 'Driver/GetDriverListWithSearch', { availability: 9 }, w.admin.token);
    expect(bad.body).toMatchObject({
      errors: [{ field: 'availability', message: 'Availability must be at most 4', rule: 'must be at most 4' }],
    });
    const accounts = await call(w.app, 'Common/GetDriverUserList', { q: 'look' }, w.admin.token);
    expect(accounts.body.data).toEqual([
      { id: expect.any(Number), name: 'Zoe Look', userId: expect.any(Number), email: 'zoe@example.test' },
    ]);
    expect((await call(w.app, 'Driver/GetDriverList', {}, w.as.passenger.token)).status).toBe(403);
    expect((await call(w.app, 'Common/GetDriverUserList', {}, w.as.passenger.token)).status).toBe(403);
    expect((await call(w.app, 'Driver/GetDriverList', {}, w.other.admin.token)).body.data).toEqual([
      { id: theirDriverId, name: 'Their Driver', callsign: null },
    ]);
  });

  it('give a dispatcher the answers the admin gets, with nothing of another company', async () => {
    for (const [name, input] of [
      ['Driver/GetDriverTypeList', {}],
      ['Driver/GetDriverStatusList', {}],
      ['Driver/GetDefaultPaymentModelList', {}],
      ['Driver/GetDriverTagList', {}],
      ['Driver/GetDriverList', { q: 'look' }],
      ['Driver/GetDriverListWithSearch', { q: 'zz' }],
      ['Common/GetDriverUserList', { q: 'look' }],
    ] as const) {
      const list = await expectSameAnswer(w.app, name, input, w.admin.token, w.as.Dispatcher.token);
      expect(list.data.length, name).toBeGreaterThan(0);
      expect(names({ body: list }), name).not.toContain('Their Driver');
    }
  });
});
