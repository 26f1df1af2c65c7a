// The header widget's strings, apart from the screens' (messages.ts) so that the AccountMenu, which
// loads on every page, carries only these. Spec strings (My Account, Log Out, Sign Up, Log In) stay
// verbatim in English.
export const en = {
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

export const ru: Record<MenuMessageKey, string> = {
  'menu.trigger': 'Меню аккаунта',
  'menu.triggerSignedIn': 'Меню аккаунта, вы вошли как {name}',
  'menu.panel': 'Аккаунт',
  'menu.greeting': 'Здравствуйте, {name}',
  'menu.guestTitle': 'Добро пожаловать!',
  'menu.guestText': 'Войдите, чтобы видеть свои заказы, или создайте аккаунт.',
  'menu.myAccount': 'Мой аккаунт',
  'menu.logOut': 'Выйти',
  'menu.signUp': 'Регистрация',
  'menu.logIn': 'Войти',
  'menu.loggingOut': 'Выходим…',
  'menu.loggedOut': 'Вы вышли из аккаунта.',
  'menu.logOutFailed': 'Не удалось выйти из аккаунта. Проверьте подключение и попробуйте ещё раз.',
};
