/** Firebase's error codes and messages as AccountError kinds: only code loaded with Firebase needs them. */
import { AccountError, type AccountErrorKind } from './errors.ts';

const AUTH_CODES: Record<string, AccountErrorKind> = {
  'auth/email-already-in-use': 'email-already-in-use',
  'auth/weak-password': 'weak-password',
  'auth/missing-password': 'weak-password',
  'auth/password-does-not-meet-requirements': 'weak-password',
  'auth/invalid-email': 'invalid-email',
  'auth/missing-email': 'invalid-email',
  // Sign-in failures all look the same to the shopper (no account enumeration).
  'auth/invalid-credential': 'invalid-credential',
  'auth/invalid-login-credentials': 'invalid-credential',
  'auth/wrong-password': 'invalid-credential',
  'auth/user-not-found': 'invalid-credential',
  'auth/user-disabled': 'invalid-credential',
  // A password-reset link that is expired, used already, or for an account that is gone.
  'auth/expired-action-code': 'invalid-action-code',
  'auth/invalid-action-code': 'invalid-action-code',
  'auth/too-many-requests': 'too-many-requests',
  'auth/network-request-failed': 'network',
  'auth/timeout': 'network',
  'auth/internal-error': 'unknown',
};

function codeOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** Maps any error thrown by the Firebase Auth or Realtime Database SDK to an AccountError. */
export function fromFirebaseError(error: unknown): AccountError {
  if (error instanceof AccountError) return error;
  const code = codeOf(error);
  const message = messageOf(error);
  if (code?.startsWith('auth/')) {
    return new AccountError(AUTH_CODES[code] ?? 'unknown', undefined, { code, cause: error });
  }
  // Realtime Database: write errors carry code "PERMISSION_DENIED"; listen/get errors only a message
  // ("permission_denied at /users/x: ..." or "Permission denied").
  const text = `${code ?? ''} ${message}`.toLowerCase();
  if (/permission[_ ]denied/.test(text)) return new AccountError('permission_denied', undefined, { code: code ?? 'PERMISSION_DENIED', cause: error });
  if (/too[_ ]big/.test(text)) return new AccountError('too_big', undefined, { code: code ?? 'TOO_BIG', cause: error });
  if (/unavailable|client is offline|disconnect/.test(text)) return new AccountError('unavailable', undefined, { code: code ?? 'UNAVAILABLE', cause: error });
  if (/invalid_data|invalid data/.test(text)) return new AccountError('invalid-data', undefined, { code, cause: error });
  if (/network|failed to fetch|fetch failed|econnrefused/.test(text)) return new AccountError('network', undefined, { code, cause: error });
  return new AccountError('unknown', undefined, { code, cause: error });
}
