/**
 * Stable error kinds of the account service. The UI maps a kind to a (translated) message; the raw
 * Firebase code stays available for logs. Never show raw Firebase messages to shoppers.
 */
export const ACCOUNT_ERROR_KINDS = [
  'email-already-in-use',
  'weak-password',
  'invalid-email',
  'invalid-credential',
  'invalid-action-code',
  'too-many-requests',
  'network',
  'permission_denied',
  'unavailable',
  'too_big',
  'invalid-data',
  'unknown',
] as const;

export type AccountErrorKind = (typeof ACCOUNT_ERROR_KINDS)[number];

export class AccountError extends Error {
  readonly kind: AccountErrorKind;
  /** The Firebase error code (e.g. "auth/wrong-password", "PERMISSION_DENIED"), if any. */
  readonly code: string | undefined;
  constructor(kind: AccountErrorKind, message?: string, options?: { code?: string | undefined; cause?: unknown }) {
    super(message ?? DEFAULT_ERROR_MESSAGES[kind], options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AccountError';
    this.kind = kind;
    this.code = options?.code;
  }
}

/** English defaults; the UI may translate by kind. */
export const DEFAULT_ERROR_MESSAGES: Record<AccountErrorKind, string> = {
  'email-already-in-use': 'An account with this email already exists. Log in or use another email.',
  'weak-password': 'This password is too weak. Use at least 8 characters with a letter and a digit.',
  'invalid-email': 'Please enter the valid email',
  'invalid-credential': 'Wrong information.! Please Check Your Email and Password',
  'invalid-action-code': 'This link has expired or has already been used. Ask for a new one.',
  'too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  network: 'We could not reach the sign-in service. Check your connection and try again.',
  permission_denied: 'You do not have permission to access this account data. Please log in again.',
  unavailable: 'The account service is unavailable right now. Please try again in a moment.',
  too_big: 'The data you tried to save is too large.',
  'invalid-data': 'Some account details are not valid.',
  unknown: 'Something went wrong. Please try again.',
};

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
export function toAccountError(error: unknown): AccountError {
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
