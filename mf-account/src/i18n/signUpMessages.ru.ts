import type { SignUpMessageKey } from './signUpMessages.en.ts';

const ru: Record<SignUpMessageKey, string> = {
  'signup.title': 'Регистрация',
  'signup.lead': 'Создайте аккаунт за минуту: дальше при оформлении заказа ваши данные подставятся сами.',
  'signup.haveAccount': 'Уже есть аккаунт?',
  'signup.loginLink': 'Войдите здесь',
  'signup.loginButton': 'Войти',
  'signup.why': 'Зачем создавать аккаунт?',
  'signup.personal': 'Личные данные',
  'signup.address': 'Ваш адрес',
  'signup.passwordSection': 'Ваш пароль',
  'signup.finish': 'Рассылка и конфиденциальность',
  'signup.subscribe': 'Подписаться на рассылку',
  'signup.privacy': 'Я прочитал(а) политику конфиденциальности и согласен(на) с ней',
  'signup.submit': 'Создать аккаунт',
  'signup.submitting': 'Создаём аккаунт…',
  'signup.success': 'Поздравляем, регистрация завершена!',
  'signup.redirecting': 'Аккаунт готов. Переходим на страницу входа…',
  'signup.fixErrors': 'Некоторые поля требуют внимания. Проверьте сообщения ниже.',
  'signup.signedInAs': 'Вы вошли как {name}. Если создать новый аккаунт, вы войдёте уже в него.',
};

export default ru;
