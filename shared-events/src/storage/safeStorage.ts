/**
 * `localStorage` can be missing (server, tests), can throw on access (Safari private mode, storage
 * disabled, sandboxed iframes) or on write (quota). None of that may cost the shopper their cart
 * for the current page, so every value is also kept in memory and the page carries on from there.
 */
export interface KeyValueStore {
  read(key: string): string | null;
  write(key: string, value: string): void;
  /** Forgets `key` (where the durable copy cannot be reached, it reads as empty for this page). */
  remove(key: string): void;
  /** Follows changes other tabs make to `key`; returns a function that stops following. */
  watch(key: string, onChange: (value: string | null) => void): () => void;
}

export interface SafeStorageOptions {
  /** Where the durable copy lives; a getter because merely touching `localStorage` can throw. */
  readonly backing?: () => Storage | undefined;
  /** Where other tabs' `storage` events arrive. */
  readonly events?: EventTarget | undefined;
}

export function createSafeStorage(options: SafeStorageOptions = {}): KeyValueStore {
  const backing = options.backing ?? (() => globalThis.localStorage);
  const events = 'events' in options ? options.events : globalThis.window;
  // Values whose latest write did not reach the durable copy; they win over what it still holds.
  const unsaved = new Map<string, string>();
  let warned = false;

  function degrade(error: unknown): void {
    if (warned) return;
    warned = true;
    console.warn('[shared-events] localStorage is unavailable; keeping state in memory', error);
  }

  function durable(): Storage | undefined {
    try {
      return backing();
    } catch (error) {
      degrade(error);
      return undefined;
    }
  }

  return {
    read(key) {
      const pending = unsaved.get(key);
      if (pending !== undefined) return pending;
      try {
        return durable()?.getItem(key) ?? null;
      } catch (error) {
        degrade(error);
        return null;
      }
    },
    write(key, value) {
      try {
        const storage = durable();
        if (!storage) throw new Error('no localStorage in this environment');
        storage.setItem(key, value);
        unsaved.delete(key);
      } catch (error) {
        degrade(error);
        unsaved.set(key, value);
      }
    },
    remove(key) {
      try {
        const storage = durable();
        if (!storage) throw new Error('no storage in this environment');
        storage.removeItem(key);
        unsaved.delete(key);
      } catch (error) {
        degrade(error);
        unsaved.set(key, '');
      }
    },
    watch(key, onChange) {
      if (!events) return () => {};
      const listener = (event: Event): void => {
        const { key: changed, newValue, storageArea } = event as StorageEvent;
        // `key` is null when another tab called `localStorage.clear()`.
        if (changed !== null && changed !== key) return;
        if (storageArea && storageArea !== durable()) return;
        unsaved.delete(key);
        onChange(newValue);
      };
      events.addEventListener('storage', listener);
      return () => events.removeEventListener('storage', listener);
    },
  };
}
