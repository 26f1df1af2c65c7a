import { AUTH_HINT_KEY, parseAuthHint, readAuthHint, writeAuthHint } from './authHint.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('auth hint', () => {
  it('stores {uid, email, displayName} under "auth-hint" and removes it on sign-out', () => {
    const storage = memoryStorage();
    writeAuthHint({ uid: 'u1', email: 'ann@example.com', displayName: 'Ann' }, storage);
    expect(JSON.parse(storage.map.get(AUTH_HINT_KEY) ?? '')).toEqual({ uid: 'u1', email: 'ann@example.com', displayName: 'Ann' });
    expect(readAuthHint(storage)).toEqual({ uid: 'u1', email: 'ann@example.com', displayName: 'Ann' });
    writeAuthHint(null, storage);
    expect(storage.map.has(AUTH_HINT_KEY)).toBe(false);
    expect(readAuthHint(storage)).toBeNull();
  });

  it('ignores damaged or foreign values', () => {
    expect(parseAuthHint('{')).toBeNull();
    expect(parseAuthHint('[]')).toBeNull();
    expect(parseAuthHint(JSON.stringify({ uid: '../x' }))).toBeNull();
    expect(parseAuthHint(JSON.stringify({ uid: 'u1', email: 42, displayName: 'x'.repeat(500) }))).toEqual({ uid: 'u1', email: null, displayName: null });
  });

  it('never throws when storage does', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readAuthHint(broken)).toBeNull();
    expect(() => writeAuthHint({ uid: 'u1', email: null, displayName: null }, broken)).not.toThrow();
    expect(() => writeAuthHint(null, null)).not.toThrow();
  });
});
