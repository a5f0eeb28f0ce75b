/**
 * Two server processes on one PostgreSQL and one Redis behave as one product: a change made through
 * one reaches a board connected to the other, an allocation race across both makes one allocation,
 * an offer times out once, sign-in failures on both add up to one limit, and a role change made on
 * one is obeyed by the other. Real processes, the machine's PostgreSQL and Redis; skipped, saying
 * why, when either does not answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { auditLog } from '../../apps/server/src/domains/audit/schema';
import { bookings } from '../../apps/server/src/domains/bookings/schema';
import { passengers } from '../../apps/server/src/domains/passengers/schema';
import { createDb, type RootDb } from '../../apps/server/src/platform/db/client';
import { freePort } from '../../apps/server/src/platform/db/embedded';
import {
  createCompany,
  createStaffRole,
  createUser,
  PASSWORD,
  type TestCompany,
} from '../../apps/server/test/factories';
import { makeBooking, makeDriver, makeVehicle, onShiftAt } from '../../apps/server/test/factories-dispatch';
import { vehicleTypes } from '../../apps/server/src/domains/vehicles/schema';
import { post, type ProductProcess, signInTo, startProduct, untilReady } from '../support/product-process';

const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SIGN_IN_LIMIT = 6;

async function answers(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch {
    return false;
  }
}

const redisAnswers = await answers(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
});
const postgresAnswers = await answers(async () => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  await client.end();
});
const missing = [!redisAnswers && `Redis at ${REDIS_URL}`, !postgresAnswers && `PostgreSQL at ${PG_ADMIN_URL}`].filter(
  Boolean,
);
if (missing.length) console.warn(`two-processes: skipped, no answer from ${missing.join(' and ')}`);

const database = `cabdesk_two_${process.pid}_${randomBytes(3).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
})();
const folders: string[] = [];
let a: ProductProcess;
let b: ProductProcess;
let db: RootDb;
let company: TestCompany;
let adminToken = '';
let saloonId = 0;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function launch(): Promise<ProductProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-two-'));
  folders.push(dataDir);
  return startProduct(await freePort(), {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    CABDESK_DATA_DIR: dataDir,
    CABDESK_DEMO_DATA: 'false',
    JWT_SECRET: 'two-processes-secret-two-processes-secret',
    SECRETS_KEY: 'two-processes-sealing-key-two-processes-key',
    OFFER_TIMEOUT_SECONDS: '10',
    SIGNIN_RATE_LIMIT: String(SIGN_IN_LIMIT),
  });
}

const signIn = (p: ProductProcess, email: string) => signInTo(p, email, PASSWORD);

const versionOf = async (id: number) =>
  (await db.select({ version: bookings.version }).from(bookings).where(eq(bookings.id, id)))[0]!.version;

const auditCount = async (bookingId: number, action: string) =>
  (
    await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, company.id),
          eq(auditLog.entityType, 'booking'),
          eq(auditLog.entityId, bookingId),
          eq(auditLog.action, action),
        ),
      )
  ).length;

describe.skipIf(missing.length > 0)('two server processes on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    await admin(`create database "${database}"`);
    // One process migrates first; the second then starts on a ready database, as a rolling start does.
    a = await launch();
    await untilReady(a);
    b = await launch();
    await untilReady(b);
    db = createDb(databaseUrl, 2);
    company = await createCompany(db);
    const [saloon] = await db.insert(vehicleTypes).values({ companyId: company.id, name: 'Saloon' }).returning();
    saloonId = saloon!.id;
    adminToken = await signIn(a, company.adminEmail);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.$client.end();
    if (!missing.length) await admin(`drop database if exists "${database}" with (force)`);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('shows a booking made through one process live on a board connected to the other', async () => {
    const frames: { type: string; event?: string; payload?: Record<string, unknown> }[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${b.port}/ws`);
    socket.on('message', (raw) => frames.push(JSON.parse(String(raw))));
    await new Promise((r) => socket.once('open', r));
    socket.send(JSON.stringify({ type: 'auth', token: adminToken }));
    await expect.poll(() => frames.some((f) => f.type === 'hello'), { timeout: 5000 }).toBe(true);

    const [passenger] = await db
      .insert(passengers)
      .values({ companyId: company.id, firstName: 'Pat', surname: 'Twoprocess' })
      .returning();
    const pickupAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const made = await post<{ data: { id: number } }>(
      a,
      'Booking/Create',
      {
        pickupAt,
        vehicleTypeId: saloonId,
        passengerId: passenger!.id,
        stops: [
          { address: 'Palace of Westminster, London', postcode: 'SW1A 0AA', lat: 51.4995, lng: -0.1248 },
          { address: "St Paul's Cathedral, London", postcode: 'EC4M 8AD', lat: 51.5138, lng: -0.0984 },
        ],
      },
      adminToken,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await expect
      .poll(() => frames.some((f) => f.event?.startsWith('booking.') && f.payload?.id === made.body.data.id), {
        timeout: 5000,
      })
      .toBe(true);
    socket.close();
  });

  it('makes one allocation when both processes allocate the same bookings at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      // Fresh drivers each round: a driver already holding a job at that hour would clash (409).
      const first = await makeDriver(db, company.id);
      const second = await makeDriver(db, company.id);
      const vehicle1 = await makeVehicle(db, company.id, saloonId);
      const vehicle2 = await makeVehicle(db, company.id, saloonId);
      const booking = await makeBooking(db, company.id, { vehicleTypeId: saloonId });
      const version = await versionOf(booking.id);
      const [onA, onB] = await Promise.all([
        post(
          a,
          'Booking/UpdateBookingDriverAndVehicleHard',
          { bookingId: booking.id, version, driverId: first.id, vehicleId: vehicle1.id },
          adminToken,
        ),
        post(
          b,
          'Booking/UpdateBookingDriverAndVehicleHard',
          { bookingId: booking.id, version, driverId: second.id, vehicleId: vehicle2.id },
          adminToken,
        ),
      ]);
      expect([onA.status, onB.status].sort(), JSON.stringify([onA.body, onB.body])).toEqual([200, 409]);
      const winner = onA.status === 200 ? first.id : second.id;
      const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row).toMatchObject({ status: 'allocated', driverId: winner, version: version + 1 });
      expect(await auditCount(booking.id, 'allocate')).toBe(1);
    }
  });

  it('times an unanswered offer out once, though both processes look for due offers', async () => {
    const driver = await makeDriver(db, company.id);
    const vehicle = await makeVehicle(db, company.id, saloonId);
    await onShiftAt(db, company.id, driver.id, vehicle.id, 51.5, -0.12);
    const booking = await makeBooking(db, company.id, { vehicleTypeId: saloonId });
    const offered = await post<{ data: { status: string } }>(
      a,
      'Booking/UpdateBookingDriverAndVehicle',
      { bookingId: booking.id, version: await versionOf(booking.id), driverId: driver.id, vehicleId: vehicle.id },
      adminToken,
    );
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.data.status).toBe('offered');
    await expect
      .poll(async () => (await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.status, {
        timeout: 40_000,
        interval: 500,
      })
      .not.toBe('offered');
    // A few more rounds of both processes: a second expiry would show as a second decline.
    await new Promise((r) => setTimeout(r, 6000));
    expect(await auditCount(booking.id, 'decline')).toBe(1);
    const timeouts = async (p: ProductProcess) =>
      Number(/^cabdesk_offer_timeouts_total (\d+)$/m.exec(await (await fetch(`${p.baseUrl}/metrics`)).text())?.[1]);
    expect((await timeouts(a)) + (await timeouts(b))).toBe(1);
  }, 60_000);

  it('adds up sign-in failures made on both processes to one limit', async () => {
    const user = await createUser(db, company.id, 'admin');
    const wrong = { email: user.email, password: 'not the password', isDriverinWebView: 'False' };
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      const res = await post(i % 2 ? b : a, 'UserLogin/UserSignIn', wrong);
      expect(res.status).toBe(400);
    }
    // Each process saw half the limit; together they reached it, so even the right password waits.
    for (const p of [a, b]) {
      const res = await post(p, 'UserLogin/UserSignIn', { ...wrong, password: PASSWORD });
      expect(res.status).toBe(429);
    }
  });

  it('obeys on one process a role change made on the other, without signing in again', async () => {
    const roleId = await createStaffRole(db, company.id, { Booking: 'manage', Dispatch: 'manage' });
    const user = await createUser(db, company.id, 'staff', { staffRoleId: roleId });
    const token = await signIn(b, user.email);
    const list = () => post(b, 'Booking/GetTableSummary', {}, token);
    expect((await list()).status).toBe(200);
    const changed = await post(a, 'Permissions/Assign', { id: roleId, grants: { Booking: 'none' } }, adminToken);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await expect.poll(async () => (await list()).status, { timeout: 3000, interval: 100 }).toBe(403);
  });
});
