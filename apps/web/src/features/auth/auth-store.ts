import { type User, userSchema } from '@windscope/contract';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';

export interface AuthSnapshot {
  token: string | null;
  user: User | null;
  /** how many deliberate sign-outs happened in this tab (see ProtectedRoute) */
  signOuts: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: { rawToken: string | null; rawUser: string | null; signOuts: number; snapshot: AuthSnapshot } | null = null;
let signOuts = 0;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/** Token and user record in localStorage under fixed keys (spec §3), readable from React and from plain modules. */
export const authStore = {
  /** Stable between changes, as useSyncExternalStore needs. */
  getSnapshot(): AuthSnapshot {
    const rawToken = read(STORAGE_KEYS.token);
    const rawUser = read(STORAGE_KEYS.user);
    if (!cache || cache.rawToken !== rawToken || cache.rawUser !== rawUser || cache.signOuts !== signOuts) {
      cache = { rawToken, rawUser, signOuts, snapshot: { token: rawToken, user: parseUser(rawUser), signOuts } };
    }
    return cache.snapshot;
  },
  getToken(): string | null {
    return read(STORAGE_KEYS.token);
  },
  signIn(token: string, user: User): void {
    window.localStorage.setItem(STORAGE_KEYS.token, token);
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    notify();
  },
  /** A fresher copy of the signed-in user (role or company may have changed on the server). */
  updateUser(user: User): void {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    notify();
  },
  /** The user signed out on purpose (logout button); `clear()` is for a session that ended by itself. */
  signOut(): void {
    signOuts += 1;
    authStore.clear();
  },
  clear(): void {
    try {
      window.localStorage.removeItem(STORAGE_KEYS.token);
      window.localStorage.removeItem(STORAGE_KEYS.user);
    } catch {
      // nothing stored that we could remove
    }
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// another tab signing in or out changes what this tab sees
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) notify();
  });
}

/** Spec §3: session storage is cleared on login and logout. */
export function clearSessionStorage(): void {
  try {
    window.sessionStorage.clear();
  } catch {
    // unavailable storage holds nothing
  }
}
