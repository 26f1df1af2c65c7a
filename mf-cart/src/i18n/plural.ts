import type { Language } from 'shared-events';
import type { MessageKey } from './messages.en.ts';

/** The phrases that have one message per plural category: "mini.trigger" for "mini.trigger.one" etc. */
export type PluralBase = { [K in MessageKey]: K extends `${infer Base}.one` ? Base : never }[MessageKey];

type Category = 'one' | 'few' | 'many' | 'other';
const categories: readonly string[] = ['one', 'few', 'many', 'other'] satisfies Category[];
const rules = new Map<Language, Intl.PluralRules>();

/** English needs "one"/"other"; Russian "one" (1, 21), "few" (2-4, 22-24) and "many" (5-20, 25). */
export function pluralKey(lang: Language, base: PluralBase, count: number): MessageKey {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang);
    rules.set(lang, rule);
  }
  const category = rule.select(count);
  return `${base}.${categories.includes(category) ? category : 'other'}` as MessageKey;
}
