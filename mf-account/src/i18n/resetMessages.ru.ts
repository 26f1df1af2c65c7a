import type { ResetMessageKey } from './resetMessages.en.ts';

const ru: Record<ResetMessageKey, string> = {
  'reset.title': 'Задайте новый пароль',
  'reset.checking': 'Проверяем ссылку…',
  'reset.for': 'Для аккаунта',
  'reset.newPassword': 'Новый пароль',
  'reset.submit': 'Сохранить новый пароль',
  'reset.submitting': 'Сохраняем…',
  'reset.done': 'Пароль изменён. Войдите с новым паролем.',
  'reset.logIn': 'Войти',
  'reset.missing': 'Ссылка неполная. Откройте ссылку из письма ещё раз или запросите новую.',
  'reset.expired': 'Срок действия ссылки истёк, или она уже использована. Запросите новую: каждая ссылка работает один раз и недолго.',
  'reset.otherAction': 'Эта ссылка не для смены пароля. Чтобы задать новый пароль, запросите ссылку для сброса.',
  'reset.askAgain': 'Запросить новую ссылку',
};

export default ru;
