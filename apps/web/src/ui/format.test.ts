import { afterEach, describe, expect, it } from 'vitest';
import { dateTime, day, fromMinor, money, toMinor } from './format';

describe('money and dates', () => {
  it('turns typed amounts into minor units exactly', () => {
    expect(toMinor('12.5')).toBe(1250);
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor('19,99')).toBe(1999);
    expect(toMinor('-3.05')).toBe(-305);
    expect(toMinor(7)).toBe(700);
    expect(fromMinor(1250)).toBe('12.50');
    expect(fromMinor(-305)).toBe('-3.05');
  });

  afterEach(() => localStorage.clear());

  it('shows calendar dates as d-m-Y, or in the company’s own format', () => {
    expect(day('2026-03-07')).toBe('07-03-2026');
    expect(day(null)).toBe('—');
    localStorage.setItem('dateFormat', 'd.m.Y');
    expect(day('2026-03-07')).toBe('07.03.2026');
    localStorage.setItem('dateFormat', 'm/d/Y');
    expect(day('2026-03-07')).toBe('03/07/2026');
  });

  it('shows an instant on the company’s clock in its date format, whatever the screen’s zone', () => {
    localStorage.setItem('timezone', 'Europe/Berlin');
    localStorage.setItem('dateFormat', 'd.m.Y');
    expect(dateTime('2026-11-25T11:44:00Z')).toBe('25.11.2026 12:44');
    localStorage.setItem('timezone', 'Europe/London');
    localStorage.setItem('dateFormat', 'd-m-Y');
    expect(dateTime('2026-07-01T23:30:00Z')).toBe('02-07-2026 00:30');
  });

  it('shows money in the company’s currency unless a figure names its own', () => {
    localStorage.setItem('currency', 'EUR');
    expect(money(123_45)).toMatch(/€/);
    expect(money(123_45, 'GBP')).toMatch(/£/);
  });
});
