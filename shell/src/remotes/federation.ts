import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { translationsReady } from 'shared-events';
import { fetchRemoteConfig, type RemoteConfig, type RemoteName } from './remoteConfig.ts';

let config: Promise<Partial<RemoteConfig>> | undefined;

function remotes(): Promise<Partial<RemoteConfig>> {
  config ??= fetchRemoteConfig().then((found) => {
    registerRemotes(Object.entries(found).map(([name, entry]) => ({ name, entry })));
    return found;
  });
  // A failed fetch must not be cached forever: the next attempt asks again.
  config.catch(() => {
    config = undefined;
  });
  return config;
}

export type ExposedComponent = ComponentType<Record<string, never>>;

export async function loadComponent(remote: RemoteName, exposed: string): Promise<ExposedComponent> {
  const found = await remotes();
  if (!found[remote]) throw new Error(`remote "${remote}" is not configured`);
  const module = await loadRemote<{ default?: ExposedComponent }>(`${remote}/${exposed}`);
  if (!module?.default) throw new Error(`${remote}/${exposed} has no default export`);
  // Its strings in the page's language, which began loading with its module: it never renders keys.
  await translationsReady();
  return module.default;
}

/**
 * Forgets what the runtime cached about a remote (including a failed entry load), so a retry
 * fetches it afresh: a remote that comes back is used without reloading the page.
 */
export async function resetRemote(remote: RemoteName): Promise<void> {
  const found = await remotes();
  const entry = found[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
