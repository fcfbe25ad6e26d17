import type { SessionUser } from '@comped/shared/schemas/session';

/** The session lives in local storage (spec section 3) so a reload keeps the user signed in. */
const KEY = 'comped.session';

export interface StoredSession {
  token: string;
  user: SessionUser;
}

/** `fromOtherTab`: the change was made in another tab of this browser (signed out or in there). */
type Listener = (session: StoredSession | null, fromOtherTab: boolean) => void;
const listeners = new Set<Listener>();

export function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession | null): void {
  if (session) localStorage.setItem(KEY, JSON.stringify(session));
  else localStorage.removeItem(KEY);
  for (const l of listeners) l(session, false);
}

/**
 * Another tab's write to local storage arrives as a `storage` event (never in the tab that wrote):
 * every open tab follows a sign-out or a sign-in at once, instead of at its next request's 401.
 * A null key is the whole storage cleared.
 */
function fromOtherTab(event: StorageEvent): void {
  if (event.key !== KEY && event.key !== null) return;
  const session = readSession();
  for (const l of listeners) l(session, true);
}

export function subscribeSession(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', fromOtherTab);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', fromOtherTab);
  };
}

export function sessionToken(): string | null {
  return readSession()?.token ?? null;
}
