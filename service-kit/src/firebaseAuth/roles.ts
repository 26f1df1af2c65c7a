// The staff roles as Firebase custom claims, `{ role: 'staff' | 'admin' }`: written by the account
// team's staff command (`npm run staff -- grant`), read from a verified ID token by every staff
// endpoint (the checkout's staff API, the catalogue's writes). One claim rather than two booleans: a
// user has exactly one role, and revoking is removing one key. An admin may do everything staff may.
export const ROLES = ['staff', 'admin'] as const;

export type StaffRole = (typeof ROLES)[number];

export const ROLE_CLAIM = 'role';

export function isRole(value: unknown): value is StaffRole {
  return (ROLES as readonly unknown[]).includes(value);
}

/** The role a verified token's claims grant, or null for a shopper (no claim or an unknown value). */
export function staffRoleOf(claims: Record<string, unknown>): StaffRole | null {
  const role = claims[ROLE_CLAIM];
  return isRole(role) ? role : null;
}

/** Whether `role` may do what `needed` allows. */
export function hasRole(role: StaffRole | null | undefined, needed: StaffRole): boolean {
  if (!role) return false;
  return needed === 'staff' || role === 'admin';
}
