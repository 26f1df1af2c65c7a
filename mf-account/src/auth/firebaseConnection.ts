/**
 * The one place that pulls in the Firebase SDK (through src/firebase): the page's account service,
 * created on first use from the gateway's config. It is reached only by dynamic import (instance.ts),
 * so Firebase is never part of a route's first load (see usePageAuth.ts for when it starts).
 */
import { createAccountService, type AccountService } from '../firebase/accountService.ts';
import { loadFirebaseConfig } from './appConfig.ts';

let pending: Promise<AccountService> | undefined;

export function connectAccountService(): Promise<AccountService> {
  pending ??= loadFirebaseConfig().then((config) => createAccountService(config));
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
