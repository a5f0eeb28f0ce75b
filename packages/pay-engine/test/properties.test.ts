import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  driverPayModelSchema,
  type DriverPayModelInput,
  netStatement,
  payForJob,
  type PayJobInput,
  type Statement,
} from '../src';

const percent = fc.integer({ min: 0, max: 1000 }).map((n) => String(n / 10));
const amount = (max: number) => fc.integer({ min: 0, max });

/** Contiguous bands from 0 with random ends and rates, as the schema wants them. */
const steps = fc
  .array(fc.record({ lengthKm: fc.integer({ min: 1, max: 30 }), ratePerKm: amount(500) }), {
    minLength: 1,
    maxLength: 6,
  })
  .map((list) => {
    let from = 0;
    return list.map((b, i) => {
      const band = { fromKm: from, toKm: i === list.length - 1 ? null : from + b.lengthKm, ratePerKm: b.ratePerKm };
      from += b.lengthKm;
      return band;
    });
  });
const mileagePay = fc.record({ perJob: amount(500), steps });
const instead = fc.oneof(
  percent.map((commissionPercent) => ({ commissionPercent })),
  amount(5000).map((fixedPerJob) => ({ fixedPerJob })),
);
const appliesTo = fc.constantFrom('all' as const, 'cash' as const, 'card' as const);
const charge = fc.oneof(
  fc.integer({ min: 50, max: 300 }).map((pct) => ({ multiplier: (pct / 100).toFixed(2) })),
  amount(3000).map((surcharge) => ({ surcharge })),
);
const clock = fc.integer({ min: 0, max: 23 }).map((h) => `${String(h).padStart(2, '0')}:00`);

/** Any valid model: every basis, overrides and client rules on a few ids, at most one peak of each kind. */
const model: fc.Arbitrary<DriverPayModelInput> = fc
  .record({
    basis: fc.constantFrom('commission' as const, 'mileage' as const, 'fixed' as const, 'hourly' as const),
    commission: fc.option(fc.record({ cashPercent: percent, cardPercent: percent, accountPercent: percent })),
    mileage: fc.record({ ownCar: mileagePay, companyCar: mileagePay }),
    vehicleTypeMileage: fc.uniqueArray(
      fc.record({ vehicleTypeId: fc.integer({ min: 1, max: 3 }), ownCar: mileagePay, companyCar: mileagePay }),
      { selector: (r) => r.vehicleTypeId, maxLength: 2 },
    ),
    fixedPerJob: amount(5000),
    hourly: fc.record({ ratePerHour: amount(5000), minimumMinutes: fc.integer({ min: 0, max: 240 }) }),
    vehicleOverrides: fc.uniqueArray(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 3 }), appliesTo, instead), {
      selector: ([byVehicle, id, to]) => `${byVehicle}${id}${to}`,
      maxLength: 6,
    }),
    clientRules: fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 3 }), appliesTo, instead), {
      selector: ([id, to]) => `${id}${to}`,
      maxLength: 4,
    }),
    peakTime: fc.option(
      fc.record({
        weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
        from: clock,
        to: clock,
        charge,
      }),
    ),
    peakPeriod: fc.option(fc.record({ day: fc.integer({ min: 1, max: 28 }), charge })),
  })
  .map((m) => ({
    id: 1,
    version: 1,
    name: 'Any',
    basis: m.basis,
    commission:
      m.basis === 'commission'
        ? (m.commission ?? { cashPercent: '0', cardPercent: '0', accountPercent: '0' })
        : m.commission,
    mileage: m.mileage,
    vehicleTypeMileage: m.vehicleTypeMileage,
    fixedPerJob: m.fixedPerJob,
    hourly: m.hourly,
    vehicleOverrides: m.vehicleOverrides.map(([byVehicle, id, to, pay], i) => ({
      id: i + 1,
      ...(byVehicle ? { vehicleId: id } : { vehicleTypeId: id }),
      appliesTo: to,
      ...pay,
    })),
    clientRules: m.clientRules.map(([clientId, to, pay], i) => ({ id: i + 1, clientId, appliesTo: to, ...pay })),
    peakTimes:
      m.peakTime && m.peakTime.from !== m.peakTime.to
        ? [
            {
              id: 1,
              name: 'Peak',
              weekdays: m.peakTime.weekdays,
              from: m.peakTime.from,
              to: m.peakTime.to,
              ...m.peakTime.charge,
            },
          ]
        : [],
    peakPeriods: m.peakPeriod
      ? [
          {
            id: 2,
            name: 'Period',
            from: `2026-03-${String(m.peakPeriod.day).padStart(2, '0')}T00:00`,
            to: `2026-03-${String(m.peakPeriod.day + 2).padStart(2, '0')}T12:00`,
            ...m.peakPeriod.charge,
          },
        ]
      : [],
  }));

