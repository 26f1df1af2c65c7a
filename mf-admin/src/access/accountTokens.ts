import { getInstance } from '@module-federation/enhanced/runtime';
import type { IdTokenSource } from 'shared-events';

/** The account remote's ID tokens (mf-account/src/auth/idToken.ts): the page's one sign-in. */
export const ID_TOKEN_MODULE = 'account/idToken';

/**
 * The account team's token source, loaded from its remote when the back office first needs a token
 * (the runtime keeps it from then on), through the federation instance that knows the account
 * remote: the shell's, which registered every remote from /remotes.json, or in the standalone
 * harness this remote's own. Rejects when no such remote can be loaded.
 */
export async function loadIdTokenSource(): Promise<IdTokenSource> {
  const host = getInstance((instance) => instance.options.remotes.some(({ name }) => name === 'account'));
  if (!host) throw new Error('no federation instance on this page knows the account remote');
  const source = await host.loadRemote<Partial<IdTokenSource>>(ID_TOKEN_MODULE);
  if (typeof source?.idToken !== 'function') throw new Error(`${ID_TOKEN_MODULE} has no idToken`);
  return source as IdTokenSource;
}
