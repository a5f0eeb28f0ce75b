import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { driverLocations, driverPositions } from '../src/domains/dispatch/schema';
import { recordPositions } from '../src/domains/tracking/positions';
import { screenPoints } from '../src/domains/tracking/screen-points';
import type { LiveMessage } from '../src/platform/events/bus';
import { adminSession, callContext } from './call-context';
import { createTestApp, type TestApp } from './harness';
import { createCompany, type TestCompany } from './factories';
import { makeBooking, makeDriver, point } from './factories-tracking';

let t: TestApp;
let company: TestCompany;
let otherCompany: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.db);
  otherCompany = await createCompany(t.db);
});

const historyOf = (driverId: number) =>
  t.db.select().from(driverPositions).where(eq(driverPositions.driverId, driverId)).orderBy(driverPositions.recordedAt);
const latestOf = async (driverId: number) =>
  (await t.db.select().from(driverLocations).where(eq(driverLocations.driverId, driverId)))[0];

/** Collects what goes out on the live bus. */
function listen() {
  const seen: LiveMessage[] = [];
  const off = t.services.bus.subscribe((m) => seen.push(m));
  return { seen, off };
}

describe('recording positions', () => {
  it('keeps every fresh point in the history and the newest as the latest, in one batch', async () => {
    const driverId = await makeDriver(t.db, company.id);
    const result = await recordPositions(t.db, company.id, driverId, [
      point(30, 51.5),
      point(10, 51.52),
      point(20, 51.51),
    ]);
    expect(result).toMatchObject({ stored: 3, stale: 0 });
    expect(result.latest).toMatchObject({ driverId, lat: 51.52 });
    expect((await historyOf(driverId)).map((p) => p.lat)).toEqual([51.5, 51.51, 51.52]);
    expect(await latestOf(driverId)).toMatchObject({ lat: 51.52, companyId: company.id, heading: 90 });
  });

  it('never lets an older point replace the latest, but keeps it in the history', async () => {
    const driverId = await makeDriver(t.db, company.id);
    await recordPositions(t.db, company.id, driverId, [point(5, 51.6)]);
    const late = await recordPositions(t.db, company.id, driverId, [point(60, 51.4)]);
    expect(late).toMatchObject({ stored: 1, latest: null });
    expect((await latestOf(driverId))?.lat).toBe(51.6);
    expect((await historyOf(driverId)).map((p) => p.lat)).toEqual([51.4, 51.6]);
  });

  it('drops points older than a day without complaint', async () => {
    const driverId = await makeDriver(t.db, company.id);
    const result = await recordPositions(t.db, company.id, driverId, [point(25 * 3600, 51.3), point(2, 51.7)]);
    expect(result).toMatchObject({ stored: 1, stale: 1 });
    expect((await historyOf(driverId)).map((p) => p.lat)).toEqual([51.7]);
    const allStale = await recordPositions(t.db, company.id, driverId, [point(48 * 3600)]);
    expect(allStale).toEqual({ stored: 0, stale: 1, latest: null });
  });

  it('refuses points from the future beyond two minutes of clock skew, naming the field', async () => {
    const driverId = await makeDriver(t.db, company.id);
    await expect(recordPositions(t.db, company.id, driverId, [point(-60)])).resolves.toMatchObject({ stored: 1 });
    await expect(recordPositions(t.db, company.id, driverId, [point(5), point(-600)])).rejects.toMatchObject({
      status: 400,
      errors: [
        {
          field: 'points.1.recordedAt',
          message: 'Point 2 recorded at must not be in the future',
          rule: 'must not be in the future',
        },
      ],
    });
    expect(await historyOf(driverId)).toHaveLength(1);
  });

  it('refuses impossible coordinates and values by field', async () => {
    const driverId = await makeDriver(t.db, company.id);
    const cases: [object, string][] = [
      [{ ...point(1), lat: 91 }, 'points.0.lat'],
      [{ ...point(1), lng: -181 }, 'points.0.lng'],
      [{ ...point(1), lat: Number.NaN }, 'points.0.lat'],
      [{ ...point(1), lat: 0, lng: 0 }, 'points.0.lat'],
      [{ ...point(1), speed: -3 }, 'points.0.speed'],
      [{ ...point(1), heading: 400 }, 'points.0.heading'],
      [{ ...point(1), recordedAt: 'yesterday' }, 'points.0.recordedAt'],
    ];
    for (const [bad, field] of cases) {
      await expect(recordPositions(t.db, company.id, driverId, [bad as never])).rejects.toMatchObject({
        status: 400,
        errors: [{ field }],
      });
    }
    await expect(recordPositions(t.db, company.id, driverId, [])).rejects.toMatchObject({
      errors: [{ field: 'points' }],
    });
    expect(await historyOf(driverId)).toEqual([]);
    expect(await latestOf(driverId)).toBeUndefined();
  });

  it("answers another company's driver as not found and writes nothing", async () => {
    const theirs = await makeDriver(t.db, otherCompany.id);
    await expect(recordPositions(t.db, company.id, theirs, [point(1)])).rejects.toMatchObject({ status: 404 });
    await expect(recordPositions(t.db, company.id, theirs, [point(30 * 3600)])).rejects.toMatchObject({
      status: 404,
    });
    expect(await historyOf(theirs)).toEqual([]);
    expect(await latestOf(theirs)).toBeUndefined();
  });

  it('tags points with the job the driver is driving', async () => {
    const driverId = await makeDriver(t.db, company.id);
    await makeBooking(t.db, company.id, { status: 'allocated', driverId });
    const running = await makeBooking(t.db, company.id, { status: 'on_board', driverId, onRouteAt: new Date() });
    const result = await recordPositions(t.db, company.id, driverId, [point(1)]);
    expect(result.latest?.bookingId).toBe(running);
    expect((await historyOf(driverId))[0]?.bookingId).toBe(running);
    expect((await latestOf(driverId))?.bookingId).toBe(running);
  });

  it('announces the newest position on the light path after the commit, never stored as an event', async () => {
    const driverId = await makeDriver(t.db, company.id);
    const { seen, off } = listen();
    const ctx = await callContext(t, adminSession(company.id));
    await recordPositions(ctx, company.id, driverId, [point(3, 51.55), point(2, 51.56)]);
    expect(seen).toEqual([]);
    await ctx.runAfterCommit();
    expect(seen).toEqual([
      expect.objectContaining({
        companyId: company.id,
        seq: null,
        type: 'driver.positions',
        payload: { positions: [expect.objectContaining({ driverId, lat: 51.56 })] },
      }),
    ]);
    // An out-of-order point does not move the marker back.
    await recordPositions({ db: t.db, bus: t.services.bus }, company.id, driverId, [point(50)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(1);
    off();
    const events = await t.db.execute(sql`select count(*)::int as n from live_events where type = 'driver.positions'`);
    expect(events.rows[0]).toEqual({ n: 0 });
  });

  it('keeps one point per instant and orders a batch oldest first', () => {
    const at = new Date(Date.now() - 5000).toISOString();
    const { kept } = screenPoints([
      { lat: 51.1, lng: -0.1, recordedAt: at },
      { lat: 51.2, lng: -0.1, recordedAt: at },
      { lat: 51.0, lng: -0.1, recordedAt: new Date(Date.now() - 9000).toISOString() },
    ]);
    expect(kept.map((p) => p.lat)).toEqual([51.0, 51.2]);
  });

  it('stores a batch of points in one statement, however many points it holds', async () => {
    const driverIds = await Promise.all(Array.from({ length: 20 }, () => makeDriver(t.db, company.id)));
    const batches = 200;
    // Every statement reaches PostgreSQL through a pg client; counting them shows a per-point query
    // at once, where timing would only show it on a quiet machine (the rate is the benchmark's).
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    let next = 0;
    const worker = async () => {
      while (next < batches) {
        const i = next++;
        const base = 40 - (i % 20);
        await recordPositions(
          t.db,
          company.id,
          driverIds[i % driverIds.length]!,
          Array.from({ length: 25 }, (_, k) => point(base * 30 + k, 51.5 + k / 1000)),
        );
      }
    };
    try {
      await Promise.all(Array.from({ length: 4 }, worker));
      // Only the statements about positions: the app's own jobs query on the same pool meanwhile.
      const text = (call: unknown[]) => {
        const q = call[0] as string | { text?: string };
        return typeof q === 'string' ? q : (q.text ?? '');
      };
      expect(statements.mock.calls.filter((c) => text(c).includes('driver_positions'))).toHaveLength(batches);
    } finally {
      statements.mockRestore();
    }
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(driverPositions)
      .where(and(eq(driverPositions.companyId, company.id)));
    expect(count!.n).toBeGreaterThanOrEqual(batches * 25);
  });
});
