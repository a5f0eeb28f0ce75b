import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatePeriod, resumeStoppedRuns, runGeneration } from '../src/domains/driver-pay/generate';
import { driverPayRuns, driverStatements } from '../src/domains/driver-pay/schema';
import { adminSession, callContext } from './call-context';
import { call, callData } from './client';
import { commissionModel, doneJob, makeModel, payDriver } from './factories-driver-pay';
import { eventually } from './factories-notifications';
import { world, type World } from './world';

let w: World<'Accounts', true>;
const week = { fromDate: '2026-09-07', toDate: '2026-09-13' };

beforeAll(async () => {
  w = await world({ roles: ['Accounts'], otherCompany: true });
}, 120_000);

describe('generating many drivers after the call', () => {
  it('queues a run beyond the limit and makes each driver’s statement in its own transaction, resuming where it stopped', async () => {
    const modelId = await makeModel(w, w.admin.token);
    const drivers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const d = await payDriver(w, w.company.id, modelId, { name: `Run ${i}` });
      await doneJob(w, w.company.id, d, { method: 'card', fare: 1000 * (i + 1), pickupAt: '2026-09-08T10:00:00Z' });
      drivers.push(d);
    }
    // A limit of 1 driver in the call: three drivers make a run.
    const outcome = await w.db.transaction(async (tx) => {
      const ctx = await callContext(w, adminSession(w.company.id), tx);
      return generatePeriod(ctx, week, 1);
    });
    expect(outcome.made).toEqual([]);
    expect(outcome.run).toMatchObject({ status: 'running', driversDone: 0 });
    expect(outcome.run!.driverIds.sort()).toEqual([...drivers].sort());
    expect(await w.db.select().from(driverStatements).where(eq(driverStatements.companyId, w.company.id))).toEqual([]);

    // As if the first driver was done before a crash: the run goes on from the second.
    await w.db.update(driverPayRuns).set({ driversDone: 1 }).where(eq(driverPayRuns.id, outcome.run!.id));
    await runGeneration(w.services, w.company.id, outcome.run!.id);
    const run = await callData(
      w.app,
      'DrvrPayment/GetGeneratePaymentRun',
      { id: outcome.run!.id },
      w.as.Accounts.token,
    );
    expect(run).toMatchObject({ status: 'done', driversTotal: 3, driversDone: 3, statementsMade: 2, error: null });
    const made = await w.db.select().from(driverStatements).where(eq(driverStatements.companyId, w.company.id));
    expect(made.map((s) => s.driverId).sort()).toEqual(outcome.run!.driverIds.slice(1).sort());

    // The driver left out is made by the next generation; the others are replaced, not doubled.
    const again = await callData(w.app, 'DrvrPayment/GeneratePayment', week, w.as.Accounts.token);
    expect(again).toMatchObject({ run: null, made: 3, replaced: 2 });
    const theirs = await call(
      w.app,
      'DrvrPayment/GetGeneratePaymentRun',
      { id: outcome.run!.id },
      w.other!.admin.token,
    );
    expect(theirs.status).toBe(404);
  });
});

describe('a run left by a stopped process', () => {
  it('is queued again when nobody holds it, left alone while a live process does, and finishes', async () => {
    const period = { fromDate: '2026-08-03', toDate: '2026-08-09' };
    const modelId = await makeModel(w, w.admin.token, { ...commissionModel, name: 'Commission after a crash' });
    const driverIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const d = await payDriver(w, w.company.id, modelId, { name: `Stopped ${i}` });
      await doneJob(w, w.company.id, d, { method: 'card', fare: 2000, pickupAt: '2026-08-04T10:00:00Z' });
      driverIds.push(d);
    }
    // What a process killed after its first driver leaves: the run running, one driver done, no job
    // waiting for it (the first driver's statement is what that process made).
    const [run] = await w.db
      .insert(driverPayRuns)
      .values({
        companyId: w.company.id,
        periodFrom: period.fromDate,
        periodTo: period.toDate,
        driverIds,
        createdBy: w.admin.userId,
      })
      .returning();
    await w.db.transaction(async (tx) => {
      const ctx = await callContext(w, adminSession(w.company.id), tx);
      await generatePeriod(ctx, { ...period, driverIDs: [driverIds[0]!] });
    });
    await w.db.update(driverPayRuns).set({ driversDone: 1, statementsMade: 1 }).where(eq(driverPayRuns.id, run!.id));
    const progress = () => callData(w.app, 'DrvrPayment/GetGeneratePaymentRun', { id: run!.id }, w.as.Accounts.token);

    const holder = await w.db.$client.connect();
    try {
      await holder.query('select pg_advisory_lock($1, hashtext($2))', [w.company.id, `driver-pay-run:${run!.id}`]);
      // Held by a live process: neither queued again nor worked on twice.
      expect(await resumeStoppedRuns(w.services)).toBe(0);
      await runGeneration(w.services, w.company.id, run!.id);
      expect(await progress()).toMatchObject({ status: 'running', driversDone: 1 });
    } finally {
      await holder.query('select pg_advisory_unlock_all()');
      holder.release();
    }

    // Its process gone, the run is queued again (here or by the server's own round) and finishes
    // from the second driver: every driver has one statement, none twice.
    expect(await resumeStoppedRuns(w.services)).toBeLessThanOrEqual(1);
    const finished = await eventually(async () => {
      const now = await progress();
      return now.status !== 'running' && now;
    }, 60_000);
    expect(finished).toMatchObject({ status: 'done', driversTotal: 3, driversDone: 3, statementsMade: 3, error: null });
    const made = await w.db.select().from(driverStatements).where(eq(driverStatements.periodFrom, period.fromDate));
    expect(made.map((s) => s.driverId).sort()).toEqual([...driverIds].sort());
    expect(await resumeStoppedRuns(w.services)).toBe(0);
  });
});
