import { BehaviorSubject } from 'rxjs';
import type { EventBus } from '../bus/bus.ts';
import { laterChanges } from '../runtime/laterChanges.ts';

/** The breadcrumb state, field names as the spec spells them. */
export interface BreadcrumbState {
  readonly currentname: string;
  readonly previousname: string;
}

/**
 * Choosing a navigation item records the chosen name as current and the name that was current as
 * previous. Like the language, it follows 'breadcrumb:navigated', so
 * publishing that event and calling `navigate` are the same thing.
 */
export interface Breadcrumb {
  readonly current: BreadcrumbState;
  navigate(name: string): void;
  /** Calls `listener` on every later change; shaped for React's useSyncExternalStore. */
  subscribe(listener: (state: BreadcrumbState) => void): () => void;
}

export function createBreadcrumb(bus: EventBus): Breadcrumb {
  const state = new BehaviorSubject<BreadcrumbState>({ currentname: '', previousname: '' });
  bus.on('breadcrumb:navigated').subscribe(({ currentname, previousname }) => {
    state.next({ currentname, previousname });
  });
  return {
    get current() {
      return state.value;
    },
    navigate(name) {
      const previousname = state.value.currentname;
      bus.publish({ type: 'breadcrumb:navigated', v: 1, currentname: name, previousname });
    },
    subscribe: laterChanges(state),
  };
}
