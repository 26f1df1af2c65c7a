import { createSafeStorage, type KeyValueStore } from '../storage/safeStorage.ts';
import { isProductId, normalizeIds } from './idList.ts';
import { createIdListState } from './idListStore.ts';

/** The compare tray lives in `localStorage["compare"]`: a JSON array of product ids, in the order added. */
export const COMPARE_STORAGE_KEY = 'compare';
/** Side by side, four products still fit a laptop screen; a fifth must replace one of them. */
export const COMPARE_MAX = 4;

export type CompareAddResult = { readonly ok: true } | { readonly ok: false; readonly reason: 'full' };

/** The products the shopper is comparing, shared by every screen (followed with `subscribe`). */
export interface CompareStore {
  readonly ids: readonly number[];
  has(id: number): boolean;
  /** Adds a product at the end; refused when four are there already (the caller asks which to drop). */
  add(id: number): CompareAddResult;
  /** Puts `id` where `dropped` was (the shopper's answer to a full tray). */
  swap(dropped: number, id: number): void;
  remove(id: number): void;
  /** Adopts any list (a shared /compare?ids= address): valid distinct ids, the first four. */
  replace(ids: readonly unknown[]): void;
  clear(): void;
  /** Calls `listener` on every later change; shaped for React's useSyncExternalStore. */
  subscribe(listener: (ids: readonly number[]) => void): () => void;
}

export interface CompareStoreDeps {
  readonly storage?: KeyValueStore;
}

export function createCompareStore({ storage = createSafeStorage() }: CompareStoreDeps = {}): CompareStore {
  const list = createIdListState({
    storage,
    key: COMPARE_STORAGE_KEY,
    max: COMPARE_MAX,
  });
  return {
    get ids() {
      return list.ids;
    },
    has: (id) => list.ids.includes(id),
    add(id) {
      if (!isProductId(id) || list.ids.includes(id)) return { ok: true };
      if (list.ids.length >= COMPARE_MAX) return { ok: false, reason: 'full' };
      list.commit([...list.ids, id]);
      return { ok: true };
    },
    swap(dropped, id) {
      if (!isProductId(id) || list.ids.includes(id)) return;
      list.commit(list.ids.map((other) => (other === dropped ? id : other)));
    },
    remove(id) {
      list.commit(list.ids.filter((other) => other !== id));
    },
    replace(ids) {
      list.commit(normalizeIds(ids, COMPARE_MAX));
    },
    clear() {
      list.commit([]);
    },
    subscribe: list.subscribe,
  };
}
