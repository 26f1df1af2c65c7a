/**
 * The local Firebase's administrator credentials (stand-ins/firebase): random secrets kept in the data
 * folder (readable by their owner only), made on first use. The database's makes a connection an
 * administrator; the Auth service's lets the shop's servers and the staff command use the Auth admin
 * API. Here, not in the stand-in, because those who read them (npm start's stack, `npm run staff`) must
 * not import the stand-in; nobody can guess them, unlike the well-known `owner` the official emulators accept.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function adminSecretFile(dataDir: string): string {
  return path.join(dataDir, 'database-admin.secret');
}

export function authAdminSecretFile(dataDir: string): string {
  return path.join(dataDir, 'auth-admin.secret');
}

/** The secret in `file`, or undefined when there is none (yet). */
export function readSecret(file: string): string | undefined {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    return secret.length >= 32 ? secret : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

function secretIn(file: string): string {
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function adminSecretOf(dataDir: string): string {
  return secretIn(adminSecretFile(dataDir));
}

export function authAdminSecretOf(dataDir: string): string {
  return secretIn(authAdminSecretFile(dataDir));
}
