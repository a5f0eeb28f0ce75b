import type { DriverPayModelInput, PayJobInput } from '../src';

export const LONDON = { timeZone: 'Europe/London' } as const;

/** A commission model: the office keeps 20 % of cash, 22.5 % of card and 25 % of account fares. */
export const commissionModel: DriverPayModelInput = {
  id: 1,
  version: 3,
  name: 'Commission',
  basis: 'commission',
  commission: { cashPercent: '20', cardPercent: '22.5', accountPercent: '25' },
};

/** Own car: 1.00/km to 10 km, 0.80/km after, 1.50 a job; company car 0.60/km; vehicle type 2 its own 1.20/km. */
export const mileageModel: DriverPayModelInput = {
  id: 2,
  version: 1,
  name: 'Mileage',
  basis: 'mileage',
  mileage: {
    ownCar: {
      perJob: 150,
      steps: [
        { fromKm: 0, toKm: 10, ratePerKm: 100 },
        { fromKm: 10, toKm: null, ratePerKm: 80 },
      ],
    },
    companyCar: { steps: [{ fromKm: 0, ratePerKm: 60 }] },
  },
  vehicleTypeMileage: [
    {
      vehicleTypeId: 2,
      ownCar: { steps: [{ fromKm: 0, ratePerKm: 120 }] },
      companyCar: { steps: [{ fromKm: 0, ratePerKm: 70 }] },
    },
  ],
};

export const fixedModel: DriverPayModelInput = { id: 3, version: 1, name: 'Fixed', basis: 'fixed', fixedPerJob: 900 };

/** 18.00 an hour, two hours at least. */
export const hourlyModel: DriverPayModelInput = {
  id: 4,
  version: 1,
  name: 'Chauffeur',
  basis: 'hourly',
  hourly: { ratePerHour: 1800, minimumMinutes: 120 },
};

/** A cash job of 20.00, 12.4 km, Wednesday 1 July 2026 at noon in London (11:00 UTC). */
export const job: PayJobInput = {
  bookingId: 100,
  fare: 2000,
  paymentMethod: 'cash',
  pickupAt: '2026-07-01T11:00:00Z',
  distanceKm: 12.4,
  durationMinutes: 30,
};
