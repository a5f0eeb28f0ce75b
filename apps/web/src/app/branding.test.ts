import { describe, expect, it } from 'vitest';
import { hasResultMarker, isWebView, logoutMarker, parseCompanyQuery, usesSpecialLoader } from './branding';

describe('start-up and sign-out rules', () => {
  it('reads the company code and the passenger suffix from the query', () => {
    expect(parseCompanyQuery('?UKCB')).toEqual({ shortName: 'UKCB', isPassenger: false, deviceToken: null });
    expect(parseCompanyQuery('?CharChauf_PassApp')).toEqual({
      shortName: 'CharChauf',
      isPassenger: true,
      deviceToken: null,
    });
    expect(parseCompanyQuery('')).toEqual({ shortName: null, isPassenger: false, deviceToken: null });
    expect(parseCompanyQuery('?DE&deviceToken=abc')).toEqual({
      shortName: 'DE',
      isPassenger: false,
      deviceToken: 'abc',
    });
  });

  it('leaves payment return addresses alone', () => {
    expect(hasResultMarker('/', '?success')).toBe(true);
    expect(hasResultMarker('/payment/error', '')).toBe(true);
    expect(hasResultMarker('/login', '?UKCB')).toBe(false);
  });

  it('uses the special loader for CharChauf and stored company 10005', () => {
    expect(usesSpecialLoader('CharChauf', 0)).toBe(true);
    expect(usesSpecialLoader(null, 10005)).toBe(true);
    expect(usesSpecialLoader('UKCB', 1)).toBe(false);
  });

  it('sends each company and role to its login marker', () => {
    expect(logoutMarker(1, 'Passenger')).toBe('UKCB_PassApp');
    expect(logoutMarker(1, 'Admin')).toBe('UKCB');
    expect(logoutMarker(10005, 'Passenger')).toBe('CharChauf_PassApp');
    expect(logoutMarker(10006, 'Staff')).toBe('CharChauf');
    expect(logoutMarker(10010, 'Passenger')).toBe('DE');
    expect(logoutMarker(10007, 'Admin')).toBeNull();
  });

  it('detects a web view by its user agent or a device token', () => {
    expect(isWebView('Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit', '')).toBe(true);
    expect(isWebView('Mozilla/5.0 (X11; Linux x86_64) Chrome/120', '?UKCB&deviceToken=x')).toBe(true);
    expect(isWebView('Mozilla/5.0 (X11; Linux x86_64) Chrome/120', '?UKCB')).toBe(false);
  });
});
