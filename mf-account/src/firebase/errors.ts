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

/**
 * An account operation's failure as an AccountError. The account service hands out only AccountErrors
 * (it maps Firebase's own with fromFirebaseError, firebaseErrors.ts, loaded with Firebase), so
 * anything else is a fault of ours: 'unknown', kept as the cause.
 */
export function toAccountError(error: unknown): AccountError {
  return error instanceof AccountError ? error : new AccountError('unknown', undefined, { cause: error });
}
