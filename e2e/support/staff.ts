import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..');
// The suite's stack (playwright.config.ts): its Auth service listens at the port base + 199.
const authPort = Number(process.env.E2E_PORT_BASE ?? 4000) + 199;

/** The command as a shop's admin runs it on the embedded default: no other Auth service named. */
function withoutAuthHost(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FIREBASE_AUTH_EMULATOR_HOST: _elsewhere, GOOGLE_APPLICATION_CREDENTIALS: _project, ...rest } = env;
  return rest;
}

/** Grants `role` to the account with this e-mail through the documented staff command (npm run staff). */
export async function grant(email: string, role: 'staff' | 'admin') {
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'mf-account/server/staff/cli.ts'), 'grant', email, '--role', role], {
    cwd: repoRoot,
    env: { ...withoutAuthHost(process.env), AUTH_EMULATOR_PORT: String(authPort) },
  });
  expect(stdout).toContain(`granted ${role} to ${email}`);
}
