import { describe, expect, it } from 'vitest';
import { type Bonus, bonusFor, deductionsFor, PayInputError } from '../src';

const busyWeek: Bonus = {
  id: 1,
  name: 'Busy week',
  measure: 'jobs',
  bands: [
    { from: 40, to: 60, amount: 5000 },
    { from: 60, to: null, amount: 9000 },
  ],
};
const rated: Bonus = {
  id: 2,
  name: 'Five stars',
  measure: 'rating',
  bands: [{ from: 4.8, to: null, amount: 2500 }],
};
const earner: Bonus = {
  id: 3,
  name: 'Earner',
  measure: 'earnings',
  bands: [{ from: 50000, to: 100000, amount: 1000 }],
};

describe('bonuses', () => {
  it('pays the band the measure falls in, from inclusive and to exclusive', () => {
    const at = (jobs: number) => bonusFor([busyWeek], { jobs, earnings: 0 })[0];
    expect(at(39)).toMatchObject({ amount: 0, band: null, detail: 'jobs 39 falls in no band (40–60, 60 on)' });
    expect(at(40)).toMatchObject({ amount: 5000, band: 0, detail: 'jobs 40 is in the band 40–60: 50.00' });
    expect(at(59)).toMatchObject({ amount: 5000, band: 0 });
    expect(at(60)).toMatchObject({ amount: 9000, band: 1, detail: 'jobs 60 is in the band 60 on: 90.00' });
  });

  it('a line per bonus, each on its own measure; a measure not known pays nothing and says so', () => {
    const lines = bonusFor([busyWeek, rated, earner], { jobs: 12, earnings: 64000 });
    expect(lines.map((l) => [l.bonusId, l.amount, l.detail])).toEqual([
      [1, 0, 'jobs 12 falls in no band (40–60, 60 on)'],
      [2, 0, 'no rating in the period'],
      [3, 1000, 'earnings 640.00 is in the band 500.00–1000.00: 10.00'],
    ]);
    expect(bonusFor([rated], { jobs: 0, earnings: 0, rating: 4.85 })[0]?.amount).toBe(2500);
    expect(bonusFor([rated], { jobs: 0, earnings: 0, rating: 4.79 })[0]?.amount).toBe(0);
  });

  it('refuses a measure out of range naming it', () => {
    expect(() => bonusFor([rated], { jobs: 1, earnings: 0, rating: 6 })).toThrow(PayInputError);
    expect(() => bonusFor([rated], { jobs: 1, earnings: 0, rating: 6 })).toThrow(/measures.rating must be at most 5/);
  });
});

describe('deductions', () => {
  const rent = { id: 1, name: 'Car rent', kind: 'rent' as const, weeklyAmount: 15000, companyCarOnly: true };
  const app = { id: 2, name: 'App', kind: 'subscription' as const, weeklyAmount: 1250 };

  it('takes the weekly amount for each week of the period', () => {
    const lines = deductionsFor([rent, app], { weeks: 2, droveCompanyCar: true });
    expect(lines.map((l) => [l.deductionId, l.kind, l.amount, l.detail])).toEqual([
      [1, 'rent', 30000, '2 weeks × 150.00'],
      [2, 'subscription', 2500, '2 weeks × 12.50'],
    ]);
  });

  it('takes a company car’s rent only from a driver who drove one', () => {
    const lines = deductionsFor([rent, app], { weeks: 1, droveCompanyCar: false });
    expect(lines.map((l) => l.amount)).toEqual([0, 1250]);
    expect(lines[0]?.detail).toBe('not taken: only from a driver who drove a company car in the period');
  });

  it('a part of a week rounds once, in the stated mode', () => {
    // 1250 × 4.3452 = 5431.5
    expect(deductionsFor([app], { weeks: 4.3452, droveCompanyCar: false })[0]?.amount).toBe(5432);
    expect(deductionsFor([app], { weeks: 4.3452, droveCompanyCar: false }, { rounding: 'half-even' })[0]?.amount).toBe(
      5432,
    );
    expect(deductionsFor([app], { weeks: 4.3452, droveCompanyCar: false }, { rounding: 'down' })[0]?.amount).toBe(5431);
  });

  it('refuses a period it cannot read', () => {
    expect(() => deductionsFor([app], { weeks: -1, droveCompanyCar: false })).toThrow(/period.weeks/);
    expect(() => deductionsFor([app], { weeks: 1.123456, droveCompanyCar: false })).toThrow(/at most 4 decimals/);
  });
});
