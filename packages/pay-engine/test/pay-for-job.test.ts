import { describe, expect, it } from 'vitest';
import { type DriverPayModelInput, PayInputError, payForJob } from '../src';
import { commissionModel, fixedModel, hourlyModel, job, LONDON, mileageModel } from './fixtures';

const codes = (items: { code: string; amount: number }[]) => items.map((i) => [i.code, i.amount]);

describe('the basis of a model', () => {
  it('commission: the driver keeps the fare less the office’s share for the payment method', () => {
    const cash = payForJob(job, commissionModel, LONDON);
    expect(cash).toMatchObject({ amount: 1600, modelId: 1, version: 3, basis: 'commission', via: 'model' });
    expect(codes(cash.items)).toEqual([
      ['fare', 2000],
      ['commission', -400],
    ]);
    expect(cash.items[1]?.detail).toBe('20% of 20.00 kept by the office (model Commission, cash jobs)');
    expect(payForJob({ ...job, paymentMethod: 'card' }, commissionModel, LONDON).amount).toBe(1550);
    expect(payForJob({ ...job, paymentMethod: 'account' }, commissionModel, LONDON).amount).toBe(1500);
  });

  it('commission rounds once, in the stated mode', () => {
    const card = { ...job, fare: 1999, paymentMethod: 'card' as const };
    expect(payForJob(card, commissionModel, LONDON).amount).toBe(1549); // 1549.225
    const half: DriverPayModelInput = {
      ...commissionModel,
      commission: { cashPercent: '50', cardPercent: '50', accountPercent: '50' },
    };
    expect(payForJob({ ...job, fare: 2001 }, half, LONDON).amount).toBe(1001);
    expect(payForJob({ ...job, fare: 2001 }, half, { ...LONDON, rounding: 'half-even' }).amount).toBe(1000);
  });

  it('mileage: each band its own rate, then the amount per job; own car or company car', () => {
    const own = payForJob({ ...job, ownCar: true }, mileageModel, LONDON);
    expect(own.basis).toBe('mileage');
    expect(codes(own.items)).toEqual([
      ['mileage', 1192],
      ['perJob', 150],
    ]);
    expect(own.items[0]?.detail).toBe('12.4 km: 0–10 km at 1.00/km, 10–12.4 km at 0.80/km (model Mileage, own car)');
    expect(payForJob(job, mileageModel, LONDON).amount).toBe(744); // company car, 12.4 × 0.60
  });

  it('mileage: a vehicle type with its own rows pays by them', () => {
    expect(payForJob({ ...job, ownCar: true, vehicleTypeId: 2 }, mileageModel, LONDON).amount).toBe(1488);
    expect(payForJob({ ...job, vehicleTypeId: 2 }, mileageModel, LONDON).amount).toBe(868);
    expect(payForJob({ ...job, ownCar: true, vehicleTypeId: 3 }, mileageModel, LONDON).amount).toBe(1342);
  });

  it('mileage: no distance pays the amount per job only', () => {
    const pay = payForJob({ ...job, ownCar: true, distanceKm: 0 }, mileageModel, LONDON);
    expect(codes(pay.items)).toEqual([
      ['mileage', 0],
      ['perJob', 150],
    ]);
  });

  it('fixed: the same amount per job whatever the fare', () => {
    expect(payForJob(job, fixedModel, LONDON)).toMatchObject({ amount: 900, basis: 'fixed' });
    expect(payForJob({ ...job, fare: 0 }, fixedModel, LONDON).amount).toBe(900);
  });

  it('hourly: the rate for the minutes driven, at least the minimum', () => {
    const hire = { ...job, hourlyHire: true, durationMinutes: 90 };
    const short = payForJob(hire, hourlyModel, LONDON);
    expect(short).toMatchObject({ amount: 3600, basis: 'hourly' });
    expect(short.items[0]?.detail).toBe('2 h at 18.00/h (1.5 h driven, the minimum is 2 h)');
    expect(payForJob({ ...hire, durationMinutes: 150 }, hourlyModel, LONDON).amount).toBe(4500);
    expect(payForJob({ ...hire, durationMinutes: 125 }, hourlyModel, LONDON).amount).toBe(3750);
  });

  it('hourly: an ordinary job is paid by the model’s commission, else not at all and says why', () => {
    const unpaid = payForJob(job, hourlyModel, LONDON);
    expect(unpaid).toMatchObject({ amount: 0, basis: 'none' });
    expect(unpaid.items).toEqual([
      {
        code: 'notPaid',
        label: 'Not paid',
        amount: 0,
        detail: 'an hourly model pays hourly hires only, and this one has no commission for other jobs',
      },
    ]);
    const withCommission = {
      ...hourlyModel,
      commission: { cashPercent: '30', cardPercent: '30', accountPercent: '30' },
    };
    expect(payForJob(job, withCommission, LONDON)).toMatchObject({ amount: 1400, basis: 'commission', via: 'model' });
  });
});

