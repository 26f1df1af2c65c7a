/**
 * The staff roles as Firebase custom claims, `{ role: 'staff' | 'admin' }`: what this command writes
 * and what every staff endpoint reads from a verified ID token (mf-checkout/server/session/roles.ts
 * holds the reading side; the services deploy independently, so each keeps its own copy of the shape).
 */
export const ROLES = ['staff', 'admin'] as const;

export type StaffRole = (typeof ROLES)[number];

export const ROLE_CLAIM = 'role';

export function isRole(value: unknown): value is StaffRole {
  return (ROLES as readonly unknown[]).includes(value);
}
