/**
 * One Idempotency-Key per action a person means to take. The key is made when the action is first
 * sent and kept until the shop gives a final answer, so a double click, a retry after a timeout or
 * a lost answer sends the same key and the server applies the action once. A final answer (done,
 * or refused for good) forgets it: the next click is a new action with a new key.
 */
export interface IntentKeys {
  /** The key of this intended action, e.g. `ship:{"carrier":"dhl",...}`: the same until it is settled. */
  keyFor(intent: string): string;
  settle(intent: string): void;
}

export function createIntentKeys(newKey: () => string = () => crypto.randomUUID()): IntentKeys {
  const keys = new Map<string, string>();
  return {
    keyFor(intent) {
      let key = keys.get(intent);
      if (key === undefined) {
        key = newKey();
        keys.set(intent, key);
      }
      return key;
    },
    settle(intent) {
      keys.delete(intent);
    },
  };
}

/** The intent of an action on an order with its details: what must match for a repeat to be the same action. */
export function intentOf(orderId: string, action: string, body: unknown): string {
  return `${orderId}:${action}:${JSON.stringify(body ?? {})}`;
}
