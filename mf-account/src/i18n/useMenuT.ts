import { createTranslator, type Translate } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import type { MenuMessageKey } from './menuMessages.en.ts';

// The header widget's strings, in the page's language only; the other arrives on a switch.
const translator = createTranslator<MenuMessageKey>({
  en: () => import(/* webpackChunkName: "menu-messages-en" */ './menuMessages.en.ts'),
  ru: () => import(/* webpackChunkName: "menu-messages-ru" */ './menuMessages.ru.ts'),
});

/** The header widget's strings in the current language. */
export function useMenuT(): Translate<MenuMessageKey> {
  return useTranslate(translator);
}
