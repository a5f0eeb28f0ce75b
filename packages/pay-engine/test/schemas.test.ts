import { describe, expect, it } from 'vitest';
import { driverPayModelSchema, type DriverPayModelInput } from '../src';

const base: DriverPayModelInput = {
  id: 1,
  version: 1,
  name: 'Own car, commission',
  basis: 'commission',
  commission: { cashPercent: '20', cardPercent: '22.5', accountPercent: '25' },
};

function issuesOf(input: unknown): Array<{ path: string; message: string }> {
  const r = driverPayModelSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('driver pay model rules', () => {
  it('takes a commission model and fills the empty rule lists', () => {
    const model = driverPayModelSchema.parse(base);
    expect(model.peakTimes).toEqual([]);
    expect(model.commission?.cardPercent).toBe('22.5');
  });

  it('refuses a commission over 100 %, naming the field', () => {
    expect(issuesOf({ ...base, commission: { ...base.commission, cashPercent: '100.5' } })).toEqual([
      { path: 'commission.cashPercent', message: 'must be at most 100' },
    ]);
  });

  it('asks for the part its basis needs', () => {
    expect(issuesOf({ ...base, basis: 'mileage' })).toEqual([
      { path: 'mileage', message: 'is required when basis is mileage' },
    ]);
  });

  it('refuses overlapping peak times, across midnight and the week end too', () => {
    const peak = (id: number, weekdays: number[], from: string, to: string) => ({
      id,
      name: `p${id}`,
      weekdays,
      from,
      to,
      multiplier: '1.2',
    });
    expect(issuesOf({ ...base, peakTimes: [peak(1, [5], '22:00', '05:00'), peak(2, [6], '04:00', '06:00')] })).toEqual([
      { path: 'peakTimes.1.from', message: 'overlaps the peak time at index 0' },
    ]);
    expect(issuesOf({ ...base, peakTimes: [peak(1, [7], '23:00', '02:00'), peak(2, [1], '01:00', '03:00')] })).toEqual([
      { path: 'peakTimes.1.from', message: 'overlaps the peak time at index 0' },
    ]);
    expect(issuesOf({ ...base, peakTimes: [peak(1, [5], '22:00', '05:00'), peak(2, [6], '05:00', '06:00')] })).toEqual(
      [],
    );
  });

  it('refuses overlapping peak periods and bonus bands out of order', () => {
    const period = (id: number, from: string, to: string) => ({ id, name: `x${id}`, from, to, surcharge: 200 });
    expect(
      issuesOf({
        ...base,
        peakPeriods: [
          period(1, '2026-12-24T18:00', '2026-12-27T06:00'),
          period(2, '2026-12-26T00:00', '2026-12-28T00:00'),
        ],
      }),
    ).toEqual([{ path: 'peakPeriods.1.from', message: 'overlaps the peak period at index 0' }]);
    expect(
      issuesOf({
        ...base,
        bonuses: [
          {
            id: 1,
            name: 'Busy week',
            measure: 'jobs',
            bands: [
              { from: 40, to: 60, amount: 5000 },
              { from: 50, to: null, amount: 9000 },
            ],
          },
        ],
      }),
    ).toEqual([
      { path: 'bonuses.0.bands.1.from', message: 'bands must be in order without overlap: the band above ends at 60' },
    ]);
  });

  it('wants a vehicle or a vehicle type on an override, and a commission or an amount', () => {
    expect(
      issuesOf({ ...base, vehicleOverrides: [{ id: 1, vehicleId: 3, vehicleTypeId: 4, fixedPerJob: 500 }] }),
    ).toEqual([{ path: 'vehicleOverrides.0.vehicleId', message: 'give a vehicle or a vehicle type, one of the two' }]);
    expect(
      issuesOf({ ...base, clientRules: [{ id: 1, clientId: 9, commissionPercent: '10', fixedPerJob: 500 }] }),
    ).toEqual([{ path: 'clientRules.0.fixedPerJob', message: 'give a commission or a fixed amount, not both' }]);
  });
});
