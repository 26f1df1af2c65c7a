import type { T } from './useT.ts';
import type { MessageKey } from './messages.en.ts';

// A character no message contains: where the translation puts the placeholder, so a screen can put
// markup there (a link, emphasised words) and each language keeps its own word order.
const SLOT = '\u0000';

/** The translated message's text before and after its one `{name}` placeholder. */
export function aroundPlaceholder(t: T, key: MessageKey, name: string): readonly [before: string, after: string] {
  const text = t(key, { [name]: SLOT });
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}
