import { useEffect } from 'react';
import type { AccountSessionState } from './accountSession.ts';
import { afterLive } from './afterLive.ts';
import { accountSession } from './instance.ts';
import { useAccountSession } from './useAccountSession.ts';

function connectNow() {
  if (accountSession.getState().status === 'idle') void accountSession.connect().catch(() => undefined);
}

/** Starts Firebase once the page is live (at once when it already is, as for any real interaction). */
function warmUp() {
  void afterLive().then(connectNow);
}

/**
 * Spread on a screen's root: the first focus or press anywhere in it starts Firebase, so the
 * service is ready by the time the shopper submits (a submit before that simply waits for it).
 * A focus the screen moves itself while it renders waits for the page to be live.
 */
export const warmUpOnInteraction = { onFocusCapture: warmUp, onPointerDownCapture: warmUp } as const;

/**
 * The auth state for the account screens (login, sign-up, my-account, user). Firebase (about
 * 95 KB gzip) is not part of their first load, to keep every route within its JS budget
 * (shell/src/app/jsBudgets.ts): when someone is (or, by the hint, seems to be) signed in, it starts
 * as soon as the page is live, since the screen then needs it (the screen shows the hinted shopper
 * meanwhile); for a visitor, on the first interaction (warmUpOnInteraction), or from the header menu.
 */
export function usePageAuth(): AccountSessionState {
  useEffect(() => {
    if (accountSession.getState().user) warmUp();
  }, []);
  return useAccountSession();
}
