/**
 * The local database's administrator credential: a random secret kept in the data folder (readable
 * by its owner only), made on first use. Tools and tests that need to read everything present it;
 * nobody can guess it, unlike the well-known word the official emulators accept.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function adminSecretFile(dataDir: string): string {
  return path.join(dataDir, 'database-admin.secret');
}

export function adminSecretOf(dataDir: string): string {
  const file = adminSecretFile(dataDir);
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
