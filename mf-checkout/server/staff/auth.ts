import type { FastifyRequest } from 'fastify';
import createError from 'http-errors';
import { type CurrentRoles, hasRole, type IdTokenVerifier, InvalidIdTokenError, type StaffRole } from 'service-kit/firebase-auth';

export interface StaffMember {
  uid: string;
  email: string | null;
  role: StaffRole;
}

const BEARER = /^Bearer (\S{1,8192})$/;

const refusal = (needed: StaffRole) =>
  createError(403, needed === 'admin' ? 'This needs the admin role' : "This is for the shop's staff; ask an admin to grant you a role");

/**
 * Who is asking, checked on every staff request: the Firebase ID token in `Authorization: Bearer`,
 * verified as the session sync verifies it (Google's signatures in production, the local Auth
 * service's issued-token check in the embedded default), and the role in its custom claims. A
 * request that changes something (`changes`) must also find that role on the account as it is now,
 * asked of the Auth service: a token keeps the role it was issued with for up to an hour, a revoked
 * role must not. No cookie is accepted here: a browser never sends a bearer token on its own, so
 * another site's page cannot make a staff member's browser act for it.
 */
export async function authenticateStaff(
  request: FastifyRequest,
  access: { verifier: IdTokenVerifier; currentRoles: CurrentRoles },
  needed: StaffRole,
  changes: boolean,
): Promise<StaffMember> {
  // The back office is served from the shop's own origin; the gateway refuses other origins' writes, and this refuses their reads too.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw createError(403, "Staff requests are accepted only from the shop's own pages");
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw createError(401, 'Sign in as staff: send your Firebase ID token as Authorization: Bearer <token>');
  const token = match[1]!;
  let identity;
  let role;
  try {
    identity = await access.verifier.verify(token);
    if (!hasRole(identity.role, needed)) throw refusal(needed);
    role = changes ? await access.currentRoles.roleOf(identity, token) : identity.role;
  } catch (error) {
    if (error instanceof InvalidIdTokenError) throw createError(401, 'The ID token is invalid or expired; sign in again');
    if (createError.isHttpError(error)) throw error;
    request.log.error({ err: error }, 'staff sign-in could not be checked');
    throw createError(503, 'Signing in cannot be checked right now; please try again in a moment', { expose: true });
  }
  if (!role || !hasRole(role, needed)) throw refusal(needed);
  return { uid: identity.uid, email: identity.email, role };
}
