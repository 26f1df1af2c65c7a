import { BehaviorSubject } from 'rxjs';
import * as v from 'valibot';
import type { EventBus } from '../bus/bus.ts';
import { laterChanges } from '../runtime/laterChanges.ts';
import { createSafeStorage, type KeyValueStore } from '../storage/safeStorage.ts';
import { normalizeCart, parseStoredCart } from './parse.ts';
import { addItem, decrementAt, incrementAt, removeAt, type AddResult } from './rules.ts';
import { productSchema, type CartItem, type Product } from './schema.ts';

/** The cart lives in `localStorage["cart"]` as a JSON array of items with `qun`. */
export const CART_STORAGE_KEY = 'cart';

export type CartAddResult = AddResult | { readonly ok: false; readonly items: readonly CartItem[]; readonly reason: 'invalid-product' };

/**
 * The one cart of the page. Remotes change it only through these methods and follow it with
 * `subscribe`; the store saves every change, and `add` announces 'cart:item-added' on the bus. That
 * event is a notification: publishing it yourself does not put anything in the cart.
 */
export interface CartStore {
  readonly items: readonly CartItem[];
  /** Calls `listener` on every later change; shaped for React's useSyncExternalStore. */
  subscribe(listener: (items: readonly CartItem[]) => void): () => void;
  /** `source` names the place the shopper added from (e.g. "catalog/product-page"), for listeners. */
  add<P extends Product>(product: P, source?: string): CartAddResult;
  removeAt(index: number): void;
  incrementAt(index: number): void;
  decrementAt(index: number): void;
  clear(): void;
  /** Takes any list (an order to restore, a server's answer) and keeps what is valid, repaired. */
  replace(items: readonly unknown[]): void;
}

export interface CartStoreDeps {
  readonly bus: EventBus;
  readonly storage?: KeyValueStore;
}

export function createCartStore({ bus, storage = createSafeStorage() }: CartStoreDeps): CartStore {
  const state = new BehaviorSubject<readonly CartItem[]>(parseStoredCart(storage.read(CART_STORAGE_KEY)));

  function commit(items: readonly CartItem[]): void {
    if (items === state.value) return;
    storage.write(CART_STORAGE_KEY, JSON.stringify(items));
    state.next(items);
  }

  // Another tab saved its cart: adopt it, without writing it back (that tab already did).
  storage.watch(CART_STORAGE_KEY, (raw) => {
    const items = parseStoredCart(raw);
    if (JSON.stringify(items) !== JSON.stringify(state.value)) state.next(items);
  });

  return {
    get items() {
      return state.value;
    },
    subscribe: laterChanges(state),
    add(product, source = 'unspecified') {
      const parsed = v.safeParse(productSchema, product);
      if (!parsed.success) return { ok: false, items: state.value, reason: 'invalid-product' };
      const result = addItem(state.value, parsed.output);
      if (result.ok) {
        commit(result.items);
        bus.publish({ type: 'cart:item-added', v: 1, item: result.item, source });
      }
      return result;
    },
    removeAt(index) {
      commit(removeAt(state.value, index));
    },
    incrementAt(index) {
      commit(incrementAt(state.value, index));
    },
    decrementAt(index) {
      commit(decrementAt(state.value, index));
    },
    clear() {
      if (state.value.length > 0) commit([]);
    },
    replace(items) {
      commit(normalizeCart(items));
    },
  };
}
