import path from 'node:path';

/** The four remotes, and where each is found when nothing else is configured or promoted. */
export const remoteNames = ['catalog', 'cart', 'account', 'checkout'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** The manifest address of a remote served by the gateway from its own build. */
export const defaultRemoteManifest = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;
/** The remote's production build in the repository (npm run build). */
export const defaultRemoteDist = (repoRoot: string, name: RemoteName) => path.join(repoRoot, `mf-${name}`, 'dist');
