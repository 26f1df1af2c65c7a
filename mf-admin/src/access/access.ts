import type { StaffRole } from '../order/actionRules.ts';

/** What the back office shows: the screens for staff, a helpful message for anyone else. */
export type Access = { kind: 'signed-out' } | { kind: 'shopper'; email: string | null } | { kind: 'staff'; role: StaffRole; email: string | null };

/** The role in an ID token's custom claims ({ role: 'staff' | 'admin' }, granted by `npm run staff`). */
export function accessOf(user: { email: string | null; claims: Readonly<Record<string, unknown>> } | null): Access {
  if (!user) return { kind: 'signed-out' };
  const role = user.claims.role;
  return role === 'staff' || role === 'admin' ? { kind: 'staff', role, email: user.email } : { kind: 'shopper', email: user.email };
}

/** The login page's address that comes back here after signing in (mf-account's ?next=). */
export function loginPath(here: string): string {
  return `/login?next=${encodeURIComponent(here)}`;
}
