/** The account service's Firebase Auth calls: signing in and out, password resets, the current user. */
import {
  confirmPasswordReset,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  verifyPasswordResetCode,
  type Auth,
  type User,
} from 'firebase/auth';
import type { AccountService, AccountUser } from './accountTypes.ts';
import { guard } from './serviceCalls.ts';

export type AuthOperations = Pick<
  AccountService,
  'signIn' | 'sendReset' | 'verifyResetCode' | 'confirmReset' | 'signOut' | 'onUser' | 'currentUser' | 'getIdToken'
>;

/** The shop's view of a Firebase user. */
export function toAccountUser(user: User): AccountUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName };
}

/** The service's Auth operations on `auth`. */
export function createAuthOperations(auth: Auth): AuthOperations {
  return {
    signIn: (email, password) => guard(async () => toAccountUser((await signInWithEmailAndPassword(auth, email.trim(), password)).user)),

    sendReset: (email) =>
      guard(async () => {
        try {
          await sendPasswordResetEmail(auth, email.trim());
        } catch (e) {
          const code = (e as { code?: unknown } | null)?.code;
          if (code === 'auth/user-not-found') return; // same answer as for a known address
          throw e;
        }
      }),

    verifyResetCode: (code) => guard(() => verifyPasswordResetCode(auth, code)),

    confirmReset: (code, newPassword) => guard(() => confirmPasswordReset(auth, code, newPassword)),

    signOut: () => guard(() => firebaseSignOut(auth)),

    onUser: (callback) => onAuthStateChanged(auth, (user) => callback(user ? toAccountUser(user) : null)),

    currentUser: () => (auth.currentUser ? toAccountUser(auth.currentUser) : null),

    getIdToken: (forceRefresh = false) => guard(async () => (auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null)),
  };
}
