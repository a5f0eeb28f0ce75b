import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { callApi, onSessionEnded } from '../api/client';
import { clearSession, storage, storeSession, storeUserData, type SessionData, type UserData } from '../api/session';
import { abilityFrom, AbilityContext } from './ability';
import { logoutMarker } from './branding';

interface Auth {
  user: UserData | null;
  signedIn(session: SessionData, webView: boolean): void;
  signOut(): Promise<void>;
  /** Reads the signed-in user's rules again (their role changed): menus and pages follow at once. */
  refreshAbility(): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}

/** Leaves for the login page with the company's marker, or reloads (spec 000 §2). */
function leave(companyId: number, role: string): void {
  const marker = logoutMarker(companyId, role);
  if (marker) window.location.assign(`/login?${marker}`);
  else window.location.reload();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserData | null>(() => (storage.accessToken ? storage.userData : null));

  const signedIn = useCallback((session: SessionData, webView: boolean) => {
    storeSession(session, webView);
    setUser(session.userData);
  }, []);

  const signOut = useCallback(async () => {
    const companyId = storage.companyId;
    const role = storage.userData?.role ?? '';
    const refreshToken = storage.refreshToken;
    // Best effort: a dead network must not keep anyone signed in on this device.
    await Promise.allSettled([
      storage.accessToken
        ? callApi('UserLogin/UpdatUserDeviceTokenOnLogout', {
            userID: storage.userData?.id ?? 0,
            deviceToken: localStorage.getItem('deviceToken') ?? undefined,
          })
        : null,
      refreshToken ? callApi('jwt/logout', { refreshToken }) : null,
    ]);
    clearSession();
    setUser(null);
    leave(companyId, role);
  }, []);

  useEffect(
    () =>
      onSessionEnded(() => {
        const companyId = storage.companyId;
        const role = storage.userData?.role ?? '';
        clearSession();
        setUser(null);
        leave(companyId, role);
      }),
    [],
  );

  const refreshAbility = useCallback(async () => {
    if (!storage.accessToken) return;
    const { data } = await callApi('Permissions/GetOwnAbility', {});
    const stored = storage.userData;
    if (!stored) return;
    const next = { ...stored, staffRoleID: data.staffRoleID, staffRoleName: data.staffRoleName, ability: data.ability };
    storeUserData(next);
    setUser(next);
  }, []);

  // A staff role can change while its user is signed in; coming back to the tab is a cheap moment to
  // look again, for screens that have no live channel to be told on.
  useEffect(() => {
    if (user?.role !== 'Staff') return;
    const onVisible = () => document.visibilityState === 'visible' && void refreshAbility().catch(() => undefined);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [user?.role, refreshAbility]);

  const ability = useMemo(() => abilityFrom(user?.ability), [user]);
  const value = useMemo(() => ({ user, signedIn, signOut, refreshAbility }), [user, signedIn, signOut, refreshAbility]);
  return (
    <AuthContext.Provider value={value}>
      <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>
    </AuthContext.Provider>
  );
}
