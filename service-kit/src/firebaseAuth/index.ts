// Firebase Authentication on the server, shared by the services and the account team's commands:
// the staff role claim, ID tokens' identities and their local check, service-account credentials and
// the Identity Toolkit REST client.
export {
  createIdentityToolkit,
  describeTarget,
  IdentityToolkitError,
  projectTarget,
  type AuthTarget,
  type AuthUser,
  type IdentityToolkit,
} from './identityToolkit.ts';
export { hasRole, isRole, ROLE_CLAIM, ROLES, staffRoleOf, type StaffRole } from './roles.ts';
export { readServiceAccount, type ServiceAccount } from './serviceAccount.ts';
export { createLocalAuthVerifier, InvalidIdTokenError, type IdTokenVerifier, type VerifiedIdentity } from './idTokens.ts';
