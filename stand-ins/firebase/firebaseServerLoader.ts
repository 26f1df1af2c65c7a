import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { resolveFromStandIns } from './paths.ts';

/** What we use of firebase-server@1's (untyped-for-us) class. */
export interface FirebaseServerInstance {
  wss: {
    on(event: 'listening', cb: () => void): void;
    on(event: 'error', cb: (err: Error) => void): void;
    once(event: 'listening', cb: () => void): void;
    once(event: 'error', cb: (err: Error) => void): void;
  };
  getPort(): number;
  close(callback?: (err?: Error) => void): Promise<void>;
}
export type FirebaseServerClass = new (portOrOptions: Record<string, unknown>, name?: string, data?: unknown) => FirebaseServerInstance;

/** targaryen@3 (the rules engine firebase-server uses): the parts we drive directly. */
export interface TargaryenDataNode {
  $child(path: string): TargaryenDataNode;
  $value(): unknown;
  $priority(): string | number | null | undefined;
  $isNull(): boolean;
  $isPrimitive(): boolean;
  $set(path: string, value: unknown, priority: unknown, now: number): TargaryenDataNode;
  $merge(path: string, patch: Record<string, unknown>, now: number): TargaryenDataNode;
  readonly [child: string]: unknown;
}
export interface TargaryenResult {
  allowed: boolean;
  info: string;
  newDatabase: TargaryenDatabase;
}
export interface TargaryenDatabase {
  root: TargaryenDataNode;
  as(auth: unknown): TargaryenDatabase;
  read(path: string, now?: number): TargaryenResult;
  write(path: string, value: unknown, priority: unknown, now: number): TargaryenResult;
  update(path: string, patch: Record<string, unknown>, now: number): TargaryenResult;
}
export interface Targaryen {
  database(rules: unknown, data: unknown, now?: number): TargaryenDatabase;
  ruleset(rules: unknown): unknown;
  store(data: unknown, options?: { now?: number }): TargaryenDataNode;
}

export interface LoadedFirebaseServer {
  FirebaseServer: FirebaseServerClass;
  targaryen: Targaryen;
  getFirebaseHash: (value: unknown) => string;
  /** Version of the nested firebase SDK firebase-server runs on (7.x). */
  nestedFirebaseVersion: string;
}

/**
 * Loads firebase-server@1 with its own nested firebase@7.
 *
 * Why this is not a plain `require('firebase-server')`: npm `overrides` nest firebase@7.24.0 under
 * firebase-server, but npm hoists firebase@7's `@firebase/auth@0.15` to the workspace root (firebase@12
 * keeps its own `@firebase/auth@1` nested). firebase@7's entry point requires `@firebase/auth`, which then
 * loads the ROOT `@firebase/app` (firebase@12's) and crashes at start-up with
 * "Cannot read properties of undefined (reading 'INTERNAL')". firebase-server only needs the app and the
 * database of firebase@7, so we assemble exactly that from the nested packages and register it as the
 * module firebase-server will get for `require('firebase')`.
 */
export function loadFirebaseServer(): LoadedFirebaseServer {
  const serverMain = resolveFromStandIns('firebase-server');
  const serverRequire = createRequire(serverMain);
  const firebaseMain = serverRequire.resolve('firebase');
  const firebaseVersion = String((serverRequire('firebase/package.json') as { version: string }).version);
  if (Number(firebaseVersion.split('.')[0]) >= 8) {
    throw new Error(
      `firebase-server resolves firebase@${firebaseVersion}; it needs firebase@7. Add npm overrides ` +
        `{"firebase-server": {"firebase": "7.24.0"}} to the root package.json and reinstall.`,
    );
  }
  const firebaseRequire = createRequire(firebaseMain);
  const app = (firebaseRequire('@firebase/app') as { default: { SDK_VERSION: string; database?: unknown } }).default;
  firebaseRequire('@firebase/database'); // registers firebase.database on that app namespace
  if (typeof app.database !== 'function' || !app.SDK_VERSION.startsWith('7.')) {
    throw new Error(`firebase-server's nested firebase is not usable (app ${app.SDK_VERSION})`);
  }
  type CjsModule = InstanceType<typeof Module> & { loaded: boolean };
  const cache = (Module as unknown as { _cache: Record<string, CjsModule> })._cache;
  if (cache[firebaseMain]?.exports !== app) {
    const shim = new Module(firebaseMain) as CjsModule;
    shim.filename = firebaseMain;
    shim.exports = app;
    shim.loaded = true;
    cache[firebaseMain] = shim;
  }
  const FirebaseServer = serverRequire(serverMain) as FirebaseServerClass;
  const { getFirebaseHash } = serverRequire(path.join(path.dirname(serverMain), 'lib', 'firebase-hash.js')) as {
    getFirebaseHash: (value: unknown) => string;
  };
  const targaryen = serverRequire('targaryen') as Targaryen;
  return { FirebaseServer, targaryen, getFirebaseHash, nestedFirebaseVersion: firebaseVersion };
}
