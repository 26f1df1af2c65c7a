import type { AccountSession } from '../auth/accountSession.ts';
import { mirrorsAnAccount } from './ownerKey.ts';

/**
 * Starts the wish list's account sync (connectWishlist.ts) once it has something to do, so a
 * visitor's page never loads it: when Firebase has confirmed a signed-in shopper, or at once on a
 * page signed out (here or in another tab) whose list still mirrors an account's, which the sync
 * empties.
 */
export function startWishlistSync(session: AccountSession, load: () => Promise<(session: AccountSession) => void>): void {
  let started = false;
  const check = () => {
    const { user, confirmed } = session.getState();
    if (started || !((user && confirmed) || (!user && mirrorsAnAccount()))) return;
    started = true;
    unsubscribe();
    void load().then(
      (connect) => connect(session),
      (error: unknown) => console.warn('[mf-account] the wish list could not be kept in step with the account', error),
    );
  };
  const unsubscribe = session.subscribe(check);
  check();
}
