import type { Language } from '../bus/contract.ts';
import { createTranslator } from './translator.ts';

const catalogues = {
  en: { added: 'Added to Cart Successfully!', stock: '{stock} Available in Stock', hello: 'Hello {name}' },
  ru: { added: 'Добавлено в корзину!', stock: 'В наличии: {stock}', hello: 'Здравствуйте, {name}' },
};

function fakeLanguage(initial: Language): { current: Language } {
  return { current: initial };
}

it('translates into the current language at call time', () => {
  const language = fakeLanguage('en');
  const { t } = createTranslator(catalogues, language);
  expect(t('added')).toBe('Added to Cart Successfully!');
  language.current = 'ru';
  expect(t('added')).toBe('Добавлено в корзину!');
});

it('fills {placeholders} from params', () => {
  const { t } = createTranslator(catalogues, fakeLanguage('en'));
  expect(t('stock', { stock: 12 })).toBe('12 Available in Stock');
  expect(t('hello', { name: 'Ann' })).toBe('Hello Ann');
});

it('leaves a placeholder without a param visible', () => {
  const { t } = createTranslator(catalogues, fakeLanguage('en'));
  expect(t('hello')).toBe('Hello {name}');
  expect(t('hello', { other: 'x' })).toBe('Hello {name}');
});

it('gives stable functions bound to one language', () => {
  const translator = createTranslator(catalogues, fakeLanguage('en'));
  expect(translator.in('ru')).toBe(translator.in('ru'));
  expect(translator.in('ru')('hello', { name: 'Аня' })).toBe('Здравствуйте, Аня');
});

it('falls back to the key for keys the compiler never saw', () => {
  const { t } = createTranslator(catalogues, fakeLanguage('en'));
  expect(t('nope' as 'added')).toBe('nope');
});

it('follows the shared language store by default', () => {
  const { t } = createTranslator(catalogues);
  expect(t('added')).toBe('Added to Cart Successfully!');
});

it('makes a missing translation a compile error', () => {
  const en = { a: 'A', b: 'B' };
  // @ts-expect-error: ru lacks "b"
  createTranslator({ en, ru: { a: 'А' } }, fakeLanguage('en'));
  // @ts-expect-error: "c" is not a key
  createTranslator({ en, ru: { a: 'А', b: 'Б' } }, fakeLanguage('en')).t('c');
});
