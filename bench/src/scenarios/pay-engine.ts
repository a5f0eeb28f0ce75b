import {
  compilePayModel,
  type DriverPayModelInput,
  payForJob,
  type PayJobInput,
} from '../../../packages/pay-engine/src';

/**
 * The pay engine alone, in process on one core: a mileage model with six bands per car and vehicle
 * type rows, 200 vehicle overrides, 1,000 client rules, a night peak time and two peak periods.
 * Jobs mix cash, card and account, own and company cars; a fifth have a client, some of them with a
 * rule, and a few vehicles have an override.
 */
export function payModel(): DriverPayModelInput {
  const steps = Array.from({ length: 6 }, (_, i) => ({
    fromKm: i * 5,
    toKm: i === 5 ? null : (i + 1) * 5,
    ratePerKm: 120 - i * 10,
  }));
  return {
    id: 1,
    version: 1,
    name: 'Mileage with everything',
    basis: 'mileage',
    commission: { cashPercent: '20', cardPercent: '22.5', accountPercent: '25' },
    mileage: { ownCar: { perJob: 150, steps }, companyCar: { perJob: 0, steps } },
    vehicleTypeMileage: [{ vehicleTypeId: 4, ownCar: { perJob: 200, steps }, companyCar: { perJob: 50, steps } }],
    vehicleOverrides: Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      vehicleId: 1 + i * 5,
      appliesTo: (['all', 'cash', 'card'] as const)[i % 3],
      ...(i % 2 ? { fixedPerJob: 1500 } : { commissionPercent: '15' }),
    })),
    clientRules: Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      clientId: 1 + i * 3,
      appliesTo: 'all' as const,
      commissionPercent: '10',
    })),
    peakTimes: [
      { id: 1, name: 'Night', weekdays: [1, 2, 3, 4, 5, 6, 7], from: '22:00', to: '05:00', multiplier: '1.25' },
    ],
    peakPeriods: [
      { id: 2, name: 'Christmas', from: '2026-12-24T18:00', to: '2026-12-27T06:00', multiplier: '2' },
      { id: 3, name: 'New Year', from: '2026-12-31T18:00', to: '2027-01-01T08:00', surcharge: 1000 },
    ],
  };
}

function jobs(count: number): PayJobInput[] {
  const start = Date.parse('2026-01-05T00:00:00Z');
  const methods = ['cash', 'card', 'account'] as const;
  return Array.from({ length: count }, (_, i) => ({
    bookingId: i + 1,
    fare: 800 + ((i * 7919) % 12_000),
    paymentMethod: methods[i % 3] as (typeof methods)[number],
    pickupAt: new Date(start + ((i * 7_654_321) % (365 * 24 * 3600)) * 1000).toISOString(),
    distanceKm: (500 + ((i * 7919) % 60_000)) / 1000,
    durationMinutes: 5 + (i % 90),
    hourlyHire: false,
    vehicleId: 1 + (i % 1500),
    vehicleTypeId: 1 + (i % 4),
    ownCar: i % 2 === 0,
    clientId: i % 5 === 0 ? 1 + (i % 3000) : null,
  }));
}

export interface PayFigures {
  jobs: number;
  seconds: number;
  /** Jobs paid per second of this process's CPU time: one core's worth, whatever else the machine runs. */
  perSecond: number;
  perWallSecond: number;
  /** How many were paid by a client rule and by a vehicle override. */
  byClientRule: number;
  byOverride: number;
  p50Micros: number;
  p99Micros: number;
}

/** Jobs paid per second over `seconds` on one core (this process), after a warm-up. */
export function payEngine(seconds: number): PayFigures {
  const model = compilePayModel(payModel());
  const list = jobs(10_000);
  const options = { timeZone: 'Europe/London', currency: 'GBP' };
  for (let i = 0; i < 20_000; i++) payForJob(list[i % list.length] as PayJobInput, model, options);
  let paid = 0;
  let byClientRule = 0;
  let byOverride = 0;
  const samples: number[] = [];
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    for (let k = 0; k < 1000; k++, paid++) {
      const sample = paid % 97 === 0;
      const t = sample ? performance.now() : 0;
      const pay = payForJob(list[paid % list.length] as PayJobInput, model, options);
      if (sample) samples.push(performance.now() - t);
      if (pay.via === 'clientRule') byClientRule++;
      else if (pay.via === 'vehicleOverride') byOverride++;
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((samples[Math.min(samples.length - 1, Math.floor(samples.length * p))] ?? 0) * 1000 * 10) / 10;
  return {
    jobs: paid,
    seconds: Math.round(elapsed * 100) / 100,
    perSecond: Math.round(paid / cpuSeconds),
    perWallSecond: Math.round(paid / elapsed),
    byClientRule,
    byOverride,
    p50Micros: at(0.5),
    p99Micros: at(0.99),
  };
}
