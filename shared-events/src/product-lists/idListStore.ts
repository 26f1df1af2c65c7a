import { BehaviorSubject } from 'rxjs';
import { laterChanges } from '../runtime/laterChanges.ts';
import type { KeyValueStore } from '../storage/safeStorage.ts';
import { parseStoredIds, sameIds } from './idList.ts';

/** The part the wish list and the compare tray share: ids kept in storage, followed across tabs. */
export interface IdListState {
  readonly ids: readonly number[];
  /** Saves `ids` (already normalized) unless they equal the current list. */
  commit(ids: readonly number[]): void;
  /** Calls `listener` on every later change; shaped for React's useSyncExternalStore. */
  subscribe(listener: (ids: readonly number[]) => void): () => void;
}

export function createIdListState(options: { storage: KeyValueStore; key: string; max: number }): IdListState {
  const { storage, key, max } = options;
  const state = new BehaviorSubject<readonly number[]>(parseStoredIds(storage.read(key), max));

  // Another tab saved its list: adopt it, without writing it back (that tab already did).
  storage.watch(key, (raw) => {
    const ids = parseStoredIds(raw, max);
    if (sameIds(ids, state.value)) return;
    state.next(ids);
  });

  return {
    get ids() {
      return state.value;
    },
    commit(ids) {
      if (sameIds(ids, state.value)) return;
      storage.write(key, JSON.stringify(ids));
      state.next(ids);
    },
    subscribe: laterChanges(state),
  };
}
