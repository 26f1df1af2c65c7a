import { act, renderHook, waitFor } from '@testing-library/react';
import { bus, type AuthUser } from 'shared-events';
import { useStaffAccess } from './useStaffAccess.ts';

// The account remote's token source, as account/idToken hands it out: the role of whoever is signed in.
const roles = new Map<string, string>();
let signedIn: AuthUser | null = null;
const idToken = jest.fn(async () => {
  if (!signedIn) return null;
  const role = roles.get(signedIn.uid);
  return `h.${btoa(JSON.stringify(role ? { role } : {}))}.s`;
});
jest.mock('./accountTokens.ts', () => ({ loadIdTokenSource: async () => ({ idToken }) }));

/** mf-account's word, on the page's bus, as its session publishes it after any sign-in or sign-out. */
function authChanged(user: AuthUser | null) {
  signedIn = user;
  act(() => bus.publish({ type: 'auth:changed', v: 1, user }));
}

const sam: AuthUser = { uid: 'sam', email: 'sam@shop.test', displayName: 'Sam' };
const ann: AuthUser = { uid: 'ann', email: 'ann@example.com', displayName: 'Ann' };
roles.set('sam', 'staff');

const access = (result: { current: ReturnType<typeof useStaffAccess> }) => {
  const { state } = result.current;
  return state.phase === 'ready' ? state.access : state.phase;
};

it('waits for the account remote to say who is signed in', () => {
  const { result } = renderHook(() => useStaffAccess());
  expect(access(result)).toBe('checking');
  expect(idToken).not.toHaveBeenCalled();
});

it('follows every sign-in and sign-out on the page at once, without being mounted again', async () => {
  authChanged(null);
  const { result } = renderHook(() => useStaffAccess());
  await waitFor(() => expect(access(result)).toEqual({ kind: 'signed-out' }));
  expect(idToken).not.toHaveBeenCalled();

  authChanged(sam);
  await waitFor(() => expect(access(result)).toEqual({ kind: 'staff', role: 'staff', email: 'sam@shop.test' }));
  expect(idToken).toHaveBeenLastCalledWith({ fresh: true });

  authChanged(null);
  await waitFor(() => expect(access(result)).toEqual({ kind: 'signed-out' }));

  authChanged(ann);
  await waitFor(() => expect(access(result)).toEqual({ kind: 'shopper', email: 'ann@example.com' }));
});

it("hands the staff API the account's token for whoever is signed in now", async () => {
  authChanged(sam);
  const { result } = renderHook(() => useStaffAccess());
  await waitFor(() => expect(access(result)).toMatchObject({ kind: 'staff' }));
  const fetch = jest.fn(async (_input: string, _init: RequestInit) => new Response('{"orders":[],"nextCursor":null}', { status: 200 }));
  global.fetch = fetch as unknown as typeof global.fetch;
  const { state } = result.current;
  if (state.phase !== 'ready') throw new Error('not ready');
  await state.api.listOrders(new URLSearchParams()).catch(() => undefined);
  expect(fetch.mock.calls[0]?.[1].headers).toMatchObject({ authorization: expect.stringMatching(/^Bearer h\./) });
});
