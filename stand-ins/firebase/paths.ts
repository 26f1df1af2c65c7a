import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Absolute path of this very file, in both module systems this code runs under: CommonJS (jest with
 * ts-jest) defines `__filename`; native ESM (Node 24 running the .ts file) does not, and `import.meta`
 * cannot appear here because ts-jest compiles to CommonJS. V8's structured stack trace names the file
 * either way (a file: URL under ESM).
 */
function thisFile(): string {
  if (typeof __filename === 'string') return __filename;
  const original = Error.prepareStackTrace;
  try {
    Error.prepareStackTrace = (_error, frames) => frames;
    const frames = new Error().stack as unknown as NodeJS.CallSite[];
    const name = frames[0]?.getFileName();
    if (!name) throw new Error('cannot locate stand-ins/firebase/paths.ts');
    return name.startsWith('file:') ? fileURLToPath(name) : name;
  } finally {
    Error.prepareStackTrace = original;
  }
}

/** stand-ins/firebase */
export const firebaseDir = path.dirname(thisFile());
/** stand-ins: the package that depends on firebase-tools and firebase-server. */
const standInsDir = path.resolve(firebaseDir, '..');
/** The rules the local database enforces by default: the account team's, the same file production deploys. */
export const defaultRulesPath = path.resolve(standInsDir, '..', 'mf-account', 'database.rules.json');
/** Child-process entry of the local Realtime Database server. */
export const databaseMainPath = path.join(firebaseDir, 'databaseMain.ts');
/** Preloaded into the Auth emulator process: exits when its parent goes away (no orphans). */
export const parentWatchPath = path.join(firebaseDir, 'parentWatch.cjs');

const requireHere = createRequire(path.join(standInsDir, 'package.json'));

/** Resolves a package the way the stand-ins' own code would (workspace hoisting included). */
export function resolveFromStandIns(request: string): string {
  return requireHere.resolve(request);
}

/** The firebase-tools CLI script (run with this Node, not through a shell shim). */
export function firebaseToolsCli(): string {
  const pkgJson = resolveFromStandIns('firebase-tools/package.json');
  const pkg = requireHere(pkgJson) as { bin?: Record<string, string> | string };
  const rel = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.firebase;
  if (!rel) throw new Error('firebase-tools has no "firebase" bin entry');
  const cli = path.resolve(path.dirname(pkgJson), rel);
  if (!existsSync(cli)) throw new Error(`firebase-tools CLI not found at ${cli}`);
  return cli;
}
