import { ACCOUNT_ERROR_KINDS, AccountError, DEFAULT_ERROR_MESSAGES, toAccountError } from './errors.ts';
import { fromFirebaseError } from './firebaseErrors.ts';

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('fromFirebaseError', () => {
  it.each([
    ['auth/email-already-in-use', 'email-already-in-use'],
    ['auth/weak-password', 'weak-password'],
    ['auth/missing-password', 'weak-password'],
    ['auth/password-does-not-meet-requirements', 'weak-password'],
    ['auth/invalid-email', 'invalid-email'],
    ['auth/missing-email', 'invalid-email'],
    ['auth/invalid-credential', 'invalid-credential'],
    ['auth/invalid-login-credentials', 'invalid-credential'],
    ['auth/wrong-password', 'invalid-credential'],
    ['auth/user-not-found', 'invalid-credential'],
    ['auth/user-disabled', 'invalid-credential'],
    ['auth/too-many-requests', 'too-many-requests'],
    ['auth/network-request-failed', 'network'],
    ['auth/timeout', 'network'],
    ['auth/internal-error', 'unknown'],
    ['auth/something-new', 'unknown'],
  ])('maps Firebase Auth %s to %s', (code, kind) => {
    const mapped = fromFirebaseError(withCode(code));
    expect(mapped.kind).toBe(kind);
    expect(mapped.code).toBe(code);
    expect(mapped.message).toBe(DEFAULT_ERROR_MESSAGES[mapped.kind]);
  });

  it.each([
    [withCode('PERMISSION_DENIED', 'PERMISSION_DENIED: Permission denied'), 'permission_denied'],
    [new Error("permission_denied at /users/x: Client doesn't have permission to access the desired data."), 'permission_denied'],
    [new Error('Permission denied'), 'permission_denied'],
    [withCode('TOO_BIG', 'TOO_BIG: Data to write exceeds the maximum size'), 'too_big'],
    [new Error('too_big at /users: The data requested exceeds the maximum size'), 'too_big'],
    [withCode('UNAVAILABLE', 'UNAVAILABLE: The service is unavailable'), 'unavailable'],
    [new Error('Client is offline.'), 'unavailable'],
    [withCode('INVALID_DATA', 'INVALID_DATA: bad key'), 'invalid-data'],
    [new TypeError('fetch failed'), 'network'],
    [new Error('something odd'), 'unknown'],
    ['a string', 'unknown'],
    [undefined, 'unknown'],
  ])('maps a database/other error %#', (error, kind) => {
    expect(fromFirebaseError(error).kind).toBe(kind);
  });

  it('keeps the original error as cause and passes AccountErrors through', () => {
    const original = withCode('auth/wrong-password');
    const mapped = fromFirebaseError(original);
    expect(mapped.cause).toBe(original);
    expect(fromFirebaseError(mapped)).toBe(mapped);
  });
});

describe('toAccountError', () => {
  it('passes AccountErrors through and takes anything else for a fault of ours', () => {
    const mapped = new AccountError('invalid-credential');
    expect(toAccountError(mapped)).toBe(mapped);
    const fault = new TypeError('x is undefined');
    expect(toAccountError(fault)).toMatchObject({ kind: 'unknown', cause: fault });
  });
});

describe('AccountError', () => {
  it('has a message for every kind', () => {
    for (const kind of ACCOUNT_ERROR_KINDS) expect(new AccountError(kind).message).toBe(DEFAULT_ERROR_MESSAGES[kind]);
  });

  it('uses the spec text for a wrong sign-in', () => {
    expect(DEFAULT_ERROR_MESSAGES['invalid-credential']).toBe('Wrong information.! Please Check Your Email and Password');
  });
});
