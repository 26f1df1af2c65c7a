import { useRef, useState } from 'react';
import { StaffApiError, type StaffApi } from '../api/staffApi.ts';
import type { StaffAction as Action } from 'orders-api/facts';
import type { RefundLineRequest, ShipmentRequest as Shipment } from 'orders-api/staff';
import { createIntentKeys, intentOf } from './intentKeys.ts';

/** How the last action went: shown under the panel until staff choose another. */
export type Outcome = { kind: 'done' } | { kind: 'refused'; message: string } | { kind: 'failed'; message: string } | null;

/**
 * Sends staff actions on one order. Each intended action has one Idempotency-Key (intentKeys.ts):
 * a second click or a retry repeats it, the server applies it once. A refusal (someone else moved
 * the order first, say) reloads the order so the page shows what is true now.
 */
export function useOrderAction({
  api,
  orderId,
  onChanged,
  onSettled,
}: {
  api: StaffApi;
  orderId: string;
  onChanged: () => Promise<void>;
  /** Called once the shop applied or refused the action (not when it could not be reached). */
  onSettled: () => void;
}) {
  const keys = useRef(createIntentKeys());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function run(action: Action, body?: Shipment | { lines?: RefundLineRequest[] }) {
    const intent = intentOf(orderId, action, body);
    setBusy(true);
    setOutcome(null);
    try {
      await api.act(orderId, action, keys.current.keyFor(intent), body);
      keys.current.settle(intent);
      onSettled();
      setOutcome({ kind: 'done' });
      await onChanged();
    } catch (error) {
      if (error instanceof StaffApiError && error.refused) {
        keys.current.settle(intent);
        onSettled();
        setOutcome({ kind: 'refused', message: error.message });
        await onChanged();
      } else {
        // Kept: trying again sends the same key, so an action that did reach the shop is not applied twice.
        setOutcome({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      setBusy(false);
    }
  }

  return { busy, outcome, clearOutcome: () => setOutcome(null), run };
}
