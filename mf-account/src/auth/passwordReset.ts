/**
 * "Forget pasword": the shop sends the reset mail itself, in the shopper's language, through the
 * checkout service's outbox (POST /api/checkout/password-reset), instead of Firebase's own mail,
 * which the embedded default's Auth emulator only records and no shopper can read. The answer is
 * 202 whatever the address, so nobody learns from it whether an account exists. No Firebase here:
 * the login page asks for a reset without loading the SDK.
 */
import { AccountError } from '../firebase/errors.ts';

export const PASSWORD_RESET_PATH = '/api/checkout/password-reset';

export interface PasswordResetDeps {
  fetch(input: string, init?: RequestInit): Promise<Response>;
  /** The shopper's language now: the mail and the page its link opens speak it. */
  language(): string;
}

/**
 * Asks for the reset mail: 'sent' once the service took the request, 'not-offered' when the
 * checkout service is from before it mailed resets (remotes and services deploy independently: the
 * caller then falls back to Firebase's own mail). Rejects with an AccountError whose kind the form
 * turns into its message.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string): Promise<'sent' | 'not-offered'> {
  let response: Response;
  try {
    response = await deps.fetch(PASSWORD_RESET_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: email.trim(), lang: deps.language() }),
    });
  } catch (cause) {
    throw new AccountError('network', undefined, { code: 'password-reset:fetch', cause });
  }
  if (response.ok) return 'sent';
  if (response.status === 404 || response.status === 405) return 'not-offered';
  const code = `password-reset:${response.status}`;
  if (response.status === 429) throw new AccountError('too-many-requests', undefined, { code });
  // The service refused the address itself (the form checks it first, so this is rare).
  if (response.status === 400 || response.status === 422) throw new AccountError('invalid-email', undefined, { code });
  throw new AccountError('unavailable', undefined, { code });
}
