/** The account service's calls on the shopper's wish list, users/{uid}/wishlist. */
import { onValue, ref, update, type Database } from 'firebase/database';
import type { AccountService } from './accountTypes.ts';
import { AccountError } from './errors.ts';
import { fromFirebaseError } from './firebaseErrors.ts';
import { guard, withTimeout } from './serviceCalls.ts';
import { wishlistChanges, wishlistIds, wishlistPath } from './wishlistRecord.ts';

export type WishlistOperations = Pick<AccountService, 'followWishlist' | 'changeWishlist'>;

/** The service's wish-list operations, with writes given up after `timeoutMs`. */
export function createWishlistOperations(db: Database, timeoutMs: number): WishlistOperations {
  return {
    followWishlist(uid, onIds, onError) {
      let target;
      try {
        target = ref(db, wishlistPath(uid));
      } catch {
        onError(new AccountError('invalid-data', 'Invalid user id.'));
        return () => undefined;
      }
      return onValue(
        target,
        (snapshot) => onIds(wishlistIds(snapshot.val())),
        (error) => onError(fromFirebaseError(error)),
      );
    },

    changeWishlist: (uid, changes) =>
      guard(async () => {
        const patch = wishlistChanges(changes);
        if (Object.keys(patch).length === 0) return;
        await withTimeout(update(ref(db, wishlistPath(uid)), patch), timeoutMs, 'change wish list');
      }),
  };
}
