// Who may change the catalogue besides the holder of the catalogue-admin token: the shop's staff,
// by their Firebase ID token with a `role` custom claim of 'staff' or 'admin' (decision 0029).
// A small copy of the checkout's verifiers (mf-checkout/server/session/{roles,identity,
// localAuthVerifier,firebaseTokenVerifier}.ts): services do not import each other; issue #35 is to
// make them one package.

export type StaffRole = 'staff' | 'admin';

export interface StaffIdentity {
  uid: string;
  email: string | null;
  /** null for a shopper: a valid token without the claim. */
  role: StaffRole | null;
}

/** The token was checked and is not acceptable (forged, expired, wrong project, ...). */
export class InvalidIdTokenError extends Error {}

export interface IdTokenVerifier {
  /** Throws InvalidIdTokenError for a bad token; any other error means verification was impossible. */
  verify(idToken: string): Promise<StaffIdentity>;
}

/** The role a verified token's claims grant, or null (no claim, or a value nobody grants). */
export function staffRoleOf(claims: Record<string, unknown>): StaffRole | null {
  const role = claims.role;
  return role === 'staff' || role === 'admin' ? role : null;
}
