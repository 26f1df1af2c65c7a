/** localStorage: whose account's list the page's wish list mirrors (wishlistSync.ts). */
export const OWNER_KEY = 'wishlist:account';

/** Whether this browser's wish list mirrors an account's list. */
export function mirrorsAnAccount(): boolean {
  try {
    return globalThis.localStorage?.getItem(OWNER_KEY) != null;
  } catch {
    return false; // storage disabled: nothing was mirrored here
  }
}
