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
