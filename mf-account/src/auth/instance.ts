/**
 * The page's one account session (module state is shared by every exposed module of this remote:
 * they run in the same container). Importing this module starts it: the header's AccountMenu is on
 * every page, so auth state is published wherever the shopper lands.
 */
import { bus, language } from 'shared-events';
import { createAccountSession, type AccountSessionDeps } from './accountSession.ts';
import { afterLive } from './afterLive.ts';
import { onAuthHintChangedElsewhere, readAuthHint, writeAuthHint } from './authHint.ts';
import { whenPageIdle } from './idle.ts';
import { startWishlistSync } from '../wishlist/startWishlistSync.ts';

const accountSessionDeps: AccountSessionDeps = {
  loadService: () => import(/* webpackChunkName: "account-firebase" */ './firebaseConnection.ts').then((m) => m.connectAccountService()),
  publish: (user) => bus.publish({ type: 'auth:changed', v: 1, user }),
  publishProfile: (uid, record) => bus.publish({ type: 'account:profile', v: 1, uid, profile: record ? { ...record } : null }),
  // What follows Firebase's answers, the checkout session's sync with it, comes with Firebase's code.
  loadAnswers: () =>
    Promise.all([
      import(/* webpackChunkName: "account-firebase" */ './firebaseAnswers.ts'),
      import(/* webpackChunkName: "account-firebase" */ './checkoutSync.ts'),
      import(/* webpackChunkName: "account-firebase" */ './tokenSync.ts'),
    ]).then(
      ([{ FirebaseAnswers }, { CheckoutSync }, { createTokenSync }]) =>
        (store, service) =>
          new FirebaseAnswers(
            accountSessionDeps,
            store,
            service,
            new CheckoutSync(
              {
                tokenSync: createTokenSync({ fetch: (input, init) => fetch(input, init) }),
                setTimer: (task, ms) => setTimeout(task, ms),
                clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
              },
              () => store.current,
              () => service,
            ),
          ),
    ),
  // Asked for only from the login form's "Forget pasword": its code comes then.
  requestReset: (email) =>
    import(/* webpackChunkName: "account-reset-request" */ './passwordReset.ts').then((m) =>
      m.requestPasswordReset({ fetch: (input, init) => fetch(input, init), language: () => language.current }, email),
    ),
  readHint: () => readAuthHint(),
  writeHint: (hint) => writeAuthHint(hint),
  onHintChangedElsewhere: onAuthHintChangedElsewhere,
  whenIdle: (task) => void afterLive().then(() => whenPageIdle(task)),
};

export const accountSession = createAccountSession(accountSessionDeps);

accountSession.start();
startWishlistSync(accountSession, () => import(/* webpackChunkName: "account-wishlist" */ '../wishlist/connectWishlist.ts').then((m) => m.connectWishlist));
