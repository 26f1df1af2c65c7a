import { normalizeIds, wishlist, WISHLIST_MAX } from 'shared-events';
import type { AccountSession } from '../auth/accountSession.ts';
import { fromFirebaseError } from '../firebase/firebaseErrors.ts';
import { OWNER_KEY } from './ownerKey.ts';
import { createWishlistSync, type Mirror } from './wishlistSync.ts';

/** The mirror mark in localStorage; a damaged one reads as none (the next sign-in merges). */
function ownerStore() {
  return {
    read: (): Mirror | null => {
      try {
        const value = JSON.parse(globalThis.localStorage?.getItem(OWNER_KEY) ?? 'null') as Partial<Mirror> | null;
        return value && typeof value.uid === 'string' && Array.isArray(value.agreed)
          ? { uid: value.uid, agreed: normalizeIds(value.agreed, WISHLIST_MAX) }
          : null;
      } catch {
        return null;
      }
    },
    write: (mirror: Mirror | null) => {
      try {
        if (mirror) globalThis.localStorage?.setItem(OWNER_KEY, JSON.stringify(mirror));
        else globalThis.localStorage?.removeItem(OWNER_KEY);
      } catch {
        // Storage blocked: the list is this page's only, and so is the mark.
      }
    },
  };
}

/**
 * Runs the wish list's account sync beside the page's account session: it starts once Firebase has
 * confirmed a signed-in shopper (the account service is loaded by then) and ends at sign-out.
 */
export function connectWishlist(session: AccountSession): void {
  const sync = createWishlistSync({
    store: wishlist,
    follow: (uid, onIds, onError) => {
      let stop: (() => void) | undefined;
      let cancelled = false;
      void session.connect().then(
        (service) => {
          if (!cancelled) stop = service.followWishlist(uid, onIds, onError);
        },
        (error: unknown) => onError(fromFirebaseError(error)),
      );
      return () => {
        cancelled = true;
        stop?.();
      };
    },
    change: (uid, changes) => session.connect().then((service) => service.changeWishlist(uid, changes)),
    owner: ownerStore(),
    now: () => Date.now(),
    report: (error) => console.warn('[mf-account] the wish list could not be kept in step with the account', error),
  });
  const follow = () => {
    const { user, confirmed } = session.getState();
    if (user && confirmed) sync.start(user.uid);
    else if (!user) sync.signedOut();
  };
  session.subscribe(follow);
  follow();
}
