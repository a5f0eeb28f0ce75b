import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules, type CompiledRules, localTime, type PricingRulesInput, quote } from '../src';

/** A standard model of 10.00 flat with one peak time, in `timeZone`. */
function rulesWithPeak(
  peak: { weekdays: number[]; from: string; to: string },
  timeZone = 'Europe/London',
): PricingRulesInput {
  return {
    currency: 'GBP',
    timeZone,
    vat: { mode: 'inclusive', ratePercent: '20' },
    models: [
      {
        kind: 'standard',
        id: 1,
        version: 1,
        name: 'Flat',
        baseFare: 1000,
        peakTimes: [{ id: 1, name: 'Peak', ...peak, surcharge: 500 }],
      },
    ],
    defaultModelId: 1,
  };
}

/** The UTC instant of a wall-clock time in a zone (the first of two in an hour that repeats). */
function instantOf(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall;
  for (let i = 0; i < 3; i++) guess = wall - localTime(new Date(guess), timeZone).offsetMinutes * 60_000;
  return new Date(guess);
}

const peaked = (rules: PricingRulesInput | CompiledRules, at: Date | string) => quote({}, rules, at).price === 1500;

describe('peak times on the local clock', () => {
  it('a window crossing midnight applies at 23:30 and 00:30 and not at 12:00, on any day, in any season', () => {
    const rules = compileRules(rulesWithPeak({ weekdays: [1, 2, 3, 4, 5, 6, 7], from: '22:00', to: '05:00' }));
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }), (day) => {
        const date = day.toISOString().slice(0, 10);
        expect(peaked(rules, instantOf(date, '23:30', 'Europe/London'))).toBe(true);
        expect(peaked(rules, instantOf(date, '00:30', 'Europe/London'))).toBe(true);
        expect(peaked(rules, instantOf(date, '12:00', 'Europe/London'))).toBe(false);
        expect(peaked(rules, instantOf(date, '05:00', 'Europe/London'))).toBe(false);
        expect(peaked(rules, instantOf(date, '22:00', 'Europe/London'))).toBe(true);
      }),
    );
  });

  it('a window crossing midnight belongs to the day it starts on', () => {
    const fridayNight = rulesWithPeak({ weekdays: [5], from: '22:00', to: '05:00' });
    // Friday 11 and Saturday 12 September 2026 (BST)
    expect(peaked(fridayNight, instantOf('2026-09-11', '23:30', 'Europe/London'))).toBe(true);
    expect(peaked(fridayNight, instantOf('2026-09-12', '00:30', 'Europe/London'))).toBe(true);
    expect(peaked(fridayNight, instantOf('2026-09-12', '23:30', 'Europe/London'))).toBe(false);
    expect(peaked(fridayNight, instantOf('2026-09-11', '00:30', 'Europe/London'))).toBe(false);
  });

  it('reads the time in the company zone, not UTC', () => {
    const evening = rulesWithPeak({ weekdays: [1, 2, 3, 4, 5, 6, 7], from: '18:00', to: '20:00' });
    expect(peaked(evening, '2026-07-01T17:30:00Z')).toBe(true); // 18:30 BST
    expect(peaked(evening, '2026-01-15T17:30:00Z')).toBe(false); // 17:30 GMT
    expect(peaked(evening, '2026-01-15T18:30:00Z')).toBe(true);
    expect(
      peaked(rulesWithPeak({ weekdays: [4], from: '18:00', to: '20:00' }, 'Europe/Berlin'), '2026-01-15T17:30:00Z'),
    ).toBe(true);
    expect(
      peaked(rulesWithPeak({ weekdays: [4], from: '18:00', to: '20:00' }, 'America/New_York'), '2026-01-15T17:30:00Z'),
    ).toBe(false);
  });
});

