import { LANGUAGES, type Language } from '../bus/contract.ts';
import { language as sharedLanguage } from '../instances.ts';
import { renderedLanguage } from '../rendering/renderScope.ts';
import { singleton } from '../runtime/singleton.ts';
import type { LanguageStore } from './language.ts';

export type Catalogue<K extends string> = Readonly<Record<K, string>>;

/** Every language must translate every key: a missing Russian string is a compile error. */
export type Catalogues<K extends string> = { readonly [L in Language]: Catalogue<K> };

/**
 * A language's catalogue as a module of its own, `() => import('./messages.ru.ts')` (its default
 * export is the catalogue): a page loads only the languages it shows.
 */
export type CatalogueLoader<K extends string> = () => Promise<{ readonly default: Catalogue<K> }>;

export type CatalogueLoaders<K extends string> = { readonly [L in Language]: CatalogueLoader<K> };

/** A function would pass for a catalogue without keys: loaders whose types fail must not be taken for one. */
type NotALoader = { readonly call?: never };

export type TranslationParams = Readonly<Record<string, string | number>>;

export type Translate<K extends string> = (key: K, params?: TranslationParams) => string;

export interface Translator<K extends string> {
  /** Translates into the language current at the time of the call. */
  readonly t: Translate<K>;
  /**
   * A translate function bound to one language, for code that already tracks the language. Until a
   * loaded catalogue has arrived it is the function of a language that has (and the load starts).
   */
  in(language: Language): Translate<K>;
  /** Resolves once these languages' catalogues are here (by default those the page needs now). */
  ready(languages?: readonly Language[]): Promise<void>;
  /** Calls `listener` whenever a catalogue arrives; shaped for React's useSyncExternalStore. */
  readonly subscribe: (listener: () => void) => () => void;
}

/** Every translator made on the page, whichever copy of this module made it. */
const translators = singleton('translators', () => new Set<Pick<Translator<string>, 'ready'>>());

/**
 * Resolves once every translator made so far has the catalogues of `languages` (by default those the
 * page needs now). The shell awaits it before it renders or hydrates a part, so no part ever shows
 * keys, and hydration renders the words the server rendered.
 */
export async function translationsReady(languages?: readonly Language[]): Promise<void> {
  await Promise.all([...translators].map((translator) => translator.ready(languages)));
}

/**
 * The languages a page needs before it renders: on the server every one (each request renders in its
 * own); in the browser the shopper's, and the one the server rendered the page in, which hydration
 * renders first (the two differ only when the stored choice and the `lang` cookie do).
 */
function languagesNeeded(language: Pick<LanguageStore, 'current'>): readonly Language[] {
  if (typeof document === 'undefined') return LANGUAGES;
  const rendered = renderedLanguage();
  return rendered && rendered !== language.current ? [rendered, language.current] : [language.current];
}

/**
 * Each remote ships its own strings; this only shares the mechanics. `{name}` placeholders are
 * replaced from `params`; an unmatched one stays visible rather than silently vanishing.
 * Catalogues are given at once (`{ en, ru }`) or as loaders (`{ en: () => import('./messages.en.ts'),
 * ru: ... }`): then the languages the page needs start loading at once, and another one when it is
 * first asked for (a switch), shown when it arrives (`subscribe`).
 */
export function createTranslator<K extends string>(
  catalogues: { readonly en: CatalogueLoader<K> } & CatalogueLoaders<NoInfer<K>>,
  language?: Pick<LanguageStore, 'current'>,
): Translator<K>;
export function createTranslator<K extends string>(
  catalogues: { readonly en: Catalogue<K> & NotALoader } & Catalogues<NoInfer<K>>,
  language?: Pick<LanguageStore, 'current'>,
): Translator<K>;
export function createTranslator<K extends string>(
  catalogues: Catalogues<K> | CatalogueLoaders<K>,
  language: Pick<LanguageStore, 'current'> = sharedLanguage,
): Translator<K> {
  // One function per language, made once when its catalogue is here, so UI code can memoise on its identity.
  const loaded = new Map<Language, Translate<K>>();
  const loading = new Map<Language, Promise<void>>();
  const listeners = new Set<() => void>();
  const untranslated = translateWith<K>({} as Catalogue<K>);

  function load(lang: Language): Promise<void> {
    if (loaded.has(lang)) return Promise.resolve();
    let pending = loading.get(lang);
    if (!pending) {
      const source = catalogues[lang];
      pending = (typeof source === 'function' ? source() : Promise.resolve({ default: source })).then(
        (module) => {
          loaded.set(lang, translateWith(module.default));
          loading.delete(lang);
          for (const listener of listeners) listener();
        },
        (error: unknown) => {
          // Not remembered: the next ask tries again (a chunk that failed on a flaky network).
          loading.delete(lang);
          throw error;
        },
      );
      loading.set(lang, pending);
    }
    return pending;
  }

  // Catalogues given at once are there from the start, for callers that never wait.
  for (const lang of LANGUAGES) {
    const source = catalogues[lang];
    if (typeof source !== 'function') loaded.set(lang, translateWith(source));
  }

  const translator: Translator<K> = {
    t: (key, params) => translator.in(language.current)(key, params),
    in(lang) {
      const bound = loaded.get(lang);
      if (bound) return bound;
      // A failure shows in ready(); here the words already shown stay until the next ask.
      load(lang).catch(() => undefined);
      return loaded.values().next().value ?? untranslated;
    },
    async ready(languages = languagesNeeded(language)) {
      await Promise.all(languages.map(load));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  // The requests go out with the module that made the translator, before anything renders.
  for (const lang of languagesNeeded(language)) load(lang).catch(() => undefined);
  translators.add(translator);
  return translator;
}

function translateWith<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  // `?? key`: plain JavaScript callers can pass keys the compiler never checked.
  return (key, params) => interpolate(catalogue[key] ?? key, params);
}

function interpolate(template: string, params: TranslationParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : placeholder));
}
