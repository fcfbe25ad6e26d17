import type { SessionUser } from '@comped/shared/schemas/session';

/** The session lives in local storage (spec section 3) so a reload keeps the user signed in. */
const KEY = 'comped.session';

export interface StoredSession {
  token: string;
  user: SessionUser;
}

type Listener = (session: StoredSession | null) => void;
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
  for (const l of listeners) l(session);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionToken(): string | null {
  return readSession()?.token ?? null;
}
