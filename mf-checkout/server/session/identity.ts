import type { StaffRole } from './roles.ts';

export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  /** The staff role in the token's custom claims; absent or null for a shopper. */
  role?: StaffRole | null;
  /** Expiry of the ID token, seconds since the epoch. */
  exp: number;
}

/** The token was checked and is not acceptable (forged, expired, wrong project, ...). */
export class InvalidIdTokenError extends Error {}

export interface IdTokenVerifier {
  /** Throws InvalidIdTokenError for a bad token; any other error means verification was impossible. */
  verify(idToken: string): Promise<VerifiedIdentity>;
}
