import type { Language } from '../bus/contract.ts';
import { createTranslator, translationsReady } from './translator.ts';

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

describe('catalogues given as loaders, on the server', () => {
  function loaders() {
    const en = jest.fn(async () => ({ default: catalogues.en }));
    const ru = jest.fn(async () => ({ default: catalogues.ru }));
    return { en, ru };
  }

  it('loads every language at once: each request renders in its own', async () => {
    const load = loaders();
    const translator = createTranslator(load, fakeLanguage('en'));
    await translator.ready();
    expect(load.en).toHaveBeenCalledTimes(1);
    expect(load.ru).toHaveBeenCalledTimes(1);
    expect(translator.in('en')('added')).toBe('Added to Cart Successfully!');
    expect(translator.in('ru')('added')).toBe('Добавлено в корзину!');
  });

  it('is waited for by translationsReady, with every other translator', async () => {
    const slow = {
      en: () => new Promise<{ default: typeof catalogues.en }>((resolve) => setTimeout(() => resolve({ default: catalogues.en }), 20)),
      ru: loaders().ru,
    };
    const translator = createTranslator(slow, fakeLanguage('en'));
    expect(translator.in('en')('added')).not.toBe('Added to Cart Successfully!');
    await translationsReady();
    expect(translator.in('en')('added')).toBe('Added to Cart Successfully!');
  });

  it('tries a catalogue that failed to load again when it is next asked for', async () => {
    let online = false;
    const ru = jest.fn(async () => {
      if (!online) throw new Error('chunk failed');
      return { default: catalogues.ru };
    });
    const translator = createTranslator({ en: loaders().en, ru }, fakeLanguage('en'));
    await expect(translator.ready(['ru'])).rejects.toThrow('chunk failed');
    online = true;
    await translator.ready(['ru']);
    expect(translator.in('ru')('added')).toBe('Добавлено в корзину!');
  });

  it('keeps the eager form: both languages at hand before anything is awaited', () => {
    const translator = createTranslator(catalogues, fakeLanguage('ru'));
    expect(translator.in('ru')('added')).toBe('Добавлено в корзину!');
    return expect(translator.ready()).resolves.toBeUndefined();
  });

  it('makes a missing translation in a loaded catalogue a compile error', () => {
    const en = async () => ({ default: { a: 'A', b: 'B' } });
    // @ts-expect-error: ru lacks "b"
    createTranslator({ en, ru: async () => ({ default: { a: 'А' } }) }, fakeLanguage('en'));
  });
});
