import { accessOf, loginPath } from './access.ts';

describe('who may see the back office', () => {
  it('shows the screens to staff and admins by the role claim of their ID token', () => {
    expect(accessOf({ email: 'sam@shop.test', claims: { role: 'staff' } })).toEqual({ kind: 'staff', role: 'staff', email: 'sam@shop.test' });
    expect(accessOf({ email: 'ada@shop.test', claims: { role: 'admin', iss: 'x' } })).toMatchObject({ kind: 'staff', role: 'admin' });
  });

  it('treats anyone else signed in as a shopper, and nobody as signed out', () => {
    expect(accessOf({ email: 'ann@example.com', claims: {} })).toEqual({ kind: 'shopper', email: 'ann@example.com' });
    expect(accessOf({ email: 'ann@example.com', claims: { role: 'owner' } })).toMatchObject({ kind: 'shopper' });
    expect(accessOf(null)).toEqual({ kind: 'signed-out' });
  });

  it('sends a signed-out visitor to the login page and back here afterwards', () => {
    expect(loginPath('/admin/orders?status=paid')).toBe('/login?next=%2Fadmin%2Forders%3Fstatus%3Dpaid');
  });
});
