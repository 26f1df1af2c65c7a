import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { GatewayConfig, RemoteName } from './config.ts';
import { remoteNames } from './config.ts';
import { BUCKET_COOKIE, remotesForShopper, shellRoots } from './remoteLocations.ts';
import type { RegistryStore } from '../releases/registryStore.ts';

const hashed = /\.[0-9a-f]{10}\.(js|css|svg|png|webp|woff2)(\.br|\.gz)?$/;

/**
 * Cache policy that makes independent deploys safe: content-hashed files are immutable, while the
 * files that point at them (index.html, mf-manifest.json, remoteEntry.js) are revalidated every time.
 */
function cacheControl(filePath: string): string {
  return hashed.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Whether a path names a file; a path the file system refuses (a NUL byte) names none. */
function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/** Source maps stay beside the builds for error reports; they are never served to the public. */
const notSourceMap = (pathName: string) => !/\.map$/i.test(pathName);

/**
 * Every release on disk, each under its own id: all of a release is immutable (a new build is a
 * new id), so even its manifest and entry are cached for good. Releases no longer live stay
 * reachable for pages opened while they were.
 */
async function serveReleases(app: FastifyInstance, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/releases/',
    decorateReply: false,
    // Only files inside a release directory: not the registry, not a release's notes.
    allowedPath: (pathName: string) => notSourceMap(pathName) && /^\/[a-z]+\/[0-9A-Za-z.+_]{1,40}-[0-9a-f]{10}\/(?!release\.json$)/.test(pathName),
    index: false,
    preCompressed: true,
    wildcard: true,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('access-control-allow-origin', '*');
    },
  });
}

async function serveRemote(app: FastifyInstance, name: RemoteName, dist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `/remotes/${name}/`,
    decorateReply: false,
    allowedPath: notSourceMap,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControl(filePath));
      // The manifest is fetched cross-origin when a remote is hosted elsewhere than the shell.
      reply.header('access-control-allow-origin', '*');
    },
  });
}

/**
 * The shell's own files come from the shopper's shell release, else from an earlier one an open
 * page may have started with, else from the shell's build (see shellRoots); looked up per request,
 * so a promotion or a rebuilt shell is served without a restart.
 */
async function serveShell(app: FastifyInstance, config: GatewayConfig, registry: RegistryStore): Promise<void> {
  await app.register(fastifyStatic, {
    root: config.shellDist,
    serve: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControl(filePath));
    },
  });
  app.get('/*', async (request, reply) => {
    const pathname = `/${(request.params as { '*': string })['*']}`;
    // Only canonical paths (no '..', '.' or empty segments to reach outside a root or alias a
    // file), never a release's notes, and never the shell's server build (the gateway runs it).
    if (
      !notSourceMap(pathname) ||
      pathname === '/release.json' ||
      pathname.startsWith('/server/') ||
      pathname
        .slice(1)
        .split('/')
        .some((segment) => ['', '.', '..'].includes(segment))
    )
      return reply.callNotFound();
    // Never a cookie on a file: immutable answers may be kept by shared caches.
    const { shellDir } = remotesForShopper(config, registry, request.cookies[BUCKET_COOKIE]);
    const root = shellRoots(config, registry.current(), shellDir).find((dir) => isFile(path.join(dir, pathname)));
    return root ? reply.sendFile(pathname, root) : reply.callNotFound();
  });
}

/** Static files: each remote's build, every release on disk, the design tokens and the shell's own files, each with its cache policy. */
export const files: FastifyPluginAsync<{ config: GatewayConfig; registry: RegistryStore }> = async (app, { config, registry }) => {
  for (const name of remoteNames) await serveRemote(app, name, config.remotes[name].dist);
  await serveReleases(app, config.releasesDir);

  // The design tokens as a stable URL, for remotes' standalone harnesses (npm start -w mf-x).
  const tokens = readFileSync(new URL('../src/styles/tokens.css', import.meta.url), 'utf8');
  app.get('/design/tokens.css', async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8');
    return tokens;
  });

  await serveShell(app, config, registry);
};
