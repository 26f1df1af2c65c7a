import { escapeHtml, formatPrice, safeHref } from './html.ts';
import { strings } from './strings.ts';
import { renderMessage, type Shop } from './templates.ts';

const shop: Shop = { name: 'Storefront', origin: 'http://localhost:3000' };
const order = { orderId: 'o-1', orderNumber: 1042, firstName: 'Ada' };
const lines = [
  { title: 'Brass Desk Lamp', quantity: 2, amountCents: 9998 },
  { title: 'Linen Cushion', quantity: 1, amountCents: 123456 },
];

describe('money, escaping and links', () => {
  test('money reads as on the shop pages', () => {
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(9998)).toBe('$99.98');
    expect(formatPrice(123456789)).toBe('$1,234,567.89');
    expect(formatPrice(-1000)).toBe('-$10.00');
  });

  test('escapes every character with a meaning in HTML', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });

  test('links: only http(s)', () => {
    expect(safeHref('https://www.dhl.com/track?AWB=1')).toBe('https://www.dhl.com/track?AWB=1');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });

  test('both languages have every sentence, with the same values in them', () => {
    for (const key of Object.keys(strings.en) as (keyof typeof strings.en)[]) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(strings.ru[key]).toBeTruthy();
      expect([key, names(strings.ru[key])]).toEqual([key, names(strings.en[key])]);
    }
  });
});

describe('the four messages', () => {
  test('confirmation: shop, number, lines, totals with the coupon, in English', () => {
    const message = renderMessage(
      {
        kind: 'order-confirmation',
        lang: 'en',
        data: { ...order, lines, subtotalCents: 133454, discountCents: 13345, totalCents: 120109, coupon: 'SAVE10' },
      },
      shop,
    );
    expect(message.subject).toBe('Order #1042 confirmed – Storefront');
    expect(message.text).toContain('Hello Ada,');
    expect(message.text).toContain('- Brass Desk Lamp × 2: $99.98');
    expect(message.text).toContain('- Linen Cushion × 1: $1,234.56');
    expect(message.text).toContain('Discount (SAVE10): -$133.45');
    expect(message.text).toContain('Total: $1,201.09');
    expect(message.text).toContain('Your orders: http://localhost:3000/my-account');
    expect(message.html).toContain('<html lang="en">');
    expect(message.html).toContain('$1,201.09');
    expect(message.html).toContain('href="http://localhost:3000/my-account"');
  });

  test('confirmation in Russian', () => {
    const message = renderMessage(
      { kind: 'order-confirmation', lang: 'ru', data: { ...order, lines, subtotalCents: 133454, discountCents: 0, totalCents: 133454, coupon: null } },
      shop,
    );
    expect(message.subject).toBe('Заказ №1042 подтверждён – Storefront');
    expect(message.text).toContain('Здравствуйте, Ada!');
    expect(message.text).toContain('Итого: $1,334.54');
    expect(message.text).not.toContain('Скидка');
    expect(message.html).toContain('<html lang="ru">');
  });

  test('shipped: carrier, tracking number and the tracking link', () => {
    const trackingUrl = 'https://www.dhl.com/en/express/tracking.html?AWB=JD0123456789&x=1';
    const message = renderMessage(
      { kind: 'order-shipped', lang: 'en', data: { ...order, carrierName: 'DHL', trackingNumber: 'JD0123456789', trackingUrl } },
      shop,
    );
    expect(message.subject).toBe('Order #1042 is on its way – Storefront');
    expect(message.text).toContain('shipped with DHL. Tracking number: JD0123456789.');
    expect(message.text).toContain(`Track your parcel: ${trackingUrl}`);
    expect(message.html).toContain('href="https://www.dhl.com/en/express/tracking.html?AWB=JD0123456789&#38;x=1"');
  });

  test('refund and cancellation: the amount and the lines', () => {
    const data = {
      ...order,
      amountCents: 4999,
      lines: [{ title: 'Brass Desk Lamp', quantity: 1, amountCents: 4999 }],
      cancelled: false,
      refundedCents: 4999,
      totalCents: 11248,
    };
    const refund = renderMessage({ kind: 'order-refunded', lang: 'ru', data }, shop);
    expect(refund.subject).toBe('Возврат по заказу №1042 – Storefront');
    expect(refund.text).toContain('Мы вернули $49.99 по заказу №1042');
    expect(refund.text).toContain('- Brass Desk Lamp × 1: $49.99');
    expect(refund.text).toContain('Всего возвращено: $49.99 из $112.48.');
    const cancel = renderMessage({ kind: 'order-refunded', lang: 'en', data: { ...data, cancelled: true, amountCents: 11248, refundedCents: 11248 } }, shop);
    expect(cancel.subject).toBe('Order #1042 cancelled – Storefront');
    expect(cancel.text).toContain('has been cancelled and $112.48 refunded');
  });

  test('password reset: the link, and no greeting by a name we do not know', () => {
    const link = 'http://localhost:3000/reset-password?mode=resetPassword&oobCode=abc&lang=en';
    const message = renderMessage({ kind: 'password-reset', lang: 'en', data: { link } }, shop);
    expect(message.subject).toBe('Reset your password – Storefront');
    expect(message.text).toContain(`Choose a new password: ${link}`);
    expect(message.text.startsWith('Hello,')).toBe(true);
    expect(message.html).toContain(`href="${link.replaceAll('&', '&#38;')}"`);
  });

  test('whatever a shopper or the catalogue typed is escaped in HTML, and a foreign link is no link', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const message = renderMessage(
      {
        kind: 'order-confirmation',
        lang: 'en',
        data: {
          ...order,
          firstName: hostile,
          lines: [{ title: `"${hostile}"`, quantity: 1, amountCents: 1 }],
          subtotalCents: 1,
          discountCents: 0,
          totalCents: 1,
          coupon: null,
        },
      },
      { name: 'Shop & <Co>', origin: 'http://localhost:3000' },
    );
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(message.html).toContain('Shop &#38; &#60;Co&#62;');
    expect(message.text).toContain(hostile);
    const shipped = renderMessage(
      { kind: 'order-shipped', lang: 'en', data: { ...order, carrierName: 'X', trackingNumber: 'Y', trackingUrl: 'javascript:alert(1)' } },
      shop,
    );
    expect(shipped.html).not.toContain('href="javascript');
    expect(shipped.html).toContain('Track your parcel: javascript:alert(1)');
  });
});
