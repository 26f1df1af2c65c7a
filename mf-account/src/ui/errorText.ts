import type { Translate } from 'shared-events';
import type { AccountErrorKind } from '../firebase/errors.ts';
import type { MessageKey } from '../i18n/useT.ts';

/**
 * The message for an AccountError kind in the current language. Apart from the form messages'
 * translations (src/i18n/formMessages.ts), which know every form's English messages: a screen that
 * only reports a failed call (My Account, /user) needs none of the forms' code.
 */
export function errorKindText(t: Translate<MessageKey>, kind: AccountErrorKind): string {
  return t(`error.kind.${kind}`);
}