describe('daylight-saving days in Europe/London', () => {
  const earlySunday = rulesWithPeak({ weekdays: [7], from: '00:00', to: '06:00' });

  it('the last Sunday of March: clocks go from 01:00 GMT to 02:00 BST', () => {
    expect(localTime(new Date('2026-03-29T00:30:00Z'), 'Europe/London').dateTime).toBe('2026-03-29T00:30');
    expect(localTime(new Date('2026-03-29T01:30:00Z'), 'Europe/London').dateTime).toBe('2026-03-29T02:30');
    expect(peaked(earlySunday, '2026-03-29T00:30:00Z')).toBe(true); // 00:30 GMT
    expect(peaked(earlySunday, '2026-03-29T04:30:00Z')).toBe(true); // 05:30 BST
    expect(peaked(earlySunday, '2026-03-29T05:30:00Z')).toBe(false); // 06:30 BST (05:30 UTC would be inside)
    const oneToTwo = rulesWithPeak({ weekdays: [7], from: '01:00', to: '02:00' });
    // 01:00–02:00 does not happen that night: no instant of it is peak
    for (let m = 0; m < 24 * 60; m += 15) {
      const at = new Date(Date.parse('2026-03-28T23:00:00Z') + m * 60_000);
      const local = localTime(at, 'Europe/London');
      expect(peaked(oneToTwo, at)).toBe(local.date === '2026-03-29' && local.minutes >= 60 && local.minutes < 120);
    }
    expect(localTime(new Date('2026-03-29T00:59:00Z'), 'Europe/London').dateTime).toBe('2026-03-29T00:59');
    expect(localTime(new Date('2026-03-29T01:00:00Z'), 'Europe/London').dateTime).toBe('2026-03-29T02:00');
  });

  it('the last Sunday of October: 01:00–02:00 happens twice and both are peak', () => {
    const oneToTwo = rulesWithPeak({ weekdays: [7], from: '01:00', to: '02:00' });
    expect(localTime(new Date('2026-10-25T00:30:00Z'), 'Europe/London').dateTime).toBe('2026-10-25T01:30'); // BST
    expect(localTime(new Date('2026-10-25T01:30:00Z'), 'Europe/London').dateTime).toBe('2026-10-25T01:30'); // GMT
    expect(peaked(oneToTwo, '2026-10-25T00:30:00Z')).toBe(true);
    expect(peaked(oneToTwo, '2026-10-25T01:30:00Z')).toBe(true);
    expect(peaked(oneToTwo, '2026-10-25T02:30:00Z')).toBe(false);
    expect(peaked(oneToTwo, '2026-10-24T23:30:00Z')).toBe(false); // 00:30 BST
    const morning = rulesWithPeak({ weekdays: [7], from: '06:00', to: '09:00' });
    expect(peaked(morning, '2026-10-25T05:30:00Z')).toBe(false); // 05:30 GMT
    expect(peaked(morning, '2026-10-25T06:30:00Z')).toBe(true);
    expect(peaked(morning, '2026-10-18T05:30:00Z')).toBe(true); // a week earlier: 06:30 BST
  });

  it('a peak period is read on the local clock across the change', () => {
    const rules: PricingRulesInput = {
      ...rulesWithPeak({ weekdays: [1], from: '00:00', to: '00:01' }),
      models: [
        {
          kind: 'standard',
          id: 1,
          version: 1,
          name: 'Flat',
          baseFare: 1000,
          peakPeriods: [{ id: 1, name: 'Clocks', from: '2026-03-29T02:00', to: '2026-03-29T03:00', surcharge: 500 }],
        },
      ],
    };
    expect(peaked(rules, '2026-03-29T00:59:00Z')).toBe(false); // 00:59 GMT
    expect(peaked(rules, '2026-03-29T01:00:00Z')).toBe(true); // 02:00 BST
    expect(peaked(rules, '2026-03-29T01:59:00Z')).toBe(true); // 02:59 BST
    expect(peaked(rules, '2026-03-29T02:00:00Z')).toBe(false);
  });
});

describe('localTime', () => {
  it('agrees with Intl at any instant in zones with odd offsets and changes', () => {
    const zones = [
      'Europe/London',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'America/St_Johns',
      'Pacific/Chatham',
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (at, zone) => {
          const parts = Object.fromEntries(
            new Intl.DateTimeFormat('en-CA', {
              timeZone: zone,
              hourCycle: 'h23',
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
              hour: '2-digit',
              minute: '2-digit',
            })
              .formatToParts(at)
              .map((p) => [p.type, p.value]),
          );
          expect(localTime(at, zone).dateTime).toBe(
            `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`,
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
