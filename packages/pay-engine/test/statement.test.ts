import { describe, expect, it } from 'vitest';
import { netStatement, PayInputError } from '../src';

describe('a driver’s statement', () => {
  it('nets the cash the driver holds against what the office owes: pay to the driver', () => {
    const s = netStatement({
      jobs: [
        { bookingId: 1, fare: 2000, paymentMethod: 'cash', pay: 1600 },
        { bookingId: 2, fare: 3000, paymentMethod: 'card', pay: 2325 },
        { bookingId: 3, fare: 4000, paymentMethod: 'account', pay: 3000 },
      ],
      expenses: [{ id: 1, amount: 450 }],
      adjustments: [
        { id: 1, amount: 500, reason: 'waited at the airport' },
        { id: 2, amount: -200, reason: 'lost property fee' },
      ],
      bonuses: [{ amount: 1000 }],
      deductions: [{ amount: 1250 }],
    });
    expect(s).toEqual({
      jobs: 3,
      earned: 6925,
      cashCollected: 2000,
      expenses: 450,
      adjustments: 300,
      bonuses: 1000,
      deductions: 1250,
      net: 5425,
      direction: 'payToDriver',
      payToDriver: 5425,
      collectFromDriver: 0,
    });
  });

  it('a driver who took mostly cash owes the office', () => {
    const s = netStatement({
      jobs: [
        { bookingId: 1, fare: 5000, paymentMethod: 'cash', pay: 4000 },
        { bookingId: 2, fare: 1000, paymentMethod: 'card', pay: 800 },
      ],
      deductions: [{ amount: 1000 }],
    });
    // 4800 − 1000 − 5000
    expect(s).toMatchObject({ net: -1200, direction: 'collectFromDriver', payToDriver: 0, collectFromDriver: 1200 });
  });

  it('nothing either way is settled', () => {
    const s = netStatement({ jobs: [{ bookingId: 1, fare: 1000, paymentMethod: 'cash', pay: 1000 }] });
    expect(s).toMatchObject({ net: 0, direction: 'settled', payToDriver: 0, collectFromDriver: 0 });
    expect(netStatement({ jobs: [] }).direction).toBe('settled');
  });

  it('takes the lines of bonusFor and deductionsFor as they are', () => {
    const s = netStatement({
      jobs: [],
      bonuses: [{ code: 'bonus', bonusId: 1, label: 'Busy week', amount: 5000, detail: '', band: 0 }],
      deductions: [{ code: 'deduction', deductionId: 2, kind: 'rent', label: 'Rent', amount: 3000, detail: '' }],
    });
    expect(s.net).toBe(2000);
  });

  it('refuses a job twice, naming it', () => {
    const job = { bookingId: 7, fare: 1000, paymentMethod: 'card' as const, pay: 800 };
    expect(() => netStatement({ jobs: [job, job] })).toThrow(PayInputError);
    expect(() => netStatement({ jobs: [job, job] })).toThrow(/jobs.1.bookingId repeats the job at index 0/);
  });

  it('refuses an adjustment without a reason and a negative expense', () => {
    expect(() => netStatement({ jobs: [], adjustments: [{ id: 1, amount: 10, reason: ' ' }] })).toThrow(
      /adjustments.0.reason is required/,
    );
    expect(() => netStatement({ jobs: [], expenses: [{ id: 1, amount: -5 }] })).toThrow(/expenses.0.amount/);
  });
});
