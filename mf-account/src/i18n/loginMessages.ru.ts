import type { LoginMessageKey } from './loginMessages.en.ts';

const ru: Record<LoginMessageKey, string> = {
  'login.title': 'Вход',
  'login.lead': 'С возвращением! Войдите, чтобы быстрее оформлять заказы, следить за ними и хранить адреса в одном месте.',
  'login.returning': 'Постоянный покупатель',
  'login.returningIntro': 'У меня уже есть аккаунт',
  'login.emailPlaceholder': 'name@example.com',
  'login.passwordPlaceholder': 'не менее 8 символов',
  'login.submit': 'Войти',
  'login.submitting': 'Входим…',
  'login.forgot': 'Забыли пароль',
  'login.forgotHint': 'Забыли пароль? Введите адрес email и нажмите «Забыли пароль»: мы пришлём ссылку, чтобы задать новый.',
  'login.success': 'Вы вошли в аккаунт. С возвращением, {name}!',
  'login.new': 'Новый покупатель',
  'login.newText':
    'Создав аккаунт в нашем магазине, вы сможете быстрее оформлять заказы, сохранить адрес доставки, просматривать и отслеживать заказы в личном кабинете и многое другое.',
  'login.signUp': 'Зарегистрироваться',
};

export default ru;
