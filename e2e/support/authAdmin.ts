import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../playwright.config.ts';

/**
 * What the local Auth service's admin API asks for (the codes it would have mailed, say): its
 * administrator secret, in the suite's data folder. Nothing without it reads them.
 */
export function authAdminHeaders(): { authorization: string } {
  return { authorization: `Bearer ${readFileSync(path.join(dataDir, 'auth-admin.secret'), 'utf8').trim()}` };
}
