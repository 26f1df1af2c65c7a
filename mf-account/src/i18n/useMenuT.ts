import { useSyncExternalStore } from 'react';
import { createTranslator, language, type Translate } from 'shared-events';
import { en, ru, type MenuMessageKey } from './menuMessages.ts';

const translator = createTranslator<MenuMessageKey>({ en, ru });

/** The header widget's strings in the current language. */
export function useMenuT(): Translate<MenuMessageKey> {
  return translator.in(
    useSyncExternalStore(
      language.subscribe,
      () => language.current,
      () => language.current,
    ),
  );
}
