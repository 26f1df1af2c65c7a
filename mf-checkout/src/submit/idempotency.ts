/**
 * One idempotency key per cart until the payment's outcome is known. The checkout service stores
 * an order per key and answers a repeated key with that order's outcome instead of charging again
 * (server/orders/checkout.ts), so a double click, a retry after a lost answer, or a reload in the
 * middle of paying never charges twice.
 *
 * The key lives in sessionStorage (this tab, survives a reload) next to a fingerprint of what it
 * pays for: the cart lines and the coupon. A different cart gets a new key. Once the service has
 * given a final answer the key is forgotten: after a payment, because the cart is done; after a
 * decline or refusal, because the service would only repeat that answer for the same key.
 */
export const IDEMPOTENCY_STORAGE_KEY = 'checkout:idempotency';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface IdempotencyKeys {
  /** The key for this cart: the stored one when it was made for the same cart, else a new one. */
  keyFor(fingerprint: string): string;
  /** Forgets the key (the outcome is final); the next attempt gets a new one. */
  forget(): void;
}

/** What the key is bound to: the lines (order-independent, merged by id) and the coupon. */
export function cartFingerprint(lines: readonly { id: number | string; qun: number }[], couponCode: string | undefined): string {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(String(line.id), (merged.get(String(line.id)) ?? 0) + line.qun);
  const parts = [...merged.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([id, qun]) => `${id}:${qun}`);
  return `${parts.join(',')}|${couponCode ?? ''}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createIdempotencyKeys(storage: KeyStorage | undefined, newKey: () => string = () => crypto.randomUUID()): IdempotencyKeys {
  // Kept in memory as well: with storage disabled a key still holds for the life of the page.
  let memory: { fingerprint: string; key: string } | undefined;

  function read(): { fingerprint: string; key: string } | undefined {
    try {
      const raw = storage?.getItem(IDEMPOTENCY_STORAGE_KEY);
      if (!raw) return memory;
      const value = JSON.parse(raw) as { fingerprint?: unknown; key?: unknown };
      if (typeof value.fingerprint === 'string' && typeof value.key === 'string' && UUID.test(value.key)) {
        return { fingerprint: value.fingerprint, key: value.key };
      }
      return undefined;
    } catch {
      return memory;
    }
  }

  function write(entry: { fingerprint: string; key: string } | undefined): void {
    memory = entry;
    try {
      if (entry) storage?.setItem(IDEMPOTENCY_STORAGE_KEY, JSON.stringify(entry));
      else storage?.removeItem(IDEMPOTENCY_STORAGE_KEY);
    } catch {
      // Storage full or disabled: the in-memory copy carries on.
    }
  }

  return {
    keyFor(fingerprint) {
      const stored = read();
      if (stored && stored.fingerprint === fingerprint) return stored.key;
      const key = newKey();
      write({ fingerprint, key });
      return key;
    },
    forget() {
      write(undefined);
    },
  };
}
