import { useEffect } from 'react';
import type { AccountSessionState } from './accountSession.ts';
import { accountSession } from './instance.ts';
import { useAccountSession } from './useAccountSession.ts';

function warmUp() {
  if (accountSession.getState().status === 'idle') void accountSession.connect().catch(() => undefined);
}

/**
 * Spread on a screen's root: the first focus or press anywhere in it starts Firebase, so the
 * service is ready by the time the shopper submits (a submit before that simply waits for it).
 */
export const warmUpOnInteraction = { onFocusCapture: warmUp, onPointerDownCapture: warmUp } as const;

/**
 * The auth state for the account screens (login, sign-up, my-account, user). Firebase (about
 * 95 KB gzip) is not part of their first load, to keep every route within the 120 KB JS budget:
 * it starts at once when someone is (or, by the hint, seems to be) signed in, since the screen then
 * needs it; for a visitor, on the first interaction (warmUpOnInteraction), or from the header menu.
 */
export function usePageAuth(): AccountSessionState {
  useEffect(() => {
    if (accountSession.getState().user) warmUp();
  }, []);
  return useAccountSession();
}
