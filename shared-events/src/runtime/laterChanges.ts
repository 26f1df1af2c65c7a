import { skip, type BehaviorSubject } from 'rxjs';

/**
 * The one way to follow a store: `subscribe(listener)` calls `listener` with each later value and
 * returns the function that stops it, the shape React's useSyncExternalStore takes (the store's
 * getter gives the value now). Every store's `subscribe` is this, over the subject holding its state.
 */
export function laterChanges<T>(state: BehaviorSubject<T>): (listener: (value: T) => void) => () => void {
  return (listener) => {
    const subscription = state.pipe(skip(1)).subscribe(listener);
    return () => subscription.unsubscribe();
  };
}
