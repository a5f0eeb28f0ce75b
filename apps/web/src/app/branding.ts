/** The start-up and sign-out rules of spec 000 §2 and §4, as pure functions. */

export const DEFAULT_COMPANY = 'UKCB';
export const PASSENGER_SUFFIX = /_PassApp$/i;
/** The company code with the special loader, with or without the passenger-app suffix. */
export const SPECIAL_LOADER_CODE = 'CharChauf';
export const SPECIAL_LOADER_COMPANY_ID = 10005;

export interface CompanyQuery {
  shortName: string | null;
  isPassenger: boolean;
  deviceToken: string | null;
}

/** `?UKCB_PassApp&deviceToken=…`: the company code is the first part of the query without "=". */
export function parseCompanyQuery(search: string): CompanyQuery {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const parts = raw.split('&').filter(Boolean);
  const code = parts.find((p) => !p.includes('='));
  const params = new URLSearchParams(raw);
  const deviceToken = params.get('deviceToken') ?? params.get('devicetoken') ?? params.get('DeviceToken');
  if (!code) return { shortName: null, isPassenger: false, deviceToken };
  const decoded = decodeURIComponent(code);
  return {
    shortName: decoded.replace(PASSENGER_SUFFIX, '') || null,
    isPassenger: PASSENGER_SUFFIX.test(decoded),
    deviceToken,
  };
}

/** A payment provider's return address (success or error) must be left alone by the loader. */
export function hasResultMarker(pathname: string, search: string): boolean {
  return /(^|[?&/])(success|error)([=&/]|$)/i.test(search) || /\/(success|error)(\/|$)/i.test(pathname);
}

export function usesSpecialLoader(shortName: string | null, storedCompanyId: number): boolean {
  return (
    storedCompanyId === SPECIAL_LOADER_COMPANY_ID || shortName?.toLowerCase() === SPECIAL_LOADER_CODE.toLowerCase()
  );
}

/** Where sign-out sends a user: the login page with the company's marker, or null for a reload. */
export function logoutMarker(companyId: number, role: string): string | null {
  const passenger = role === 'Passenger';
  if (companyId === 1) return passenger ? 'UKCB_PassApp' : 'UKCB';
  if (companyId === 10005 || companyId === 10006) return passenger ? 'CharChauf_PassApp' : 'CharChauf';
  if (companyId === 10010) return 'DE';
  return null;
}

/** The operator's mobile web view marks its user agent, or passes a device token in the address. */
export function isWebView(userAgent: string, search: string): boolean {
  return /\bwv\b|CabdeskApp|WebView/i.test(userAgent) || parseCompanyQuery(search).deviceToken !== null;
}
