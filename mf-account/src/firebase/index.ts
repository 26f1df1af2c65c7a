export {
  createAccountService,
  recordFromSignUp,
  type AccountService,
  type AccountServiceOptions,
  type AccountUser,
  type SignUpInput,
} from './accountService.ts';
export { FirebaseConfigError, FirebaseRuntimeConfigSchema, parseFirebaseConfig, type FirebaseRuntimeConfig } from './config.ts';
export { ACCOUNT_ERROR_KINDS, AccountError, DEFAULT_ERROR_MESSAGES, toAccountError, type AccountErrorKind } from './errors.ts';
export { fromFirebaseError } from './firebaseErrors.ts';
export {
  USER_RECORD_FIELDS,
  USER_RECORD_LIMITS,
  UserRecordPatchSchema,
  UserRecordSchema,
  userRecordPath,
  type UserRecord,
  type UserRecordPatch,
} from './userRecord.ts';