describe('vehicle overrides', () => {
  const model: DriverPayModelInput = {
    ...commissionModel,
    vehicleOverrides: [
      { id: 11, vehicleId: 5, appliesTo: 'cash', commissionPercent: '10' },
      { id: 12, vehicleId: 5, appliesTo: 'all', fixedPerJob: 1500 },
      { id: 13, vehicleTypeId: 2, appliesTo: 'all', commissionPercent: '30' },
      { id: 14, vehicleTypeId: 2, appliesTo: 'card', fixedPerJob: 1200 },
    ],
  };
  const pay = (method: 'cash' | 'card' | 'account', vehicleId: number) =>
    payForJob({ ...job, paymentMethod: method, vehicleId, vehicleTypeId: 2 }, model, LONDON);

  it('the vehicle’s own override for the payment method first, then its override for all jobs', () => {
    expect(pay('cash', 5)).toMatchObject({ amount: 1800, via: 'vehicleOverride', ruleId: 11, basis: 'commission' });
    expect(pay('card', 5)).toMatchObject({ amount: 1500, ruleId: 12, basis: 'fixed' });
  });

  it('then the vehicle type’s, for the payment method before all jobs', () => {
    expect(pay('card', 6)).toMatchObject({ amount: 1200, ruleId: 14 });
    expect(pay('cash', 6)).toMatchObject({ amount: 1400, ruleId: 13 });
  });

  it('an account job takes only an override for all jobs', () => {
    expect(pay('account', 5)).toMatchObject({ amount: 1500, ruleId: 12 });
    expect(pay('account', 6)).toMatchObject({ amount: 1400, ruleId: 13 });
  });

  it('says why each override did or did not pay', () => {
    expect(pay('card', 5).considered).toEqual([
      { kind: 'clientRule', id: null, matched: false, why: 'the job has no client' },
      { kind: 'vehicleOverride', id: 12, matched: true, why: "pays the job: vehicle 5's rule 12 for all jobs" },
      { kind: 'vehicleOverride', id: 11, matched: false, why: "vehicle 5's rule is for cash jobs; this is a card job" },
      {
        kind: 'vehicleOverride',
        id: 14,
        matched: false,
        why: "not needed: vehicle 5's own override comes first",
      },
      {
        kind: 'vehicleOverride',
        id: 13,
        matched: false,
        why: "not needed: vehicle 5's own override comes first",
      },
      { kind: 'basis', id: 1, matched: false, why: 'not needed: the vehicle override pays the job first' },
    ]);
  });

  it('a job with no override is paid by the basis and says so', () => {
    const plain = payForJob({ ...job, vehicleId: 8, vehicleTypeId: 9 }, model, LONDON);
    expect(plain).toMatchObject({ amount: 1600, via: 'model', ruleId: null });
    expect(plain.considered[1]).toEqual({
      kind: 'vehicleOverride',
      id: null,
      matched: false,
      why: 'no override for vehicle 8 or vehicle type 9',
    });
  });
});

describe('client rules', () => {
  const model: DriverPayModelInput = {
    ...mileageModel,
    clientRules: [
      { id: 21, clientId: 9, appliesTo: 'cash', fixedPerJob: 1000 },
      { id: 22, clientId: 9, appliesTo: 'all', commissionPercent: '5' },
    ],
    vehicleOverrides: [{ id: 11, vehicleId: 5, appliesTo: 'all', fixedPerJob: 1500 }],
  };

  it('the client’s rule for the payment method, else for all jobs; an account job takes only all', () => {
    const at = (method: 'cash' | 'card' | 'account') =>
      payForJob({ ...job, clientId: 9, paymentMethod: method }, model, LONDON);
    expect(at('cash')).toMatchObject({ amount: 1000, via: 'clientRule', ruleId: 21 });
    expect(at('card')).toMatchObject({ amount: 1900, via: 'clientRule', ruleId: 22, basis: 'commission' });
    expect(at('account')).toMatchObject({ amount: 1900, ruleId: 22 });
  });

  it('comes before a vehicle override and the basis', () => {
    const paid = payForJob({ ...job, clientId: 9, vehicleId: 5, paymentMethod: 'card' }, model, LONDON);
    expect(paid).toMatchObject({ amount: 1900, via: 'clientRule' });
    expect(paid.considered.filter((c) => c.kind !== 'clientRule')).toEqual([
      { kind: 'vehicleOverride', id: 11, matched: false, why: 'not needed: a client rule pays the job first' },
      { kind: 'basis', id: 2, matched: false, why: 'not needed: the client rule pays the job first' },
    ]);
  });

  it('another client’s job is paid as usual', () => {
    expect(payForJob({ ...job, clientId: 10 }, model, LONDON)).toMatchObject({ amount: 744, via: 'model' });
  });
});

describe('bad input', () => {
  it('refuses a job naming the field', () => {
    expect(() => payForJob({ ...job, fare: -1 }, commissionModel, LONDON)).toThrow(PayInputError);
    try {
      payForJob({ ...job, fare: 12.5 }, commissionModel, LONDON);
    } catch (error) {
      expect((error as PayInputError).field).toBe('fare');
    }
    expect.assertions(2);
  });

  it('refuses a model naming the field', () => {
    const bad = { ...commissionModel, commission: { cashPercent: '120', cardPercent: '0', accountPercent: '0' } };
    expect(() => payForJob(job, bad, LONDON)).toThrow(/commission.cashPercent must be at most 100/);
  });

  it('refuses a time zone or currency it does not know', () => {
    expect(() => payForJob(job, commissionModel, { timeZone: 'Mars/Olympus' })).toThrow(/timeZone/);
    expect(() => payForJob(job, commissionModel, { ...LONDON, currency: 'nope' })).toThrow(/currency/);
  });
});
