// Stand-ins for the front-end builds, for gateways that only need the gateway's own answers (API, cache,
// limits), not the real shop pages: the catalogue bench's (tools/bench, which reads this module as a
// declared entry point of the shell) and the gateway's tests. No __dirname or jest here: the bench loads
// this with Node's own loader.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { remoteDistVariable, remoteNames } from '../remotes.ts';

/** A shell build stand-in: an index.html (no inline script, as the real build) and one hashed asset. */
export function fakeShellDist(root: string): string {
  const dist = path.join(root, 'shell-dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="build" content="Storefront"><title>Storefront</title><script defer src="/assets/main.0123456789.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const remote of remoteNames) {
    const remoteDist = path.join(root, `${remote}-dist`);
    mkdirSync(remoteDist, { recursive: true });
    writeFileSync(path.join(remoteDist, 'mf-manifest.json'), JSON.stringify({ id: remote }));
    writeFileSync(path.join(remoteDist, 'remoteEntry.js'), 'var x = 1;');
  }
  return dist;
}

/** The gateway's variables for stand-in builds and its own data (contact messages, an empty release registry) under root. */
export function fakeFrontEndEnv(root: string): Record<string, string> {
  return {
    SHELL_DIST: fakeShellDist(root),
    ...Object.fromEntries(remoteNames.map((remote) => [remoteDistVariable(remote), path.join(root, `${remote}-dist`)])),
    CONTACT_DB: path.join(root, 'contact.db'),
    // Its own (empty) release registry: never the developer's .releases.
    RELEASES_DIR: path.join(root, 'releases'),
  };
}
