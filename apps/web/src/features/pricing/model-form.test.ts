import { schemas } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyTariff,
  fieldOfModel,
  moneyErrors,
  newModelValues,
  toCreateInput,
  toFormValues,
  toModel,
  toUpdateInput,
} from './model-form';

describe('the model form against the contract', () => {
  it('sends a standard model in minor units that Pricing/Create accepts, and reads it back', () => {
    const v = newModelValues('standard');
    v.name = 'City';
    v.baseFare = '3.50';
    v.mileageSteps = [
      { fromKm: 0, toKm: 10, ratePerKm: '2' },
      { fromKm: 10, toKm: '', ratePerKm: '1.5' },
    ];
    v.waiting = { graceMinutes: 5, airportGraceMinutes: 30, ratePerMinute: '0.40' };
    v.deadMileage = { mode: 'fromBase', ratePerKm: '1.00', freeKm: 3 };
    v.peakTimes = [
      {
        id: 1,
        name: 'Night',
        weekdays: ['5', '6'],
        from: '22:00',
        to: '05:00',
        charge: 'surcharge',
        multiplier: '',
        surcharge: '2.50',
      },
    ];
    const input = toCreateInput(v);
    expect(schemas.pricingModelInput.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({
      baseFare: 350,
      mileageSteps: [
        { fromKm: 0, toKm: 10, ratePerKm: 200 },
        { fromKm: 10, toKm: null, ratePerKm: 150 },
      ],
      waiting: { graceMinutes: 5, airportGraceMinutes: 30, ratePerMinute: 40 },
      deadMileage: { mode: 'fromBase', ratePerKm: 100, freeKm: 3 },
      peakTimes: [{ weekdays: [5, 6], surcharge: 250, multiplier: null }],
    });
    const back = toFormValues({
      name: 'City',
      isDefault: false,
      isActive: true,
      kind: 'standard',
      model: { ...toModel(v), id: 1, version: 1 } as never,
    });
    expect(toModel(back)).toEqual(toModel(v));
  });

  it('sends a vehicle, a zone and an hourly model the contract accepts', () => {
    const vehicle = newModelValues('vehicle');
    vehicle.name = 'By car';
    vehicle.standard.mileageSteps = [{ fromKm: 0, toKm: '', ratePerKm: '2' }];
    vehicle.vehicles = [
      { vehicleTypeId: 3, use: 'multiplier', multiplier: '1.25', tariff: emptyTariff() },
      { vehicleTypeId: 4, use: 'tariff', multiplier: '', tariff: { ...emptyTariff(), baseFare: '10' } },
    ];
    expect(schemas.pricingModelUpdateInput.safeParse(toUpdateInput(vehicle, { id: 9 })).success).toBe(true);

    const zone = newModelValues('zone');
    zone.name = 'Zones';
    zone.routes = [{ fromZoneId: 1, toZoneId: 2, reverseAlsoMatches: true, price: '25', tariff: null }];
    expect(schemas.pricingModelInput.safeParse(toCreateInput(zone)).success).toBe(true);
    expect(toModel(zone)).toMatchObject({ routes: [{ price: 2500, tariff: null }] });

    const hourly = newModelValues('hourly');
    hourly.name = 'By the hour';
    hourly.ratePerHour = '45';
    hourly.minimumHours = 2;
    hourly.hourlyVehicles = [{ vehicleTypeId: 3, ratePerHour: '60', minimumHours: '' }];
    expect(schemas.pricingModelInput.safeParse(toCreateInput(hourly)).success).toBe(true);
    expect(toModel(hourly)).toMatchObject({ ratePerHour: 4500, vehicles: [{ ratePerHour: 6000, minimumHours: null }] });
  });

  it('refuses what the engine refuses, on the path the form holds', () => {
    const zone = newModelValues('zone');
    zone.name = 'Zones';
    zone.routes = [{ fromZoneId: 1, toZoneId: 2, reverseAlsoMatches: false, price: '', tariff: null }];
    const result = schemas.pricingModelInput.safeParse(toCreateInput(zone));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe('routes.0.price');
    expect(fieldOfModel('hourly')('vehicles.0.ratePerHour')).toBe('hourlyVehicles.0.ratePerHour');
    expect(fieldOfModel('vehicle')('vehicles.0.multiplier')).toBeUndefined();
  });

  it('names money that is not an amount wherever it is typed', () => {
    const v = newModelValues('vehicle');
    v.standard.minimumFare = '12,5x';
    v.vehicles = [{ vehicleTypeId: 3, use: 'tariff', multiplier: '', tariff: { ...emptyTariff(), baseFare: 'ten' } }];
    expect(moneyErrors(v, 'not an amount')).toEqual({
      'standard.minimumFare': 'not an amount',
      'vehicles.0.tariff.baseFare': 'not an amount',
    });
  });
});
