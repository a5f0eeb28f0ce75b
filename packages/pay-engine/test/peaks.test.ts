import { describe, expect, it } from 'vitest';
import { type DriverPayModelInput, payForJob } from '../src';
import { commissionModel, fixedModel, hourlyModel, job, LONDON } from './fixtures';

/** Friday night 22:00–05:00 on the company clock, the pay × 1.5. */
const fridayNight: DriverPayModelInput = {
  ...fixedModel,
  peakTimes: [{ id: 31, name: 'Friday night', weekdays: [5], from: '22:00', to: '05:00', multiplier: '1.5' }],
};
const at = (pickupAt: string, model: DriverPayModelInput = fridayNight) =>
  payForJob({ ...job, pickupAt }, model, LONDON);

describe('a night peak across midnight on the company clock', () => {
  it('in summer (BST, UTC+1): from 22:00 and past midnight, read in London not in UTC', () => {
    expect(at('2026-07-03T21:30:00Z').amount).toBe(1350); // Fri 22:30 BST (21:30 UTC)
    expect(at('2026-07-03T23:30:00Z').amount).toBe(1350); // Sat 00:30 BST, the window started on Friday
    expect(at('2026-07-04T03:59:00Z').amount).toBe(1350); // Sat 04:59 BST
    expect(at('2026-07-04T04:30:00Z').amount).toBe(900); // Sat 05:30 BST, though 04:30 in UTC
    expect(at('2026-07-03T20:30:00Z').amount).toBe(900); // Fri 21:30 BST
    expect(at('2026-07-04T21:30:00Z').amount).toBe(900); // Sat 22:30 BST: not Friday's night
  });

  it('in winter (GMT): the same local hours', () => {
    expect(at('2026-01-09T22:00:00Z').amount).toBe(1350); // Fri 22:00
    expect(at('2026-01-10T00:30:00Z').amount).toBe(1350); // Sat 00:30
    expect(at('2026-01-10T04:30:00Z').amount).toBe(1350); // Sat 04:30
    expect(at('2026-01-10T05:00:00Z').amount).toBe(900); // Sat 05:00: the window has ended
    expect(at('2026-01-09T21:59:00Z').amount).toBe(900); // Fri 21:59
  });

  it('is a line of the breakdown and says why in considered', () => {
    const pay = at('2026-07-03T23:30:00Z');
    expect(pay.items.at(-1)).toEqual({
      code: 'peak',
      label: 'Friday night',
      amount: 450,
      detail: '×1.5 of 9.00 (Fri 22:00–05:00)',
    });
    expect(pay.pickupLocal).toBe('2026-07-04T00:30');
    expect(pay.considered.at(-1)).toEqual({
      kind: 'peakTime',
      id: 31,
      matched: true,
      why: 'applies: Sat 2026-07-04 00:30 is within Fri 22:00–05:00',
    });
    expect(at('2026-07-04T11:00:00Z').considered.at(-1)).toMatchObject({ matched: false });
  });

  it('multiplies the commission pay, rounded once', () => {
    const model = { ...commissionModel, peakTimes: fridayNight.peakTimes };
    const pay = payForJob({ ...job, fare: 1999, pickupAt: '2026-07-03T21:30:00Z' }, model, LONDON);
    // 1999 × 0.8 = 1599.2 → 1599; × 0.5 = 799.5 → 800 (half-up)
    expect(pay.items.map((i) => i.amount)).toEqual([1999, -400, 800]);
    expect(pay.amount).toBe(2399);
  });
});

describe('peak periods and peak times', () => {
  const christmas: DriverPayModelInput = {
    ...fixedModel,
    peakTimes: [{ id: 31, name: 'Thursday night', weekdays: [4], from: '22:00', to: '05:00', multiplier: '1.5' }],
    peakPeriods: [{ id: 41, name: 'Christmas', from: '2026-12-24T18:00', to: '2026-12-27T06:00', surcharge: 500 }],
  };

  it('a peak period covering the pick-up wins over a peak time: one peak at most', () => {
    const pay = at('2026-12-24T23:00:00Z', christmas); // Thursday 24 December, 23:00 GMT
    expect(pay.amount).toBe(1400);
    expect(pay.items.filter((i) => i.code === 'peak')).toEqual([
      { code: 'peak', label: 'Christmas', amount: 500, detail: '5.00 added (2026-12-24 18:00 – 2026-12-27 06:00)' },
    ]);
    expect(pay.considered.filter((c) => c.kind.startsWith('peak'))).toEqual([
      {
        kind: 'peakPeriod',
        id: 41,
        matched: true,
        why: 'applies: Thu 2026-12-24 23:00 is within 2026-12-24 18:00 – 2026-12-27 06:00',
      },
      {
        kind: 'peakTime',
        id: 31,
        matched: true,
        why: 'Thu 2026-12-24 23:00 is within Thu 22:00–05:00, but the peak period Christmas applies first',
      },
    ]);
  });

  it('the peak time applies outside the period', () => {
    expect(at('2026-12-17T23:00:00Z', christmas).amount).toBe(1350);
  });

  it('a period is read on the local clock (BST in summer)', () => {
    const summer: DriverPayModelInput = {
      ...fixedModel,
      peakPeriods: [{ id: 42, name: 'Festival', from: '2026-08-01T00:00', to: '2026-08-02T00:00', surcharge: 300 }],
    };
    expect(at('2026-07-31T23:30:00Z', summer).amount).toBe(1200); // 00:30 BST on 1 August
    expect(at('2026-08-01T23:30:00Z', summer).amount).toBe(900); // 00:30 BST on 2 August
  });

  it('a job the model does not pay takes no peak', () => {
    const model = { ...hourlyModel, peakPeriods: christmas.peakPeriods };
    const pay = at('2026-12-24T23:00:00Z', model);
    expect(pay.amount).toBe(0);
    expect(pay.considered.at(-1)).toMatchObject({ kind: 'peakPeriod', matched: true });
    expect(pay.considered.at(-1)?.why).toMatch(/but the job is not paid$/);
  });
});
