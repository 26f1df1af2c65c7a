import { BehaviorSubject, type Observable } from 'rxjs';
import type { EventBus } from '../bus/bus.ts';
import { createSafeStorage, type KeyValueStore } from '../storage/safeStorage.ts';
import { normalizeCart, parseStoredCart } from './parse.ts';
import { addItem, decrementAt, incrementAt, removeAt, type AddResult } from './rules.ts';
import { productSchema, type CartItem, type Product } from './schema.ts';

/** The cart lives in `localStorage["cart"]` as a JSON array of items with `qun`. */
export const CART_STORAGE_KEY = 'cart';

export type CartAddResult = AddResult | { readonly ok: false; readonly items: readonly CartItem[]; readonly reason: 'invalid-product' };

/**
 * The one cart of the page. Remotes change it only through these methods; the store then saves it
 * and announces the change on the bus ('cart:changed', plus 'cart:item-added' for `add`). Those
 * events are notifications: publishing 'cart:item-added' yourself does not put anything in the cart.
 */
export interface CartStore {
  readonly items$: Observable<readonly CartItem[]>;
  readonly items: readonly CartItem[];
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

  function announce(items: readonly CartItem[]): void {
    state.next(items);
    bus.publish({ type: 'cart:changed', v: 1, items: [...items] });
  }

  function commit(items: readonly CartItem[]): void {
    if (items === state.value) return;
    storage.write(CART_STORAGE_KEY, JSON.stringify(items));
    announce(items);
  }

  // Another tab saved its cart: adopt it, without writing it back (that tab already did).
  storage.watch(CART_STORAGE_KEY, (raw) => {
    const items = parseStoredCart(raw);
    if (JSON.stringify(items) !== JSON.stringify(state.value)) announce(items);
  });

  return {
    items$: state.asObservable(),
    get items() {
      return state.value;
    },
    add(product, source = 'unspecified') {
      const parsed = productSchema.safeParse(product);
      if (!parsed.success) return { ok: false, items: state.value, reason: 'invalid-product' };
      const result = addItem(state.value, parsed.data);
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
