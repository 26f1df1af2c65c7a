/**
 * The remotes the shell loads, by name: the one list the shell's router and slots, the gateway, the
 * release command and the development tools (tools/stack) read. Remote `<name>` is the workspace
 * `mf-<name>` and the Module Federation container `<name>`. The files that cannot import this list
 * (package.json, .ci/test.sh, deploy/, the README) are checked against it by
 * tools/remotes/remotePlaces.test.ts; docs/architecture.md "Add a remote" walks through them all.
 *
 * This file is the shell's entry point for tooling: plain data, no imports, safe in the browser.
 */
export const remoteNames = ['catalog', 'cart', 'account', 'checkout', 'admin'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** The remote's workspace folder (and npm package name). */
export const remoteWorkspace = (name: RemoteName): `mf-${RemoteName}` => `mf-${name}`;

/** The remote's configuration variables take its name in capitals: REMOTE_CART_URL, CART_DIST. */
export const remoteEnvKey = (name: RemoteName): Uppercase<RemoteName> => name.toUpperCase() as Uppercase<RemoteName>;

/** The manifest address of a remote served by the gateway from its own build. */
export const defaultRemoteManifest = (name: RemoteName) => `/remotes/${name}/mf-manifest.json`;
/** The remote's production build in the repository (npm run build). */
export const defaultRemoteDist = (repoRoot: string, name: RemoteName) => `${repoRoot.replace(/\/+$/, '')}/${remoteWorkspace(name)}/dist`;

/** The variable naming where shoppers get a remote (REMOTE_CART_URL), read by the gateway and the release gate. */
export const remoteUrlVariable = (name: RemoteName) => `REMOTE_${remoteEnvKey(name)}_URL` as const;
/** The variable naming the folder the gateway serves a remote's build from (CART_DIST). */
export const remoteDistVariable = (name: RemoteName) => `${remoteEnvKey(name)}_DIST` as const;
