import type { Language } from '../bus/contract.ts';
import { language as sharedLanguage } from '../instances.ts';
import type { LanguageStore } from './language.ts';

export type Catalogue<K extends string> = Readonly<Record<K, string>>;

/** Every language must translate every key: a missing Russian string is a compile error. */
export type Catalogues<K extends string> = { readonly [L in Language]: Catalogue<K> };

export type TranslationParams = Readonly<Record<string, string | number>>;

export type Translate<K extends string> = (key: K, params?: TranslationParams) => string;

export interface Translator<K extends string> {
  /** Translates into the language current at the time of the call. */
  readonly t: Translate<K>;
  /** A translate function bound to one language, for code that already tracks the language. */
  in(language: Language): Translate<K>;
}

/**
 * Each remote ships its own strings; this only shares the mechanics. `{name}` placeholders are
 * replaced from `params`; an unmatched one stays visible rather than silently vanishing.
 */
export function createTranslator<K extends string>(
  catalogues: { readonly en: Catalogue<K> } & Catalogues<NoInfer<K>>,
  language: Pick<LanguageStore, 'current'> = sharedLanguage,
): Translator<K> {
  // One function per language, made once, so UI code can memoise on its identity.
  const bound: Record<Language, Translate<K>> = {
    en: translateWith(catalogues.en),
    ru: translateWith(catalogues.ru),
  };
  return {
    t: (key, params) => bound[language.current](key, params),
    in: (lang) => bound[lang],
  };
}

function translateWith<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  // `?? key`: plain JavaScript callers can pass keys the compiler never checked.
  return (key, params) => interpolate(catalogue[key] ?? key, params);
}

function interpolate(template: string, params: TranslationParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : placeholder));
}
