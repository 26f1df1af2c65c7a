import type { Lang } from '../orders/model.ts';

/** Every sentence of the shopper's messages, in each language the shop speaks. {name} marks a value. */
const en = {
  greeting: 'Hello {name},',
  'greeting.anonymous': 'Hello,',
  signature: 'The {shop} team',
  'orders.link': 'Your orders',
  'table.item': 'Item',
  'table.quantity': 'Qty',
  'table.amount': 'Amount',
  'table.subtotal': 'Subtotal',
  'table.discount': 'Discount ({coupon})',
  'table.total': 'Total',
  'confirmation.subject': 'Order #{number} confirmed – {shop}',
  'confirmation.intro': 'Thank you for your order #{number}. We have received your payment and will write again when it ships.',
  'shipped.subject': 'Order #{number} is on its way – {shop}',
  'shipped.intro': 'Your order #{number} has been shipped with {carrier}. Tracking number: {tracking}.',
  'shipped.track': 'Track your parcel',
  'refunded.subject': 'Refund for order #{number} – {shop}',
  'refunded.intro': 'We have refunded {amount} for your order #{number} to the card you paid with.',
  'cancelled.subject': 'Order #{number} cancelled – {shop}',
  'cancelled.intro': 'Your order #{number} has been cancelled and {amount} refunded to the card you paid with.',
  'refunded.lines': 'Refunded items',
  'refunded.total': 'Refunded so far: {refunded} of {total}.',
  'refunded.delay': 'Your bank may take 5–10 business days to show it on your statement.',
  'reset.subject': 'Reset your password – {shop}',
  'reset.intro': 'Someone, hopefully you, asked to reset the password of your {shop} account.',
  'reset.action': 'Choose a new password',
  'reset.ignore': 'If it was not you, ignore this message: your password stays as it is. The link works for one hour.',
} as const;

export type StringKey = keyof typeof en;

const ru: Record<StringKey, string> = {
  greeting: 'Здравствуйте, {name}!',
  'greeting.anonymous': 'Здравствуйте!',
  signature: 'Команда {shop}',
  'orders.link': 'Ваши заказы',
  'table.item': 'Товар',
  'table.quantity': 'Кол-во',
  'table.amount': 'Сумма',
  'table.subtotal': 'Подытог',
  'table.discount': 'Скидка ({coupon})',
  'table.total': 'Итого',
  'confirmation.subject': 'Заказ №{number} подтверждён – {shop}',
  'confirmation.intro': 'Спасибо за заказ №{number}! Мы получили оплату и напишем снова, когда отправим его.',
  'shipped.subject': 'Заказ №{number} в пути – {shop}',
  'shipped.intro': 'Ваш заказ №{number} передан в {carrier}. Трек-номер: {tracking}.',
  'shipped.track': 'Отследить посылку',
  'refunded.subject': 'Возврат по заказу №{number} – {shop}',
  'refunded.intro': 'Мы вернули {amount} по заказу №{number} на карту, которой вы платили.',
  'cancelled.subject': 'Заказ №{number} отменён – {shop}',
  'cancelled.intro': 'Ваш заказ №{number} отменён, {amount} возвращено на карту, которой вы платили.',
  'refunded.lines': 'Возвращённые товары',
  'refunded.total': 'Всего возвращено: {refunded} из {total}.',
  'refunded.delay': 'Банку может понадобиться 5–10 рабочих дней, чтобы деньги появились в выписке.',
  'reset.subject': 'Сброс пароля – {shop}',
  'reset.intro': 'Кто-то, надеемся, что вы, попросил сбросить пароль вашей учётной записи в {shop}.',
  'reset.action': 'Задать новый пароль',
  'reset.ignore': 'Если это были не вы, просто не обращайте внимания на это письмо: пароль останется прежним. Ссылка действует один час.',
};

export const strings: Record<Lang, Record<StringKey, string>> = { en, ru };

/** The sentence with its values put in, as plain text (the HTML template escapes the result). */
export function say(lang: Lang, key: StringKey, values: Record<string, string | number> = {}): string {
  return strings[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
