import type { SessionUser } from '@comped/shared/schemas/session';
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

import type { StoredSession } from './session';
import { readSession, subscribeSession, writeSession } from './session';

interface SessionContextValue {
  session: StoredSession | null;
  user: SessionUser | null;
  signIn(token: string, user: SessionUser): void;
  /** Reloads `GET profile` (after a subscription, a profile change, ...). */
  refreshUser(): Promise<SessionUser | null>;
  signOut(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * After sign-out: this device forgets the user (answers kept offline, its push subscription, which
 * needs the token: lib/pwa/forget-device.ts, loaded only now), then the token is revoked.
 */
async function leaveDevice(token: string): Promise<void> {
  await import('./pwa/forget-device').then((m) => m.forgetDevice(token)).catch(() => undefined);
  await fetch('/api/v1/logout', { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
}

export function SessionProvider({ children, onSignOut }: { children: ReactNode; onSignOut?: () => void }) {
  const [session, setSession] = useState<StoredSession | null>(() => readSession());
  const shownToken = useRef(session?.token);
  useEffect(
    () =>
      subscribeSession((next, fromOtherTab) => {
        // Signed out, or in as someone else, in another tab: this tab's cached answers were the
        // previous user's. The route guard then sends it to /login, or from there to the new home.
        if (fromOtherTab && next?.token !== shownToken.current) onSignOut?.();
        shownToken.current = next?.token;
        setSession(next);
      }),
    [onSignOut],
  );

  const signIn = useCallback((token: string, user: SessionUser) => writeSession({ token, user }), []);
  const refreshUser = useCallback(async () => {
    const current = readSession();
    if (!current) return null;
    // Loaded when first needed: the profile fetcher parses with the zod session schema, which /login's
    // first download does without (docs/performance.md, "The front door").
    const { getProfile } = await import('../api/profile');
    const user = await getProfile();
    writeSession({ token: current.token, user });
    return user;
  }, []);
  const signOut = useCallback(() => {
    const current = readSession();
    writeSession(null);
    onSignOut?.();
    // The session is gone locally whatever the server answers.
    if (current) void leaveDevice(current.token);
  }, [onSignOut]);

  const value = useMemo(
    () => ({ session, user: session?.user ?? null, signIn, refreshUser, signOut }),
    [session, signIn, refreshUser, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in user on a guarded page (the guard guarantees there is one). */
export function useUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useUser on a page without a signed-in user');
  return user;
}
