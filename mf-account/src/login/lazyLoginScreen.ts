import { preloadable } from '../ui/preloadable.ts';

/**
 * The login form where a visitor lands on a signed-in shopper's page (My Account, /user): most who
 * open those pages are signed in, so its code comes in a chunk of its own, when it is shown.
 */
export const LazyLoginScreen = preloadable(() => import(/* webpackChunkName: "account-login" */ './LoginPage.tsx').then((m) => m.LoginScreen));
