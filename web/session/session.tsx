// The signed-in user: kept in sessionStorage under `activeUser`. At start: the user a
// server-rendered page names (the worker read the session cookie), else the stored user, else the server's
// POST /users/auth-validate, else signed out.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '#schema/entities';
import { ROLES } from '#schema/enums';
import { onUnauthorized } from '../api/errors';

// The API client (and zod with it) loads on demand, so the shell's first paint does not wait for it.
const usersApi = () => import('../api/users');

export const SESSION_KEY = 'activeUser';

export interface Session {
  user: SessionUser | null;
  /** False until the start-up check has decided who is signed in. */
  ready: boolean;
  login: (username: string, password: string, challenge?: string | null) => Promise<SessionUser>;
  logout: () => Promise<void>;
  /**
   * True once this page signed out (until the next sign-in): a signed-in-only page then sends the visitor home,
   * not to "No permission" (the guard renders before the sign-out's own move to the home page).
   */
  signedOut: boolean;
}

const SessionContext = createContext<Session | null>(null);

type SessionChangeListener = () => void;
const sessionChangeListeners = new Set<SessionChangeListener>();

/**
 * Called when the signed-in user changes within the page (sign-in, sign-out, a session the server ended),
 * not when the start-up check learns who the cookie already belonged to. The data cache listens: what it
 * holds was fetched for the previous user.
 */
export function onSessionChange(listener: SessionChangeListener): () => void {
  sessionChangeListeners.add(listener);
  return () => sessionChangeListeners.delete(listener);
}

function sessionChanged(): void {
  for (const listener of sessionChangeListeners) listener();
}

/** The stored value when it has the session user's shape (sessionStorage is writable by anyone on the page). */
function asSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name, role } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id) || typeof name !== 'string' || !name) return null;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
  return { id, name, role: role as SessionUser['role'] };
}

export function readStoredUser(): SessionUser | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    return asSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

function storeUser(user: SessionUser | null): void {
  try {
    if (user) sessionStorage.setItem(SESSION_KEY, JSON.stringify(user));
    else sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Storage may be unavailable (private mode quotas); the session then lasts as long as the page.
  }
}

/** Who is signed in when the app starts: the stored user, else whoever the session cookie belongs to, else nobody. */
export async function startSession(): Promise<SessionUser | null> {
  const stored = readStoredUser();
  if (stored) return stored;
  try {
    const user = await (await usersApi()).validate();
    storeUser(user);
    return user;
  } catch {
    storeUser(null);
    return null;
  }
}

export function SessionProvider({
  children,
  initialUser,
}: {
  children: ReactNode;
  /** Who the page was rendered for (null: nobody); undefined when the page does not say (no server rendering). */
  initialUser?: SessionUser | null;
}) {
  const known = initialUser !== undefined;
  // The user known when the page started: it never changes, so the check below runs once, at start.
  const [stored] = useState(() => (known ? initialUser : readStoredUser()));
  const [user, setUser] = useState<SessionUser | null>(stored);
  const [ready, setReady] = useState(known || stored !== null);
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    if (known) storeUser(stored);
  }, [known, stored]);
  // Counts sign-ins and sign-outs; listeners hear of one once the new user is rendered, so nothing
  // refetches under the old user's keys.
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (changes > 0) sessionChanged();
  }, [changes]);

  useEffect(() => {
    if (stored || known) return;
    let live = true;
    void startSession().then((found) => {
      if (!live) return;
      setUser(found);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [stored, known]);

  // A 401 from any call means the server's session ended (expired, signed out elsewhere): forget the stored user.
  useEffect(
    () =>
      onUnauthorized(() => {
        const wasSignedIn = readStoredUser() !== null;
        storeUser(null);
        setUser(null);
        if (wasSignedIn) setChanges((n) => n + 1);
      }),
    [],
  );

  const login = useCallback(async (username: string, password: string, challenge?: string | null) => {
    const signedIn = await (await usersApi()).login(username, password, challenge);
    storeUser(signedIn);
    setUser(signedIn);
    setSignedOut(false);
    setReady(true);
    setChanges((n) => n + 1);
    return signedIn;
  }, []);

  const logout = useCallback(async () => {
    try {
      await (await usersApi()).logout();
    } finally {
      // Signed out here even when the server could not be told; the cookie then ends on its own expiry.
      storeUser(null);
      setUser(null);
      setSignedOut(true);
      setChanges((n) => n + 1);
    }
  }, []);

  const value = useMemo<Session>(
    () => ({ user, ready, login, logout, signedOut }),
    [user, ready, login, logout, signedOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider> above it');
  return session;
}
