/**
 * What the reset mail's link tells /reset-password. The shop's own mail and a real Firebase
 * project's action URL (set to https://<shop>/reset-password) both send `mode=resetPassword`, the
 * code as `oobCode` and the language as `lang` ("ru", "en", or a region form such as "ru-RU").
 */
import type { Language } from 'shared-events';

export type ResetLink = { readonly kind: 'code'; readonly code: string; readonly lang: Language | null } | { readonly kind: 'missing' };

const LANGUAGES: readonly Language[] = ['en', 'ru'];

/** The link's code and language, or 'missing' when there is no code or the link is for another action. */
export function readResetLink(search: string): ResetLink {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  const code = query.get('oobCode')?.trim() ?? '';
  // Firebase sends every account action to the one action URL; this page only resets passwords.
  if (!code || (mode !== null && mode !== 'resetPassword')) return { kind: 'missing' };
  const wanted = (query.get('lang') ?? '').split(/[-_]/)[0]?.toLowerCase();
  return { kind: 'code', code, lang: LANGUAGES.find((lang) => lang === wanted) ?? null };
}
