/**
 * The account service's calls on the shopper's own record, users/{uid}: creating the account with its
 * record at sign-up, reading it, and updating some of its fields.
 */
import { createUserWithEmailAndPassword, deleteUser, updateProfile, type Auth } from 'firebase/auth';
import { get, ref, set, update, type Database } from 'firebase/database';
import type { AccountService, SignUpInput } from './accountTypes.ts';
import { toAccountUser } from './authOperations.ts';
import { AccountError } from './errors.ts';
import { guard, invalidData, withTimeout } from './serviceCalls.ts';
import { UserRecordPatchSchema, UserRecordSchema, userRecordPath, type UserRecord } from './userRecord.ts';

export type RecordOperations = Pick<AccountService, 'signUp' | 'readOwnRecord' | 'updateOwnRecord'>;

/** The record written at sign-up: username is the first name; the rest is stored for checkout prefill. */
export function recordFromSignUp(form: SignUpInput): UserRecord {
  return {
    username: form.firstName.trim(),
    email: form.email.trim(),
    lastName: form.lastName.trim(),
    telephone: form.telephone.trim(),
    address1: form.address1.trim(),
    address2: form.address2.trim(),
    city: form.city.trim(),
    postCode: form.postCode.trim(),
    country: form.country.trim(),
    region: form.region.trim(),
    newsletter: form.newsletter,
  };
}

/** The service's own-record operations, with database calls given up after `timeoutMs`. */
export function createRecordOperations(auth: Auth, db: Database, timeoutMs: number): RecordOperations {
  function recordRef(uid: string) {
    try {
      return ref(db, userRecordPath(uid));
    } catch {
      throw new AccountError('invalid-data', 'Invalid user id.');
    }
  }

  return {
    signUp: (form) =>
      guard(async () => {
        const parsed = UserRecordSchema.safeParse(recordFromSignUp(form));
        if (!parsed.success) throw invalidData(parsed.error);
        const record = parsed.data;
        const credential = await createUserWithEmailAndPassword(auth, record.email, form.password);
        try {
          await withTimeout(set(recordRef(credential.user.uid), record), timeoutMs, 'write user record');
        } catch (e) {
          // Do not leave an account without its record: undo, so the shopper can simply try again.
          await deleteUser(credential.user).catch(() => undefined);
          throw e;
        }
        // The display name lets the header greet the shopper without reading the database; the record
        // stays the source of truth, so a failure here is not a failed sign-up.
        await updateProfile(credential.user, { displayName: record.username }).catch(() => undefined);
        return { user: toAccountUser(credential.user), record };
      }),

    readOwnRecord: (uid) =>
      guard(async () => {
        const snapshot = await withTimeout(get(recordRef(uid)), timeoutMs, 'read user record');
        const value: unknown = snapshot.val();
        if (!value || typeof value !== 'object') return null;
        // The wish list lives under the record but is not part of it (followWishlist reads it).
        const { wishlist: _wishlist, ...record } = value as UserRecord & { wishlist?: unknown };
        return record;
      }),

    updateOwnRecord: (uid, patch) =>
      guard(async () => {
        const parsed = UserRecordPatchSchema.safeParse(patch);
        if (!parsed.success) throw invalidData(parsed.error);
        if (Object.keys(parsed.data).length === 0) return;
        await withTimeout(update(recordRef(uid), parsed.data), timeoutMs, 'update user record');
        const current = auth.currentUser;
        if (parsed.data.username !== undefined && current?.uid === uid && current.displayName !== parsed.data.username) {
          await updateProfile(current, { displayName: parsed.data.username }).catch(() => undefined);
        }
      }),
  };
}
