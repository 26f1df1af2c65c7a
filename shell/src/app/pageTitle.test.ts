import { createTranslator } from 'shared-events';
import en from '../i18n/messages.en.ts';
import ru from '../i18n/messages.ru.ts';
import { pageTitle } from './pageTitle.ts';

const inEnglish = createTranslator({ en, ru }, { current: 'en' }).t;
const inRussian = createTranslator({ en, ru }, { current: 'ru' }).t;
const none = new URLSearchParams();

describe('pageTitle', () => {
  it("names a product's page after the product once the screen has said its name", () => {
    expect(pageTitle(inEnglish, '/shop/12', none)).toBe('Product | Storefront');
    expect(pageTitle(inEnglish, '/shop/12', none, 'Dive Watch')).toBe('Dive Watch | Storefront');
  });

  it('names a listing after its category and a search after its words', () => {
    expect(pageTitle(inEnglish, '/shop', new URLSearchParams('category=home-appliances&page=3'))).toBe('Home appliances | Storefront');
    expect(pageTitle(inEnglish, '/search', new URLSearchParams('q=%20oak%20desk '))).toBe('Search results for “oak desk” | Storefront');
    expect(pageTitle(inEnglish, '/search', none)).toBe('Search | Storefront');
  });

  it("speaks the shopper's language, and names an unknown address as missing", () => {
    expect(pageTitle(inRussian, '/cart-list', none)).toBe('Корзина | Storefront');
    expect(pageTitle(inRussian, '/nowhere/at/all', none)).toBe('Страница не найдена | Storefront');
    expect(pageTitle(inEnglish, '/', none)).toBe('Storefront: furniture, electronics, clothing and more');
  });
});
