/**
 * Staff roles live in the Firebase user's custom claims as `{ role: 'staff' | 'admin' }`, set by
 * `npm run staff -- grant` (mf-account/server/staff/cli.ts). One claim rather than two booleans: a
 * user has exactly one role, and revoking is removing one key. An admin may do everything staff may.
 */
export type StaffRole = 'staff' | 'admin';

export const ROLE_CLAIM = 'role';

/** The role a verified token's claims grant, or null for a shopper (no claim or an unknown value). */
export function staffRoleOf(claims: Record<string, unknown>): StaffRole | null {
  const role = claims[ROLE_CLAIM];
  return role === 'staff' || role === 'admin' ? role : null;
}

/** Whether `role` may do what `needed` allows. */
export function hasRole(role: StaffRole | null | undefined, needed: StaffRole): boolean {
  if (!role) return false;
  return needed === 'staff' || role === 'admin';
}
