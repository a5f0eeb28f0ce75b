import { describe, expect, it } from 'vitest';
import { companyToday, isoToWall, joinWall, readDate, readTime, splitWall, wallToIso, writeDay } from './date-entry';

describe('typed days', () => {
  const today = '2026-11-26'; // a Thursday
  it('reads words, short and whole dates in the company order', () => {
    expect(readDate('tomorrow', today)).toBe('2026-11-27');
    expect(readDate('Today', today)).toBe('2026-11-26');
    expect(readDate('morgen', today)).toBe('2026-11-27');
    expect(readDate('+3', today)).toBe('2026-11-29');
    expect(readDate('mon', today)).toBe('2026-11-30');
    expect(readDate('27/11', today, 'd-m-Y')).toBe('2026-11-27');
    expect(readDate('27/11/2026', today, 'd-m-Y')).toBe('2026-11-27');
    expect(readDate('27.11.26', today, 'd.m.Y')).toBe('2026-11-27');
    expect(readDate('2711', today, 'd-m-Y')).toBe('2026-11-27');
    expect(readDate('11/27', today, 'm/d/Y')).toBe('2026-11-27');
    expect(readDate('2026-11-27', today, 'd-m-Y')).toBe('2026-11-27');
  });
  it('takes a day and month already past as next year', () => {
    expect(readDate('05/01', today, 'd-m-Y')).toBe('2027-01-05');
  });
  it('refuses what is not a day', () => {
    expect(readDate('31/02', today)).toBeNull();
    expect(readDate('to', today)).toBeNull();
    expect(readDate('13/13/2026', today)).toBeNull();
  });
});

describe('typed times', () => {
  it('reads digits, separators and am/pm as a 24-hour time', () => {
    expect(readTime('1630')).toBe('16:30');
    expect(readTime('0930')).toBe('09:30');
    expect(readTime('2215')).toBe('22:15');
    expect(readTime('930')).toBe('09:30');
    expect(readTime('16:30')).toBe('16:30');
    expect(readTime('16.30')).toBe('16:30');
    expect(readTime('9')).toBe('09:00');
    expect(readTime('4pm')).toBe('16:00');
    expect(readTime('12am')).toBe('00:00');
  });
  it('refuses what is not a time', () => {
    expect(readTime('2460')).toBeNull();
    expect(readTime('25')).toBeNull();
    expect(readTime('abc')).toBeNull();
  });
});

describe('the company clock', () => {
  it('turns a wall time into the instant and back in the company zone, not the browser one', () => {
    expect(wallToIso('2026-07-01 16:30', 'Europe/London')).toBe('2026-07-01T15:30:00.000Z');
    expect(wallToIso('2026-11-27 16:30', 'Europe/London')).toBe('2026-11-27T16:30:00.000Z');
    expect(wallToIso('2026-11-27 16:30', 'Europe/Berlin')).toBe('2026-11-27T15:30:00.000Z');
    expect(isoToWall('2026-07-01T15:30:00.000Z', 'Europe/London')).toBe('2026-07-01 16:30');
    expect(companyToday(new Date('2026-11-26T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-27');
  });
  it('writes a day in the company format and keeps a day without a time apart', () => {
    expect(writeDay('2026-11-27', 'd-m-Y')).toBe('27-11-2026');
    expect(writeDay('2026-11-27', 'm/d/Y')).toBe('11/27/2026');
    expect(joinWall('2026-11-27', null)).toBe('2026-11-27');
    expect(splitWall('2026-11-27')).toEqual({ day: '2026-11-27', time: null });
    expect(splitWall('2026-11-27 16:30')).toEqual({ day: '2026-11-27', time: '16:30' });
  });
});
