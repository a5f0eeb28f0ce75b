import { describe, expect, it } from 'vitest';
import { bonusFor, deductionsFor, type DriverPayModelInput, netStatement, payForJob, type PayJobInput } from '../src';

/** The week worked through in docs/driver-pay.md: its figures are these. */
const ownCar: DriverPayModelInput = {
  id: 7,
  version: 2,
  name: 'Own car mileage',
  basis: 'mileage',
  mileage: {
    ownCar: {
      perJob: 150,
      steps: [
        { fromKm: 0, toKm: 10, ratePerKm: 100 },
        { fromKm: 10, ratePerKm: 80 },
      ],
    },
    companyCar: { steps: [{ fromKm: 0, ratePerKm: 60 }] },
  },
  clientRules: [{ id: 1, clientId: 9, appliesTo: 'all', fixedPerJob: 2000 }],
  peakTimes: [{ id: 1, name: 'Friday night', weekdays: [5], from: '22:00', to: '05:00', multiplier: '1.5' }],
  bonuses: [{ id: 1, name: 'Busy week', measure: 'jobs', bands: [{ from: 4, to: 10, amount: 1000 }] }],
  deductions: [
    { id: 1, name: 'App subscription', kind: 'subscription', weeklyAmount: 1250 },
    { id: 2, name: 'Company car rent', kind: 'rent', weeklyAmount: 15000, companyCarOnly: true },
  ],
};

const base = { durationMinutes: 30, ownCar: true, vehicleTypeId: 1 };
const week: PayJobInput[] = [
  { ...base, bookingId: 1, fare: 2400, paymentMethod: 'cash', pickupAt: '2026-10-05T08:00:00Z', distanceKm: 12.4 },
  { ...base, bookingId: 2, fare: 1800, paymentMethod: 'card', pickupAt: '2026-10-07T13:00:00Z', distanceKm: 8 },
  {
    ...base,
    bookingId: 3,
    fare: 4000,
    paymentMethod: 'account',
    clientId: 9,
    pickupAt: '2026-10-09T22:30:00Z',
    distanceKm: 20,
  },
  { ...base, bookingId: 4, fare: 3000, paymentMethod: 'cash', pickupAt: '2026-10-09T23:30:00Z', distanceKm: 25 },
];

describe('the worked week of docs/driver-pay.md', () => {
  it('pays each job and nets the statement as the docs say', () => {
    const pays = week.map((job) => payForJob(job, ownCar, { timeZone: 'Europe/London', currency: 'GBP' }));
    expect(pays.map((p) => p.amount)).toEqual([1342, 950, 3000, 3525]);
    expect(pays.map((p) => p.pickupLocal)).toEqual([
      '2026-10-05T09:00',
      '2026-10-07T14:00',
      '2026-10-09T23:30',
      '2026-10-10T00:30',
    ]);
    const earned = pays.reduce((t, p) => t + p.amount, 0);
    const bonuses = bonusFor(ownCar.bonuses ?? [], { jobs: 4, earnings: earned });
    const deductions = deductionsFor(ownCar.deductions ?? [], { weeks: 1, droveCompanyCar: false });
    const s = netStatement({
      jobs: week.map((job, i) => ({
        bookingId: job.bookingId,
        fare: job.fare,
        paymentMethod: job.paymentMethod,
        pay: pays[i]?.amount ?? 0,
      })),
      expenses: [{ id: 1, amount: 450 }],
      adjustments: [
        { id: 1, amount: 500, reason: 'waited 25 minutes at the airport' },
        { id: 2, amount: -200, reason: 'lost property handling' },
      ],
      bonuses,
      deductions,
    });
    expect(s).toEqual({
      jobs: 4,
      earned: 8817,
      cashCollected: 5400,
      expenses: 450,
      adjustments: 300,
      bonuses: 1000,
      deductions: 1250,
      net: 3917,
      direction: 'payToDriver',
      payToDriver: 3917,
      collectFromDriver: 0,
    });
  });
});
