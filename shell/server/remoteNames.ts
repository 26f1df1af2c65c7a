import path from 'node:path';
import { remoteEnvKey, remoteNames, remoteWorkspace, type RemoteName } from '../remotes.ts';

// The remotes (the one list, shell/remotes.ts), and where each is found when nothing else is
// configured or promoted.
export { remoteNames, type RemoteName };

/** The manifest address of a remote served by the gateway from its own build. */
export const defaultRemoteManifest = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;
/** The remote's production build in the repository (npm run build). */
export const defaultRemoteDist = (repoRoot: string, name: RemoteName) => path.join(repoRoot, remoteWorkspace(name), 'dist');

/** The variable naming where shoppers get a remote (REMOTE_CART_URL), read by the gateway and the release gate. */
export const remoteUrlVariable = (name: RemoteName) => `REMOTE_${remoteEnvKey(name)}_URL` as const;
/** The variable naming the folder the gateway serves a remote's build from (CART_DIST). */
export const remoteDistVariable = (name: RemoteName) => `${remoteEnvKey(name)}_DIST` as const;
