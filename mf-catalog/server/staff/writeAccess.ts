// Who may change the catalogue: the holder of the catalogue-admin token (scripts, other systems),
// or a member of the shop's staff by their Firebase ID token (the back office), whose role is checked
// on the account as it is now before every write. Every write route and the import jobs ask here first.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import createError from 'http-errors';
import { type CurrentRoles, InvalidIdTokenError, type IdTokenVerifier, type StaffRole } from 'service-kit/firebase-auth';

export interface WriteAccessOptions {
  /** CATALOG_ADMIN_TOKEN; null when unset. */
  adminToken: string | null;
  /** Checks staff ID tokens; null turns staff writes off. */
  verifier: IdTokenVerifier | null;
  /**
   * The role a staff member's account holds now: a write is refused once the role is taken away,
   * though the ID token still carries it (for up to an hour). Reads (an import's progress, the
   * search figures) trust the token.
   */
  currentRoles: CurrentRoles;
}

/** Who a write is done for: recorded with an import, and in logs. */
export type Writer = { kind: 'admin-token' } | { kind: 'staff'; uid: string; email: string | null; role: StaffRole };

const BEARER = /^Bearer +(\S{1,8192})$/i;
/** Three base64url parts: what an ID token looks like, as opposed to the admin token. */
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

export function writerName(writer: Writer): string {
  return writer.kind === 'staff' ? (writer.email ?? writer.uid) : 'catalogue-admin token';
}

const notStaff = () => createError(403, "Changing the catalogue is for the shop's staff; ask an admin to grant you a role");

async function staffWriter(request: FastifyRequest, token: string, verifier: IdTokenVerifier, currentRoles: CurrentRoles): Promise<Writer> {
  // Staff sign in on the shop's own pages; a browser marks another site's request, and that is refused
  // here as the checkout's staff API refuses it (a script's request carries no such header).
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw createError(403, "Staff requests are accepted only from the shop's own pages");
  const changes = request.method !== 'GET' && request.method !== 'HEAD';
  let identity;
  let role;
  try {
    identity = await verifier.verify(token);
    if (!identity.role) throw notStaff();
    role = changes ? await currentRoles.roleOf(identity, token) : identity.role;
  } catch (error) {
    if (error instanceof InvalidIdTokenError) throw createError(401, 'The ID token is invalid or expired; sign in again');
    if (createError.isHttpError(error)) throw error;
    console.error(`catalog: staff sign-in could not be checked: ${error instanceof Error ? error.message : String(error)}`);
    throw createError(503, 'Signing in cannot be checked right now; please try again in a moment', { expose: true });
  }
  if (!role) throw notStaff();
  return { kind: 'staff', uid: identity.uid, email: identity.email, role };
}

/**
 * The writer the request's bearer token names, or a refusal: 401 without a token or with an ID token
 * that is not valid, 403 for a shopper's token or a wrong admin token (compared in constant time).
 */
export async function authorizeWrite(request: FastifyRequest, reply: FastifyReply, options: WriteAccessOptions): Promise<Writer> {
  const { adminToken, verifier } = options;
  if (!adminToken && !verifier) {
    throw createError(403, 'Changing the catalogue is turned off: the catalogue service has no CATALOG_ADMIN_TOKEN');
  }
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) {
    reply.header('www-authenticate', 'Bearer realm="catalogue"');
    throw createError(401, 'Changing the catalogue needs a staff sign-in or the catalogue-admin token: send Authorization: Bearer <token>');
  }
  const token = match[1]!;
  if (adminToken && timingSafeEqual(digest(token), digest(adminToken))) return { kind: 'admin-token' };
  if (verifier && JWT.test(token)) return staffWriter(request, token, verifier, options.currentRoles);
  if (!adminToken)
    throw createError(403, 'Changing the catalogue by token is turned off: the catalogue service has no CATALOG_ADMIN_TOKEN (staff sign in instead)');
  throw createError(403, 'This token may not change the catalogue');
}
