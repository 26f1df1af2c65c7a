import { useSyncExternalStore } from 'react';
import type { AccountSessionState } from './accountSession.ts';
import { accountSession } from './instance.ts';

/** The account session's state; re-renders on every change. */
export function useAccountSession(): AccountSessionState {
  return useSyncExternalStore(accountSession.subscribe, accountSession.getState, accountSession.getState);
}