const job: fc.Arbitrary<PayJobInput> = fc.record({
  bookingId: fc.integer({ min: 1, max: 1000 }),
  fare: amount(1_000_000),
  paymentMethod: fc.constantFrom('cash' as const, 'card' as const, 'account' as const),
  // Any minute of March and April 2026: both sides of the clocks going forward in London.
  pickupAt: fc
    .integer({ min: 0, max: 61 * 1440 })
    .map((m) => new Date(Date.UTC(2026, 2, 1) + m * 60_000).toISOString()),
  distanceKm: fc.integer({ min: 0, max: 500_000 }).map((m) => m / 1000),
  durationMinutes: fc.integer({ min: 0, max: 600 }),
  hourlyHire: fc.boolean(),
  vehicleId: fc.option(fc.integer({ min: 1, max: 4 })),
  vehicleTypeId: fc.option(fc.integer({ min: 1, max: 4 })),
  ownCar: fc.boolean(),
  clientId: fc.option(fc.integer({ min: 1, max: 4 })),
});

const london = { timeZone: 'Europe/London' };

describe('a job’s pay, for any model and job', () => {
  it('the generated models are valid', () => {
    fc.assert(fc.property(model, (m) => driverPayModelSchema.safeParse(m).success));
  });

  it('the items add up to the amount exactly, every amount whole, the pay never negative', () => {
    fc.assert(
      fc.property(model, job, fc.constantFrom('half-up' as const, 'half-even' as const), (m, j, rounding) => {
        const pay = payForJob(j, m, { ...london, rounding });
        expect(Number.isSafeInteger(pay.amount)).toBe(true);
        expect(pay.amount).toBeGreaterThanOrEqual(0);
        expect(pay.items.every((i) => Number.isSafeInteger(i.amount))).toBe(true);
        expect(pay.items.reduce((t, i) => t + i.amount, 0)).toBe(pay.amount);
        expect(pay.items.filter((i) => i.code === 'peak').length).toBeLessThanOrEqual(1);
        // Exactly one step of precedence pays: a client rule, a vehicle override or the basis.
        const steps = pay.considered.filter((c) => !c.kind.startsWith('peak') && c.matched);
        expect(steps).toHaveLength(1);
        expect(steps[0]?.kind).toBe(
          { clientRule: 'clientRule', vehicleOverride: 'vehicleOverride', model: 'basis' }[pay.via],
        );
      }),
      { numRuns: 500 },
    );
  });

  it('a commission of 0 pays the whole fare, of 100 nothing', () => {
    const withCommission = (pct: string): DriverPayModelInput => ({
      id: 1,
      version: 1,
      name: 'C',
      basis: 'commission',
      commission: { cashPercent: pct, cardPercent: pct, accountPercent: pct },
    });
    const none = withCommission('0');
    const all = withCommission('100');
    fc.assert(
      fc.property(job, (j) => {
        expect(payForJob(j, none, london).amount).toBe(j.fare);
        expect(payForJob(j, all, london).amount).toBe(0);
      }),
    );
  });

  it('a higher commission never pays more', () => {
    fc.assert(
      fc.property(job, percent, percent, (j, a, b) => {
        const m = (pct: string): DriverPayModelInput => ({
          id: 1,
          version: 1,
          name: 'C',
          basis: 'commission',
          commission: { cashPercent: pct, cardPercent: pct, accountPercent: pct },
        });
        const [low, high] = Number(a) <= Number(b) ? [a, b] : [b, a];
        expect(payForJob(j, m(high), london).amount).toBeLessThanOrEqual(payForJob(j, m(low), london).amount);
      }),
    );
  });
});

