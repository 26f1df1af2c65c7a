/**
 * Keeps the page's wish list (shared-events `wishlist`, in localStorage) in step with a signed-in
 * shopper's users/{uid}/wishlist. Framework-free and Firebase-free: it is in the header's chunk,
 * and the account service it drives is loaded lazily.
 *
 * - At sign-in the guest's list merges into the account's: the account's products, plus the
 *   guest's that it lacks (written to the account), none twice, nothing lost.
 * - While signed in, the local list mirrors the account's: a change elsewhere (another device)
 *   replaces it, a change here (a heart, the wish list page, another tab) is written as adds and
 *   removes, so two devices changing different products both keep their change.
 * - At sign-out the local list, the account's mirror, is emptied: the next person on this browser
 *   starts with their own.
 *
 * `OWNER_KEY` (ownerKey.ts) in localStorage names the account the local list mirrors and the list as last agreed
 * with it. A page of a signed-in shopper starts before Firebase does: what changed locally since
 * the last agreement (a heart pressed before the account was reached, another device's removals
 * meanwhile) is merged three ways instead of one side overwriting the other.
 */
import type { AccountError } from '../firebase/errors.ts';
import type { WishlistChanges } from '../firebase/wishlistRecord.ts';

/** Whose list the local one mirrors, and the list both sides last agreed on. */
export type Mirror = { uid: string; agreed: readonly number[] };

export interface WishlistSyncDeps {
  store: {
    readonly ids: readonly number[];
    replace(ids: readonly number[]): void;
    clear(): void;
    subscribe(listener: (ids: readonly number[]) => void): () => void;
  };
  follow(uid: string, onIds: (ids: number[]) => void, onError: (error: AccountError) => void): () => void;
  change(uid: string, changes: WishlistChanges): Promise<void>;
  owner: { read(): Mirror | null; write(mirror: Mirror | null): void };
  now(): number;
  /** A write or listen the database refused: the local list stays, the next change tries again. */
  report(error: unknown): void;
}

export interface WishlistSync {
  /** Follows `uid`'s list (idempotent for the same uid; switching accounts stops the previous one). */
  start(uid: string): void;
  /** The shopper signed out: stop, and empty the local mirror if it was an account's. */
  signedOut(): void;
  stop(): void;
}

export function createWishlistSync(deps: WishlistSyncDeps): WishlistSync {
  let current: { uid: string; stop: () => void } | undefined;

  function follow(uid: string): () => void {
    /** The account's list as last heard, or undefined before the first answer. */
    let remote: readonly number[] | undefined;
    let stopped = false;

    const agree = (ids: readonly number[]) => {
      remote = ids;
      deps.owner.write({ uid, agreed: [...ids] });
    };

    const write = (local: readonly number[]) => {
      if (!remote) return;
      const add = local.filter((id) => !remote!.includes(id));
      const remove = remote.filter((id) => !local.includes(id));
      if (!add.length && !remove.length) return;
      const at = deps.now();
      // Newest first locally: the first of `add` gets the latest time, so the order survives the round trip.
      const changes = { add: add.map((id, i) => ({ id, at: at + add.length - i })), remove };
      agree(local);
      deps.change(uid, changes).catch(deps.report);
    };

    const unfollow = deps.follow(
      uid,
      (ids) => {
        if (stopped) return;
        if (remote !== undefined) {
          agree(ids);
          deps.store.replace(ids);
          return;
        }
        const mirror = deps.owner.read();
        const local = deps.store.ids;
        let merged: number[];
        if (mirror?.uid === uid) {
          // This browser's changes since the last agreement, applied to the account's list.
          const added = local.filter((id) => !mirror.agreed.includes(id));
          const removed = mirror.agreed.filter((id) => !local.includes(id));
          merged = [...added.filter((id) => !ids.includes(id)), ...ids.filter((id) => !removed.includes(id))];
        } else {
          // Signed in just now: the guest's products the account lacks join it.
          merged = [...local.filter((id) => !ids.includes(id)), ...ids];
        }
        remote = ids;
        deps.store.replace(merged);
        write(merged);
        if (remote === ids) agree(ids);
      },
      (error) => deps.report(error),
    );
    const unsubscribe = deps.store.subscribe((ids) => write(ids));
    return () => {
      stopped = true;
      unfollow();
      unsubscribe();
    };
  }

  return {
    start(uid) {
      if (current?.uid === uid) return;
      current?.stop();
      current = { uid, stop: follow(uid) };
    },
    signedOut() {
      current?.stop();
      current = undefined;
      if (deps.owner.read() !== null) {
        deps.owner.write(null);
        deps.store.clear();
      }
    },
    stop() {
      current?.stop();
      current = undefined;
    },
  };
}
