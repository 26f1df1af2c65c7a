import type { UserMessageKey } from './userMessages.en.ts';

const ru: Record<UserMessageKey, string> = {
  'user.title': 'Профиль',
  'user.lead': 'Ваш аккаунт вкратце.',
  'user.name': 'Имя',
  'user.email': 'Адрес email',
  'user.phone': 'Телефон',
  'user.address': 'Адрес',
  'user.newsletter': 'Рассылка',
  'user.edit': 'Изменить в личном кабинете',
};

export default ru;
