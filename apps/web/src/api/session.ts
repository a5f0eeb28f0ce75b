import type { AbilityRule } from '@cabdesk/contract';

/** What the sign-in answer gives; stored key by key as the spec lists (spec 000 §3). */
export interface SessionData {
  token: string;
  accessToken: string;
  refreshToken: string;
  companyIdentifier: string;
  parentEntryUserID: number;
  fullName: string;
  staffRoleID: number;
  userID: number;
  companyID: number;
  isParent: boolean;
  parentCLientID: number;
  uniqueTypeID: number;
  userIDDecode: number;
  vatPercentage: number;
  isCompanyVatRegistered: boolean;
  passwordChangingDate: string | null;
  userData: UserData;
}

export interface UserData {
  id: number;
  fullName: string;
  email: string;
  role: 'Admin' | 'Staff' | 'Driver' | 'Passenger' | 'Client';
  companyID: number;
  staffRoleID: number;
  staffRoleName: string | null;
  ability: AbilityRule[];
  company: { name: string; currency: string; timezone: string; dateFormat: string };
}

const plainKeys = [
  'token',
  'companyIdentifier',
  'parentEntryUserID',
  'fullName',
  'staffRoleID',
  'userID',
  'companyID',
  'isParent',
  'parentCLientID',
  'uniqueTypeID',
  'userIDDecode',
  'vatPercentage',
  'isCompanyVatRegistered',
  'passwordChangingDate',
] as const;

/** The keys logout clears: user data, name, role, user id, tokens, unique id and password date. */
const signedInKeys = [
  'accessToken',
  'refreshToken',
  'refreshKey',
  'token',
  'userData',
  'fullName',
  'staffRoleID',
  'role',
  'userID',
  'userIDDecode',
  'uniqueTypeID',
  'passwordChangingDate',
  'parentEntryUserID',
  'isParent',
  'parentCLientID',
  'currency',
  'timezone',
  'dateFormat',
  // The driver app's offline copy of the driver's jobs, and the phone's push token.
  'driverCache',
  'deviceToken',
] as const;

export const storage = {
  get accessToken(): string | null {
    return localStorage.getItem('accessToken');
  },
  get refreshToken(): string | null {
    return localStorage.getItem('refreshToken');
  },
  get companyId(): number {
    return Number(localStorage.getItem('companyID')) || 0;
  },
  get staffRoleId(): number {
    return Number(localStorage.getItem('staffRoleID')) || 0;
  },
  get userData(): UserData | null {
    const raw = localStorage.getItem('userData');
    if (!raw) return null;
    try {
      return JSON.parse(raw) as UserData;
    } catch {
      return null;
    }
  },
  setTokens(accessToken: string, refreshToken: string): void {
    localStorage.setItem('accessToken', accessToken);
    localStorage.setItem('token', accessToken);
    localStorage.setItem('refreshToken', refreshToken);
    localStorage.removeItem('refreshKey');
  },
  /** The idempotency key of the refresh of this token: the one kept from a try whose answer was lost, or a new one. */
  refreshKeyFor(refreshToken: string): string {
    const kept = localStorage.getItem('refreshKey');
    const [forToken, key] = kept ? kept.split(' ') : [];
    if (forToken === refreshToken.slice(-16) && key) return key;
    const made = crypto.randomUUID();
    localStorage.setItem('refreshKey', `${refreshToken.slice(-16)} ${made}`);
    return made;
  },
};

/** Layout and language choices belong to the device, not the session: they survive sign-in. */
const preferenceKeys = ['skin', 'direction', 'menuCollapsed', 'language'] as const;

/** The signed-in user's data after a change of their role's rules (the rest of the session stays). */
export function storeUserData(userData: UserData): void {
  localStorage.setItem('userData', JSON.stringify(userData));
  localStorage.setItem('staffRoleID', String(userData.staffRoleID));
}

/** Sign-in: clear every local and session key, then store the session and the web-view flag. */
export function storeSession(session: SessionData, webView: boolean): void {
  // A person's own list choices (`prefs.<company>.<user>.…`, e.g. the booking list's sort and
  // filters) are theirs on this device: they survive sign-in too, and nobody else reads them.
  const kept = [...preferenceKeys, ...Object.keys(localStorage).filter((key) => key.startsWith('prefs.'))];
  const preferences = kept.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of preferences) if (value !== null) localStorage.setItem(key, value);
  for (const key of plainKeys) localStorage.setItem(key, String(session[key] ?? ''));
  localStorage.setItem('vatFraction', String(session.vatPercentage / 100));
  localStorage.setItem('role', session.userData.role);
  localStorage.setItem('userData', JSON.stringify(session.userData));
  // Money, times and dates on every screen follow the company (ui/format.ts reads these).
  localStorage.setItem('currency', session.userData.company.currency);
  localStorage.setItem('timezone', session.userData.company.timezone);
  localStorage.setItem('dateFormat', session.userData.company.dateFormat);
  localStorage.setItem('webView', webView ? 'True' : 'False');
  storage.setTokens(session.accessToken, session.refreshToken);
}

/** Sign-out: the signed-in keys go; the company id stays so the sign-in page keeps its branding. */
export function clearSession(): void {
  for (const key of signedInKeys) localStorage.removeItem(key);
  sessionStorage.clear();
}
