import { describe, expect, it } from 'vitest';
import { curveOf, TABLE_KM } from './fare-curve';
import { addStep, type ModelFormValues, newModelValues } from './model-form';

const settings = { currency: 'GBP', timeZone: 'Europe/London', pickupAt: '2030-01-09T12:00:00Z' };

/** £3.00 with 2 km included; 2–10 km at £2.00, 10–30 km at £1.50, then £1.00 a km. */
function threeBands(): ModelFormValues {
  const v = newModelValues('standard');
  v.name = 'City';
  v.baseFare = '3.00';
  v.includedKm = 2;
  v.mileageSteps = [
    { fromKm: 2, toKm: 10, ratePerKm: '2.00' },
    { fromKm: 10, toKm: 30, ratePerKm: '1.50' },
    { fromKm: 30, toKm: '', ratePerKm: '1' },
  ];
  return v;
}

const priceAt = (values: ModelFormValues, km: number, more = {}) =>
  curveOf(values, { ...settings, ...more }).points.find((p) => p.km === km)?.price;

describe('the fare curve from a form state', () => {
  it('prices 1–100 km with the engine, each band at its rate and the last past its end', () => {
    const curve = curveOf(threeBands(), settings);
    expect(curve.problem).toBeNull();
    expect(curve.points).toHaveLength(100);
    expect(curve.points[0]).toEqual({ km: 1, price: 300 });
    // 5 km: base 300 + 3 km × 200.
    expect(priceAt(threeBands(), 5)).toBe(900);
    // 25 km: 300 + 8 × 200 + 15 × 150.
    expect(priceAt(threeBands(), 25)).toBe(300 + 1600 + 2250);
    // 100 km: 300 + 1600 + 20 × 150 + 70 × 100 — never capped.
    expect(priceAt(threeBands(), 100)).toBe(300 + 1600 + 3000 + 7000);
    for (const km of TABLE_KM) expect(priceAt(threeBands(), km)).toBeGreaterThan(0);
  });

  it('follows the form as it changes: a minimum fare lifts the short journeys only', () => {
    const v = threeBands();
    v.minimumFare = '10.00';
    expect(priceAt(v, 1)).toBe(1000);
    expect(priceAt(v, 25)).toBe(4150);
  });

  it('applies a night peak at the moment it is priced at', () => {
    const v = threeBands();
    v.peakTimes = [
      {
        id: 1,
        name: 'Night',
        weekdays: ['1', '2', '3', '4', '5', '6', '7'],
        from: '22:00',
        to: '05:00',
        charge: 'multiplier',
        multiplier: '1.5',
        surcharge: '',
      },
    ];
    expect(priceAt(v, 5)).toBe(900);
    expect(priceAt(v, 5, { pickupAt: '2030-01-09T23:30:00Z' })).toBe(1350);
  });

  it('draws nothing for a form the engine refuses and names the field with the engine’s words', () => {
    const v = threeBands();
    v.mileageSteps[1] = { fromKm: 8, toKm: 30, ratePerKm: '1.50' };
    const curve = curveOf(v, settings);
    expect(curve.points.every((p) => p.price === null)).toBe(true);
    expect(curve.problem).toEqual({
      field: 'mileageSteps.1.fromKm',
      message: 'overlaps the band above, which ends at 10 km',
    });
  });

  it('draws a model that has no name yet', () => {
    const v = threeBands();
    v.name = '';
    expect(curveOf(v, settings).problem).toBeNull();
    expect(priceAt(v, 5)).toBe(900);
  });

  it('names money that is not an amount', () => {
    const v = threeBands();
    v.baseFare = '3,00x';
    expect(curveOf(v, settings).problem?.field).toBe('baseFare');
  });

  it('draws no distance curve for a zone or hourly model', () => {
    expect(curveOf(newModelValues('zone'), settings).notDistance).toBe(true);
    expect(curveOf(newModelValues('hourly'), settings).notDistance).toBe(true);
  });

  it('adds a band where the last one ends, closing an open-ended last band', () => {
    const steps = addStep([{ fromKm: 0, toKm: '', ratePerKm: '2.00' }]);
    expect(steps).toEqual([
      { fromKm: 0, toKm: 10, ratePerKm: '2.00' },
      { fromKm: 10, toKm: '', ratePerKm: '2.00' },
    ]);
  });
});
