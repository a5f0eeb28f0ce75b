import { compileRules, type JourneyInput, type PricingRulesInput, quote } from '../../../packages/fare-engine/src';

/**
 * The fare engine alone, in process on one core: a standard model with ten mileage bands, night and
 * weekend peak times and two peak periods, behind a 5,000-row fixed-price matrix. A quarter of the
 * journeys hit a fixed row; the rest miss the matrix (every try a look-up), have no client model and
 * are priced by the mileage model with its peaks, extras and a discount now and then.
 */
export function fareRules(rows = 5000): PricingRulesInput {
  const bands = Array.from({ length: 10 }, (_, i) => ({
    fromKm: i * 5,
    toKm: i === 9 ? null : (i + 1) * 5,
    ratePerKm: 200 - i * 10,
  }));
  return {
    currency: 'GBP',
    timeZone: 'Europe/London',
    vat: { mode: 'inclusive', ratePercent: '20' },
    rounding: { mode: 'half-up', step: 10, stepMode: 'half-up' },
    models: [
      {
        kind: 'standard',
        id: 1,
        version: 1,
        name: 'Ten bands',
        baseFare: 350,
        includedKm: 1,
        mileageSteps: bands,
        ratePerMinute: 15,
        waiting: { graceMinutes: 5, airportGraceMinutes: 30, ratePerMinute: 25 },
        minimumFare: 800,
        deadMileage: { mode: 'fromBase', ratePerKm: 50, freeKm: 3 },
        peakTimes: [
          { id: 1, name: 'Night', weekdays: [1, 2, 3, 4, 5, 6, 7], from: '22:00', to: '05:00', multiplier: '1.5' },
          { id: 2, name: 'Weekend evening', weekdays: [5, 6], from: '18:00', to: '22:00', multiplier: '1.25' },
          { id: 3, name: 'School run', weekdays: [1, 2, 3, 4, 5], from: '08:00', to: '09:00', surcharge: 200 },
        ],
        peakPeriods: [
          { id: 4, name: 'Christmas', from: '2026-12-24T18:00', to: '2026-12-27T06:00', multiplier: '2' },
          { id: 5, name: 'New Year', from: '2026-12-31T18:00', to: '2027-01-01T08:00', multiplier: '2.5' },
        ],
      },
      {
        kind: 'fixed',
        id: 2,
        version: 1,
        name: 'Fixed prices',
        rows: Array.from({ length: rows }, (_, i) => ({
          id: i + 1,
          from: `location:${1 + (i % 100)}`,
          to: `postcode:D${Math.floor(i / 100)}`,
          vehicleTypeId: i % 3 === 0 ? null : 1 + (i % 4),
          price: 3000 + (i % 700) * 10,
          reverseAlsoMatches: i % 2 === 0,
        })),
      },
    ],
    defaultModelId: 1,
    fixedPriceModelId: 2,
    expenseTypes: [{ id: 1, name: 'Child seat', price: 500, vatRatePercent: '20' }],
  };
}

function journeys(count: number): { journey: JourneyInput; at: Date }[] {
  const start = Date.parse('2026-01-05T00:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const hit = i % 4 === 0;
    return {
      journey: {
        distanceMetres: 500 + ((i * 7919) % 80_000),
        durationSeconds: 300 + ((i * 104_729) % 5400),
        waitingSeconds: (i * 31) % 1200,
        isAirportPickup: i % 9 === 0,
        vehicleTypeId: 1 + (i % 4),
        clientId: i % 5 === 0 ? 1 + (i % 300) : null,
        pickupLocationKeys: hit ? [`location:${1 + (i % 100)}`, 'zone:3'] : ['postcode:SW1A', 'zone:3'],
        dropoffLocationKeys: hit ? [`postcode:D${i % 50}`] : [`location:${200 + (i % 50)}`, 'zone:4'],
        deadMileageMetres: (i * 13) % 9000,
        extras: i % 7 === 0 ? [{ expenseTypeId: 1, quantity: 1 }] : [],
        discount: i % 11 === 0 ? { kind: 'percentage', percent: '10' } : null,
      },
      at: new Date(start + ((i * 7_654_321) % (365 * 24 * 3600)) * 1000),
    };
  });
}

export interface FareFigures {
  quotes: number;
  seconds: number;
  /** Quotes per second of this process's CPU time: one core's worth, whatever else the machine runs. */
  perSecond: number;
  /** Quotes per second of wall-clock time (lower on a busy machine). */
  perWallSecond: number;
  fixedHits: number;
  /** Microseconds a quote takes at the median and 99th percentile (sampled). */
  p50Micros: number;
  p99Micros: number;
}

/** Quotes per second over `seconds` on one core (this process), after a warm-up. */
export function fareEngine(seconds: number): FareFigures {
  const rules = compileRules(fareRules());
  const list = journeys(10_000);
  for (let i = 0; i < 20_000; i++) {
    const { journey, at } = list[i % list.length] as (typeof list)[number];
    quote(journey, rules, at);
  }
  let quotes = 0;
  let fixedHits = 0;
  const samples: number[] = [];
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    for (let k = 0; k < 1000; k++, quotes++) {
      const { journey, at } = list[quotes % list.length] as (typeof list)[number];
      const sample = quotes % 97 === 0;
      const t = sample ? performance.now() : 0;
      const q = quote(journey, rules, at);
      if (sample) samples.push(performance.now() - t);
      if (q.pricedBy.via === 'fixedPrice') fixedHits++;
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round((samples[Math.min(samples.length - 1, Math.floor(samples.length * p))] ?? 0) * 1000 * 10) / 10;
  return {
    quotes,
    seconds: Math.round(elapsed * 100) / 100,
    perSecond: Math.round(quotes / cpuSeconds),
    perWallSecond: Math.round(quotes / elapsed),
    fixedHits,
    p50Micros: at(0.5),
    p99Micros: at(0.99),
  };
}
