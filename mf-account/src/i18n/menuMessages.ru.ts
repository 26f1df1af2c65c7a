// The account menu's strings in Russian; the keys are the English catalogue's (menuMessages.en.ts).
import type { MenuMessageKey } from './menuMessages.en.ts';

const ru: Record<MenuMessageKey, string> = {
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

export default ru;
