import { preloadable } from '../ui/preloadable.ts';

/**
 * The login form where a visitor lands on a signed-in shopper's page (My Account, /user): most who
 * open those pages are signed in, so its code comes in a chunk of its own, when it is shown, with its strings.
 */
export const LazyLoginScreen = preloadable(() =>
  Promise.all([
    import(/* webpackChunkName: "account-login" */ './LoginPage.tsx'),
    import(/* webpackChunkName: "account-login" */ '../i18n/loginStrings.ts').then((m) => m.loginStrings.ready()),
  ]).then(([m]) => m.LoginScreen),
);
