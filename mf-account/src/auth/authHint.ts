/**
 * localStorage["auth-hint"]: who was signed in when this browser last knew, as {uid, email,
 * displayName}. Written on sign-in, cleared on sign-out. It lets the header render the right menu
 * at once, without loading Firebase first; it is a hint, never proof: Firebase confirms (or
 * corrects) it, and only the confirmed state is trusted with anything that matters.
 */
export const AUTH_HINT_KEY = 'auth-hint';

export interface AuthHint {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: reading the property throws
  }
}

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.length <= max ? value : null);

/** The stored hint, or null when there is none or it is damaged. */
export function parseAuthHint(raw: string | null): AuthHint | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { uid, email, displayName } = value as Record<string, unknown>;
  if (typeof uid !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(uid)) return null;
  return { uid, email: text(email, 254), displayName: text(displayName, 100) };
}

export function readAuthHint(storage: Storage | null = defaultStorage()): AuthHint | null {
  try {
    return parseAuthHint(storage?.getItem(AUTH_HINT_KEY) ?? null);
  } catch {
    return null;
  }
}

/** Stores the hint for a signed-in user, or removes it (null). Never throws. */
export function writeAuthHint(user: AuthHint | null, storage: Storage | null = defaultStorage()): void {
  try {
    if (user) storage?.setItem(AUTH_HINT_KEY, JSON.stringify({ uid: user.uid, email: user.email, displayName: user.displayName }));
    else storage?.removeItem(AUTH_HINT_KEY);
  } catch {
    // quota full or storage disabled: the hint is an optimisation only
  }
}

/** Calls `listener` when another tab changes the hint (signs in or out there). */
export function onAuthHintChangedElsewhere(listener: (hint: AuthHint | null) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_HINT_KEY || event.key === null) listener(parseAuthHint(event.key === null ? null : event.newValue));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
