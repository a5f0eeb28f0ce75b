/**
 * kill -9 of the server and of its embedded PostgreSQL in the middle of work: bookings being made,
 * allocations, drivers' journey steps, offers waiting for an answer. Started again on the same data
 * folder, the database recovers by itself, every call that answered 200 is there whole, nothing is
 * half written, and the offers left waiting time out once. Real processes, no browser.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../apps/server/src/domains/audit/schema';
import { bookings, bookingStops } from '../../apps/server/src/domains/bookings/schema';
import { journeySteps } from '../../apps/server/src/domains/driver-app/schema';
import { vehicleTypes } from '../../apps/server/src/domains/vehicles/schema';
import { createDb, type RootDb } from '../../apps/server/src/platform/db/client';
import { freePort } from '../../apps/server/src/platform/db/embedded';
import { createCompany, createUser, PASSWORD } from '../../apps/server/test/factories';
import { makeBooking, makeVehicle } from '../../apps/server/test/factories-dispatch';
import { post, type ProductProcess, signInTo, startProduct, untilReady } from '../support/product-process';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cabdesk-crash-safety-'));
const DRIVERS = 12;
const WALK = ['confirm', 'start', 'arrive', 'board', 'complete'] as const;
const STATUS_AFTER: Record<(typeof WALK)[number], string> = {
  confirm: 'accepted',
  start: 'on_route',
  arrive: 'arrived',
  board: 'on_board',
  complete: 'completed',
};
const ORDER = ['offered', 'allocated', 'accepted', 'on_route', 'arrived', 'on_board', 'completed'];

let pgPort = 0;
let server: ProductProcess | undefined;
let db: RootDb | undefined;

async function start(): Promise<ProductProcess> {
  const p = startProduct(await freePort(), {
    CABDESK_DATA_DIR: dataDir,
    CABDESK_PG_PORT: String(pgPort),
    CABDESK_DEMO_DATA: 'false',
    JWT_SECRET: 'crash-safety-secret-crash-safety-secret-01',
    OFFER_TIMEOUT_SECONDS: '10',
  });
  await untilReady(p);
  return p;
}

/** SIGKILL to the server, then to its PostgreSQL: a machine losing its power, as near as a test gets. */
function killBoth(p: ProductProcess): void {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  p.child.kill('SIGKILL');
  process.kill(postmaster, 'SIGKILL');
}

/** A call that may meet the kill: no answer is not a failure, only a 200 is a promise. */
async function attempt<T>(p: ProductProcess, name: string, body: object, token: string) {
  try {
    return await post<T>(p, name, body, token);
  } catch {
    return { status: 0, body: null as T | null };
  }
}

const signIn = (p: ProductProcess, email: string) => signInTo(p, email, PASSWORD);

