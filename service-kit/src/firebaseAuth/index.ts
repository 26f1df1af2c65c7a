// Firebase Authentication on the server, shared by the services and the account team's commands:
// the staff role claim, ID tokens (checked by the local Auth service or by Google's signature), the
// role an account holds now (for staff changes), service-account credentials and the Identity Toolkit
// REST client.
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
export { InvalidIdTokenError, type IdTokenVerifier, type VerifiedIdentity } from './idTokens.ts';
export { createIdTokenVerifier, type IdTokenSource } from './idTokenVerifier.ts';
export { createCurrentRoles, RoleUncheckableError, type CurrentRoles, type CurrentRoleSource } from './currentRoles.ts';
