import { BehaviorSubject } from 'rxjs';
import type { EventBus } from '../bus/bus.ts';
import { LANGUAGES, type Language } from '../bus/contract.ts';
import { laterChanges } from '../runtime/laterChanges.ts';
import { createSafeStorage, type KeyValueStore } from '../storage/safeStorage.ts';

export const LANGUAGE_STORAGE_KEY = 'lang';
/** The cookie telling the server which language to render a page in (the stored choice's copy). */
export const LANGUAGE_COOKIE = 'lang';
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The UI language. The bus is the source of truth: `set` publishes 'language:changed' and the store
 * follows that event, so a remote publishing it directly has exactly the same effect.
 */
export interface LanguageStore {
  readonly current: Language;
  set(language: Language): void;
  /** Calls `listener` on every later change; shaped for React's useSyncExternalStore. */
  subscribe(listener: (language: Language) => void): () => void;
}

export interface LanguageStoreDeps {
  readonly bus: EventBus;
  readonly storage?: KeyValueStore;
  readonly document?: Document | undefined;
}

export function createLanguageStore({ bus, storage = createSafeStorage(), document = globalThis.document }: LanguageStoreDeps): LanguageStore {
  const state = new BehaviorSubject<Language>(storedLanguage(storage.read(LANGUAGE_STORAGE_KEY)));

  // Screen readers and the browser's hyphenation and translation offers go by <html lang>; the
  // server renders the next page in the language the `lang` cookie names.
  function reflect(language: Language): void {
    if (!document) return;
    document.documentElement.lang = language;
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  }

  reflect(state.value);
  bus.on('language:changed').subscribe(({ language }) => {
    if (language === state.value) return;
    storage.write(LANGUAGE_STORAGE_KEY, language);
    reflect(language);
    state.next(language);
  });

  return {
    get current() {
      return state.value;
    },
    set(language) {
      if (language !== state.value) bus.publish({ type: 'language:changed', v: 1, language });
    },
    subscribe: laterChanges(state),
  };
}

function storedLanguage(raw: string | null): Language {
  return LANGUAGES.find((language) => language === raw) ?? DEFAULT_LANGUAGE;
}
