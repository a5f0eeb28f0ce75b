import type { PricingRulesInput } from '../src';

/** A London operator: prices include VAT at 20 %, a mileage model with three bands and a night peak. */
export function londonRules(overrides: Partial<PricingRulesInput> = {}): PricingRulesInput {
  return {
    currency: 'GBP',
    timeZone: 'Europe/London',
    vat: { mode: 'inclusive', ratePercent: '20' },
    rounding: { mode: 'half-up', step: 1, stepMode: 'half-up' },
    models: [
      {
        kind: 'standard',
        id: 1,
        version: 3,
        name: 'Standard tariff',
        baseFare: 350,
        includedKm: 1,
        mileageSteps: [
          { fromKm: 0, toKm: 5, ratePerKm: 150 },
          { fromKm: 5, toKm: 10, ratePerKm: 120 },
          { fromKm: 10, toKm: 20, ratePerKm: 100 },
        ],
        ratePerMinute: 20,
        waiting: { graceMinutes: 5, airportGraceMinutes: 30, ratePerMinute: 30 },
        minimumFare: 800,
        deadMileage: { mode: 'fromBase', ratePerKm: 50, freeKm: 3 },
        peakTimes: [
          { id: 1, name: 'Night', weekdays: [1, 2, 3, 4, 5, 6, 7], from: '22:00', to: '05:00', multiplier: '1.5' },
        ],
        peakPeriods: [{ id: 2, name: 'Christmas', from: '2026-12-24T18:00', to: '2026-12-27T06:00', surcharge: 2000 }],
      },
      {
        kind: 'fixed',
        id: 2,
        version: 1,
        name: 'Airport prices',
        rows: [
          {
            id: 501,
            from: 'location:7',
            to: 'postcode:SW1A',
            vehicleTypeId: null,
            price: 6500,
            reverseAlsoMatches: true,
          },
          { id: 502, from: 'location:7', to: 'postcode:SW1A', vehicleTypeId: 3, price: 9000 },
          { id: 503, from: 'zone:40', to: 'zone:41', price: 4000 },
        ],
      },
      {
        kind: 'zone',
        id: 3,
        version: 2,
        name: 'Acme zones',
        routes: [
          { fromZoneId: 10, toZoneId: 11, price: 2500, reverseAlsoMatches: true },
          {
            fromZoneId: 10,
            toZoneId: 12,
            tariff: { baseFare: 500, mileageSteps: [{ fromKm: 0, ratePerKm: 100 }], minimumFare: 1200 },
          },
        ],
      },
      {
        kind: 'vehicle',
        id: 4,
        version: 1,
        name: 'By vehicle',
        standard: { baseFare: 400, mileageSteps: [{ fromKm: 0, ratePerKm: 200 }], minimumFare: 1000 },
        vehicles: [
          { vehicleTypeId: 2, multiplier: '1.25' },
          { vehicleTypeId: 4, tariff: { baseFare: 1000, mileageSteps: [{ fromKm: 0, ratePerKm: 300 }] } },
        ],
      },
      {
        kind: 'hourly',
        id: 5,
        version: 1,
        name: 'Hourly hire',
        ratePerHour: 4000,
        minimumHours: 2,
        vehicles: [{ vehicleTypeId: 3, ratePerHour: 6000, minimumHours: 3 }],
      },
    ],
    defaultModelId: 1,
    defaultHourlyModelId: 5,
    fixedPriceModelId: 2,
    clientModels: [{ clientId: 900, modelId: 3 }],
    vehicleTypeModels: [
      { vehicleTypeId: 2, modelId: 4 },
      { vehicleTypeId: 4, modelId: 4 },
    ],
    expenseTypes: [
      { id: 1, name: 'Child seat', price: 500, vatRatePercent: '20' },
      { id: 2, name: 'Parking', price: 350, vatRatePercent: '0' },
    ],
    ...overrides,
  };
}

/** Wednesday 10 June 2026, 12:00 in London (BST). */
export const noonInJune = '2026-06-10T11:00:00Z';
/** Wednesday 10 June 2026, 23:30 in London. */
export const lateInJune = '2026-06-10T22:30:00Z';

/** 12.4 km, 25 minutes, 10 minutes' wait, 5 km from the base. */
export const cityJourney = {
  distanceMetres: 12_400,
  durationSeconds: 1500,
  waitingSeconds: 600,
  deadMileageMetres: 5000,
};
