import { useMemo } from 'react';
import { createTranslator, type Translate, type Translator } from 'shared-events';
import { useTranslate } from 'shared-events/react';
import type { MessageKey } from './messages.en.ts';
import { SHARED_PREFIXES, type SharedPrefix } from './sharedPrefixes.ts';

const isShared = (key: string) => SHARED_PREFIXES.includes(key.slice(0, key.indexOf('.')) as SharedPrefix);

// A page loads these strings in its own language only; the other arrives on a switch.
const translator = createTranslator<MessageKey>({
  en: () => import(/* webpackChunkName: "messages-en" */ './messages.en.ts'),
  ru: () => import(/* webpackChunkName: "messages-ru" */ './messages.ru.ts'),
});

/** The strings every screen shares, in the current language; the function is stable per language. */
export function useT(): Translate<MessageKey> {
  return useTranslate(translator);
}

/**
 * The shared strings and those of one screen (`loginStrings`, ...), each from its own catalogue, so a
 * page loads only the strings of the screens it shows.
 */
export function useScreenT<K extends string>(screen: Translator<K>): Translate<MessageKey | K> {
  const shared = useTranslate(translator);
  const own = useTranslate(screen);
  return useMemo(() => (key, params) => (isShared(key) ? shared(key as MessageKey, params) : own(key as K, params)), [shared, own]);
}

export type { MessageKey };