afterAll(async () => {
  await server?.stop();
  await db?.$client.end().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a crash in the middle of work', () => {
  it('keeps every answered call whole and times waiting offers out once after the restart', async () => {
    pgPort = await freePort();
    server = await start();
    db = createDb(`postgres://postgres:cabdesk@127.0.0.1:${pgPort}/cabdesk`, 2);
    const company = await createCompany(db);
    const [saloon] = await db.insert(vehicleTypes).values({ companyId: company.id, name: 'Saloon' }).returning();
    const adminToken = await signIn(server, company.adminEmail);
    const drivers = [];
    for (let i = 0; i < DRIVERS; i++) {
      const user = await createUser(db, company.id, 'driver');
      // Each driver has a job offered to walk through, and one a dispatcher will allocate.
      const job = await makeBooking(db, company.id, {
        vehicleTypeId: saloon!.id,
        status: 'offered',
        driverId: user.personId,
      });
      const toAllocate = await makeBooking(db, company.id, {
        vehicleTypeId: saloon!.id,
        pickupAt: new Date(Date.now() + (i + 2) * 86_400_000),
      });
      const vehicle = await makeVehicle(db, company.id, saloon!.id);
      drivers.push({
        id: user.personId,
        token: await signIn(server, user.email),
        job: job.id,
        toAllocate,
        vehicle: vehicle.id,
      });
    }
    // Offers made through the product that nobody answers: pending when the process dies.
    const waiting: number[] = [];
    for (let i = 0; i < 3; i++) {
      const booking = await makeBooking(db, company.id, {
        vehicleTypeId: saloon!.id,
        pickupAt: new Date(Date.now() + (30 + i) * 86_400_000),
      });
      const offered = await post(
        server,
        'Booking/UpdateBookingDriverAndVehicle',
        { bookingId: booking.id, version: booking.version, driverId: drivers[i]!.id },
        adminToken,
      );
      expect(offered.status, JSON.stringify(offered.body)).toBe(200);
      waiting.push(booking.id);
    }

    const created: { id: number; pickupAt: string; passengerName: string }[] = [];
    const allocated: { bookingId: number; driverId: number }[] = [];
    const stepped: { bookingId: number; step: (typeof WALK)[number] }[] = [];
    let stop = false;
    let made = 0;
    const creators = Array.from({ length: 3 }, async (_, loop) => {
      while (!stop) {
        const n = made++;
        const pickupAt = new Date(Date.now() + (60 + n) * 3_600_000).toISOString();
        const passengerName = `Crash Passenger ${loop}-${n}`;
        const res = await attempt<{ data: { id: number } }>(
          server!,
          'Booking/Create',
          {
            pickupAt,
            vehicleTypeId: saloon!.id,
            passengerName,
            stops: [
              { address: 'Palace of Westminster, London', postcode: 'SW1A 0AA', lat: 51.4995, lng: -0.1248 },
              { address: "St Paul's Cathedral, London", postcode: 'EC4M 8AD', lat: 51.5138, lng: -0.0984 },
            ],
          },
          adminToken,
        );
        if (res.status === 200 && res.body) created.push({ id: res.body.data.id, pickupAt, passengerName });
        else if (res.status !== 0)
          throw new Error(`Booking/Create answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    });
    const allocator = (async () => {
      for (const d of drivers) {
        if (stop) break;
        const res = await attempt(
          server!,
          'Booking/UpdateBookingDriverAndVehicleHard',
          { bookingId: d.toAllocate.id, version: d.toAllocate.version, driverId: d.id, vehicleId: d.vehicle },
          adminToken,
        );
        if (res.status === 200) allocated.push({ bookingId: d.toAllocate.id, driverId: d.id });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const walkers = drivers.map(async (d) => {
      for (const step of WALK) {
        if (stop) break;
        const res = await attempt(
          server!,
          'Driver/UpdateBookingStatusForJourney',
          { id: d.job, step, idempotencyKey: `${d.job}-${step}` },
          d.token,
        );
        if (res.status === 200) stepped.push({ bookingId: d.job, step });
        else if (res.status !== 0) throw new Error(`${step} answered ${res.status}: ${JSON.stringify(res.body)}`);
        await new Promise((r) => setTimeout(r, 150 + Math.random() * 200));
      }
    });

    // Let work get going, then pull the plug while calls are in flight.
    await expect
      .poll(() => created.length >= 5 && stepped.length >= DRIVERS, { timeout: 30_000, interval: 20 })
      .toBe(true);
    killBoth(server);
    stop = true;
    await Promise.all([...creators, allocator, ...walkers]);
    console.log(
      `at the kill: ${created.length} bookings made, ${allocated.length} allocations, ${stepped.length} journey steps answered 200`,
    );
    await db.$client.end();
    db = undefined;

    // The same folder: the embedded PostgreSQL recovers from its log without a hand.
    server = await start();
    db = createDb(`postgres://postgres:cabdesk@127.0.0.1:${pgPort}/cabdesk`, 2);

    // Every booking whose creation answered 200 is there, whole: its row and both its stops.
    const ids = created.map((c) => c.id);
    const rows = await db.select().from(bookings).where(inArray(bookings.id, ids));
    expect(rows).toHaveLength(created.length);
    for (const c of created) {
      const row = rows.find((r) => r.id === c.id)!;
      expect(row.pickupAt.toISOString()).toBe(c.pickupAt);
    }
    const stops = await db
      .select({ bookingId: bookingStops.bookingId, n: sql<number>`count(*)::int` })
      .from(bookingStops)
      .where(eq(bookingStops.companyId, company.id))
      .groupBy(bookingStops.bookingId);
    const all = await db.select().from(bookings).where(eq(bookings.companyId, company.id));
    // Nothing half written: no booking without its stops, whether or not its call answered.
    for (const b of all) expect(stops.find((s) => s.bookingId === b.id)?.n, `stops of ${b.id}`).toBe(2);

    // Every allocation that answered 200 holds, once.
    for (const a of allocated) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, a.bookingId));
      expect(row).toMatchObject({ status: 'allocated', driverId: a.driverId });
    }

    // Every journey step that answered 200 is recorded once, and the job is at least that far on.
    for (const s of stepped) {
      const recorded = await db
        .select()
        .from(journeySteps)
        .where(and(eq(journeySteps.bookingId, s.bookingId), eq(journeySteps.step, s.step)));
      expect(recorded, `${s.step} of ${s.bookingId}`).toHaveLength(1);
      const [row] = await db.select().from(bookings).where(eq(bookings.id, s.bookingId));
      expect(ORDER.indexOf(row!.status)).toBeGreaterThanOrEqual(ORDER.indexOf(STATUS_AFTER[s.step]));
    }
    // A job's status never runs ahead of its recorded steps (a step is its row and its move together).
    for (const d of drivers) {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, d.job));
      const steps = await db.select().from(journeySteps).where(eq(journeySteps.bookingId, d.job));
      const expected = steps.length ? STATUS_AFTER[WALK[steps.length - 1]!] : 'offered';
      expect(row!.status, `job ${d.job}`).toBe(expected);
    }

    // The ledger balances entry by entry.
    const unbalanced = await db.execute(
      sql`select entry_id from journal_lines where company_id = ${company.id} group by entry_id having sum(amount_minor) <> 0`,
    );
    expect(unbalanced.rows).toEqual([]);

    // The offers left waiting go back to dispatch once each, by whichever round comes first.
    await expect
      .poll(
        async () =>
          (await db!.select().from(bookings).where(inArray(bookings.id, waiting))).filter((b) => b.status === 'offered')
            .length,
        { timeout: 40_000, interval: 500 },
      )
      .toBe(0);
    await new Promise((r) => setTimeout(r, 6000));
    for (const id of waiting) {
      const declines = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.entityId, id), eq(auditLog.action, 'decline')));
      expect(declines, `declines of ${id}`).toHaveLength(1);
    }
  }, 240_000);
});
