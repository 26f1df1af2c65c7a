/** @jest-environment jsdom */
import type { Language } from '../bus/contract.ts';
import { resetPageScope } from '../rendering/renderScope.ts';
import { createTranslator } from './translator.ts';

const catalogues = {
  en: { added: 'Added to Cart Successfully!' },
  ru: { added: 'Добавлено в корзину!' },
};

function loaders() {
  return { en: jest.fn(async () => ({ default: catalogues.en })), ru: jest.fn(async () => ({ default: catalogues.ru })) };
}

afterEach(() => {
  document.head.innerHTML = '';
  resetPageScope();
});

it("loads only the shopper's language for the first render", async () => {
  const load = loaders();
  const translator = createTranslator(load, { current: 'ru' });
  await translator.ready();
  expect(load.ru).toHaveBeenCalledTimes(1);
  expect(load.en).not.toHaveBeenCalled();
  expect(translator.t('added')).toBe('Добавлено в корзину!');
});

it('also loads the language the server rendered the page in, which hydration renders first', async () => {
  document.head.innerHTML = '<script type="application/json" id="route-data">{"language":"ru","answers":{}}</script>';
  resetPageScope();
  const load = loaders();
  const translator = createTranslator(load, { current: 'en' });
  await translator.ready();
  expect(load.ru).toHaveBeenCalledTimes(1);
  expect(load.en).toHaveBeenCalledTimes(1);
});

it('on a switch, keeps the words already shown until the new language arrives, then tells subscribers', async () => {
  const load = loaders();
  const language: { current: Language } = { current: 'en' };
  const translator = createTranslator(load, language);
  await translator.ready();
  const arrived = jest.fn();
  translator.subscribe(arrived);
  language.current = 'ru';
  expect(translator.t('added')).toBe('Added to Cart Successfully!');
  expect(translator.in('ru')).toBe(translator.in('en'));
  await translator.ready(['ru']);
  expect(arrived).toHaveBeenCalledTimes(1);
  expect(translator.t('added')).toBe('Добавлено в корзину!');
  expect(load.ru).toHaveBeenCalledTimes(1);
});
