import { createSafeStorage, type KeyValueStore } from '../storage/safeStorage.ts';
import { isProductId, normalizeIds } from './idList.ts';
import { createIdListState } from './idListStore.ts';

/** The guest's wish list lives in `localStorage["wishlist"]`: a JSON array of product ids, newest first. */
export const WISHLIST_STORAGE_KEY = 'wishlist';
/** More than any shopper keeps; it bounds what a damaged or hostile value can make the page load. */
export const WISHLIST_MAX = 200;

/**
 * The page's one wish list. Remotes change it only through these methods and follow it with
 * `subscribe`; it is saved on every change. For a signed-in shopper mf-account keeps it in step with the
 * account's copy (`replace` with what the database holds, and writes what changes here).
 */
export interface WishlistStore {
  readonly ids: readonly number[];
  has(id: number): boolean;
  /** Adds the product (first) or takes it out; returns whether it is in the list now. */
  toggle(id: number): boolean;
  remove(id: number): void;
  /** Adopts any list (the account's, merged): valid distinct ids, in its order. */
  replace(ids: readonly unknown[]): void;
  clear(): void;
  /** Calls `listener` on every later change; shaped for React's useSyncExternalStore. */
  subscribe(listener: (ids: readonly number[]) => void): () => void;
}

export interface WishlistStoreDeps {
  readonly storage?: KeyValueStore;
}

export function createWishlistStore({ storage = createSafeStorage() }: WishlistStoreDeps = {}): WishlistStore {
  const list = createIdListState({
    storage,
    key: WISHLIST_STORAGE_KEY,
    max: WISHLIST_MAX,
  });
  return {
    get ids() {
      return list.ids;
    },
    has: (id) => list.ids.includes(id),
    toggle(id) {
      if (!isProductId(id)) return false;
      if (list.ids.includes(id)) {
        list.commit(list.ids.filter((other) => other !== id));
        return false;
      }
      list.commit([id, ...list.ids].slice(0, WISHLIST_MAX));
      return true;
    },
    remove(id) {
      list.commit(list.ids.filter((other) => other !== id));
    },
    replace(ids) {
      list.commit(normalizeIds(ids, WISHLIST_MAX));
    },
    clear() {
      list.commit([]);
    },
    subscribe: list.subscribe,
  };
}
