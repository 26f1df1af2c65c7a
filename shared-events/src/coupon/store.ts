import { BehaviorSubject } from 'rxjs';
import { laterChanges } from '../runtime/laterChanges.ts';
import { createSafeStorage, type KeyValueStore } from '../storage/safeStorage.ts';
import { parseCouponCode } from './coupon.ts';

/** Where the applied code waits for the checkout: per tab, like the checkout it is for. */
export const COUPON_STORAGE_KEY = 'coupon';

/**
 * The code the shopper applied on the cart page, for the checkout to pay with. It is a claim, not a
 * discount: the checkout asks the service again before showing or charging anything.
 */
export interface CouponStore {
  readonly current: string | null;
  /** Keeps a well-formed code (normalized); false for anything else. */
  apply(code: string): boolean;
  clear(): void;
  /** Calls `listener` on every later change; shaped for React's useSyncExternalStore. */
  subscribe(listener: (code: string | null) => void): () => void;
}

export interface CouponStoreDeps {
  readonly storage?: KeyValueStore;
}

function sessionKeyValueStore(): KeyValueStore {
  return createSafeStorage({ backing: () => globalThis.sessionStorage, events: undefined });
}

export function createCouponStore({ storage = sessionKeyValueStore() }: CouponStoreDeps = {}): CouponStore {
  const state = new BehaviorSubject<string | null>(parseCouponCode(storage.read(COUPON_STORAGE_KEY)) ?? null);

  function commit(code: string | null): void {
    if (code === state.value) return;
    if (code) storage.write(COUPON_STORAGE_KEY, code);
    else storage.remove(COUPON_STORAGE_KEY);
    state.next(code);
  }

  return {
    get current() {
      return state.value;
    },
    apply(code) {
      const parsed = parseCouponCode(code);
      if (!parsed) return false;
      commit(parsed);
      return true;
    },
    clear() {
      commit(null);
    },
    subscribe: laterChanges(state),
  };
}
