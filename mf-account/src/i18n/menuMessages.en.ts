// The header widget's strings, apart from the screens' (messages.en.ts) so that the AccountMenu, which
// loads on every page, carries only these. Spec strings (My Account, Log Out, Sign Up, Log In) stay
// verbatim in English.
const en = {
  'menu.trigger': 'Account menu',
  'menu.triggerSignedIn': 'Account menu, logged in as {name}',
  'menu.panel': 'Account',
  'menu.greeting': 'Hello, {name}',
  'menu.guestTitle': 'Welcome!',
  'menu.guestText': 'Log in to see your orders, or create an account.',
  'menu.myAccount': 'My Account',
  'menu.logOut': 'Log Out',
  'menu.signUp': 'Sign Up',
  'menu.logIn': 'Log In',
  'menu.loggingOut': 'Logging out…',
  'menu.loggedOut': 'You have been logged out.',
  'menu.logOutFailed': 'We could not log you out. Check your connection and try again.',
} as const;

export type MenuMessageKey = keyof typeof en;

export default en;
