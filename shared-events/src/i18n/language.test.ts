/**
 * @jest-environment jsdom
 */
import { createEventBus, type EventBus } from '../bus/bus.ts';
import type { Language } from '../bus/contract.ts';
import { createSafeStorage } from '../storage/safeStorage.ts';
import { createLanguageStore, LANGUAGE_STORAGE_KEY } from './language.ts';

let bus: EventBus;
beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
  bus = createEventBus();
});

it('starts in English and says so on <html lang>', () => {
  const language = createLanguageStore({ bus });
  expect(language.current).toBe('en');
  expect(document.documentElement.lang).toBe('en');
});

it('remembers the choice in localStorage["lang"] and starts from it next time', () => {
  createLanguageStore({ bus }).set('ru');
  expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
  document.documentElement.lang = '';
  const next = createLanguageStore({ bus: createEventBus() });
  expect(next.current).toBe('ru');
  expect(document.documentElement.lang).toBe('ru');
});

it('ignores a stored language the shop does not have', () => {
  localStorage.setItem('lang', 'de');
  expect(createLanguageStore({ bus }).current).toBe('en');
});

it('publishes language:changed and follows it', () => {
  const language = createLanguageStore({ bus });
  const events: unknown[] = [];
  bus.events$.subscribe((event) => events.push(event));
  const seen: Language[] = [];
  language.subscribe((lang) => seen.push(lang));
  language.set('ru');
  expect(events).toEqual([{ type: 'language:changed', v: 1, language: 'ru' }]);
  expect(seen).toEqual(['ru']);
  expect(document.documentElement.lang).toBe('ru');
});

it('treats a language:changed published by a remote like set()', () => {
  const language = createLanguageStore({ bus });
  bus.publish({ type: 'language:changed', v: 1, language: 'ru' });
  expect(language.current).toBe('ru');
  expect(localStorage.getItem('lang')).toBe('ru');
});

it('does nothing when the language is already current', () => {
  const language = createLanguageStore({ bus });
  const events: unknown[] = [];
  bus.events$.subscribe((event) => events.push(event));
  language.set('en');
  expect(events).toEqual([]);
});

it('notifies subscribe() listeners of later changes only, until they unsubscribe', () => {
  const language = createLanguageStore({ bus });
  const listener = jest.fn();
  const stop = language.subscribe(listener);
  expect(listener).not.toHaveBeenCalled();
  language.set('ru');
  stop();
  language.set('en');
  expect(listener.mock.calls).toEqual([['ru']]);
});

it('works without a document or localStorage', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const storage = createSafeStorage({ backing: () => undefined, events: undefined });
  const language = createLanguageStore({ bus, storage, document: undefined });
  language.set('ru');
  expect(language.current).toBe('ru');
  expect(storage.read('lang')).toBe('ru');
  warn.mockRestore();
});

it('names the language in the lang cookie, for the server to render the next page in', () => {
  const language = createLanguageStore({ bus });
  expect(document.cookie).toContain('lang=en');
  language.set('ru');
  expect(document.cookie).toContain('lang=ru');
});
