/**
 * What the reset mail's link tells /reset-password. The shop's own mail and a real Firebase
 * project's action URL (set to https://<shop>/reset-password) both send `mode=resetPassword`, the
 * code as `oobCode` and the language as `lang` ("ru", "en", or a region form such as "ru-RU").
 */
import type { Language } from 'shared-events';

export type ResetLink =
  | { readonly kind: 'code'; readonly code: string; readonly lang: Language | null }
  | { readonly kind: 'missing' }
  /** Another account action (e-mail verification, recovery) sent to the project's one action URL. */
  | { readonly kind: 'other-action' };

const LANGUAGES: readonly Language[] = ['en', 'ru'];

/** The link's code and language; 'missing' without a code, 'other-action' for a link this page does not handle. */
export function readResetLink(search: string): ResetLink {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  const code = query.get('oobCode')?.trim() ?? '';
  // Firebase sends every account action to the one action URL; this page only resets passwords.
  if (mode !== null && mode !== 'resetPassword') return { kind: 'other-action' };
  if (!code) return { kind: 'missing' };
  const wanted = (query.get('lang') ?? '').split(/[-_]/)[0]?.toLowerCase();
  return { kind: 'code', code, lang: LANGUAGES.find((lang) => lang === wanted) ?? null };
}