/** The journal entries docs/driver-pay.md says a statement's approval and settlement post; each balances. */
function postings(s: Statement, positiveAdjustments: number, negativeAdjustments: number) {
  const entries: Array<Array<{ account: string; debit: number; credit: number }>> = [
    [
      { account: 'driverPay', debit: s.earned + s.bonuses + s.expenses + positiveAdjustments, credit: 0 },
      { account: 'driverBalance', debit: 0, credit: s.earned + s.bonuses + s.expenses + positiveAdjustments },
    ],
    [
      { account: 'driverBalance', debit: negativeAdjustments, credit: 0 },
      { account: 'driverPay', debit: 0, credit: negativeAdjustments },
    ],
    [
      { account: 'driverBalance', debit: s.deductions, credit: 0 },
      { account: 'driverDeductions', debit: 0, credit: s.deductions },
    ],
    [
      { account: 'driverBalance', debit: s.cashCollected, credit: 0 },
      { account: 'driverCash', debit: 0, credit: s.cashCollected },
    ],
  ];
  const settlement = [
    [
      { account: 'driverBalance', debit: s.payToDriver, credit: 0 },
      { account: 'bank', debit: 0, credit: s.payToDriver },
    ],
    [
      { account: 'bank', debit: s.collectFromDriver, credit: 0 },
      { account: 'driverBalance', debit: 0, credit: s.collectFromDriver },
    ],
  ];
  return { approval: entries, settlement };
}

/** What the office owes the driver on their balance after some entries (credit − debit). */
const owed = (entries: ReturnType<typeof postings>['approval']) =>
  entries.flat().reduce((t, l) => (l.account === 'driverBalance' ? t + l.credit - l.debit : t), 0);

describe('netting', () => {
  const statement = fc.record({
    jobs: fc.uniqueArray(
      fc.record({
        bookingId: fc.integer({ min: 1, max: 10_000 }),
        fare: amount(100_000),
        paymentMethod: fc.constantFrom('cash' as const, 'card' as const, 'account' as const),
        pay: amount(100_000),
      }),
      { selector: (j) => j.bookingId, maxLength: 40 },
    ),
    expenses: fc.array(fc.record({ id: fc.integer({ min: 1, max: 99 }), amount: amount(20_000) }), { maxLength: 5 }),
    adjustments: fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 99 }),
        amount: fc.integer({ min: -50_000, max: 50_000 }),
        reason: fc.constant('correction'),
      }),
      { maxLength: 5 },
    ),
    bonuses: fc.array(fc.record({ amount: amount(20_000) }), { maxLength: 3 }),
    deductions: fc.array(fc.record({ amount: amount(50_000) }), { maxLength: 3 }),
  });

  it('pay-to minus collect-from is the net, one of the two is 0, the net is what the parts say', () => {
    fc.assert(
      fc.property(statement, (input) => {
        const s = netStatement(input);
        expect(s.payToDriver - s.collectFromDriver).toBe(s.net);
        expect(Math.min(s.payToDriver, s.collectFromDriver)).toBe(0);
        expect(s.net).toBe(s.earned + s.expenses + s.adjustments + s.bonuses - s.deductions - s.cashCollected);
        expect(s.direction).toBe(s.net > 0 ? 'payToDriver' : s.net < 0 ? 'collectFromDriver' : 'settled');
      }),
    );
  });

  it('pay-to minus collect-from equals the movement of the driver’s balance in the ledger, which settles to 0', () => {
    fc.assert(
      fc.property(statement, (input) => {
        const s = netStatement(input);
        const positive = input.adjustments.filter((a) => a.amount > 0).reduce((t, a) => t + a.amount, 0);
        const negative = -input.adjustments.filter((a) => a.amount < 0).reduce((t, a) => t + a.amount, 0);
        const { approval, settlement } = postings(s, positive, negative);
        for (const entry of [...approval, ...settlement]) {
          expect(entry.reduce((t, l) => t + l.debit - l.credit, 0)).toBe(0);
        }
        expect(owed(approval)).toBe(s.payToDriver - s.collectFromDriver);
        expect(owed([...approval, ...settlement])).toBe(0);
      }),
    );
  });
});
