// npm run staff -- grant <email> --role staff|admin | revoke <email> | list
//
// Grants and revokes the back office's roles as Firebase custom claims; a revoke also ends the
// account's sessions (its refresh tokens). Without GOOGLE_APPLICATION_CREDENTIALS it works on the
// embedded default's Auth service (the one `npm start` runs: 127.0.0.1:AUTH_EMULATOR_PORT, default
// 9099, project FIREBASE_PROJECT_ID, default demo-storefront; FIREBASE_AUTH_EMULATOR_HOST, as
// firebase-admin reads it, points elsewhere), with its administrator secret (auth-admin.secret in
// DATA_DIR, default .data; FIREBASE_AUTH_EMULATOR_SECRET gives it instead). With
// GOOGLE_APPLICATION_CREDENTIALS (a service account key with the Firebase Authentication Admin role)
// it works on that key's real Firebase project.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createIdentityToolkit, describeTarget, isRole, projectTarget, ROLE_CLAIM, ROLES, type AuthTarget } from 'service-kit/firebase-auth';
import { authAdminSecretFile, readSecret } from 'service-kit/local-admin-secrets';

const usage = `usage: npm run staff -- grant <email> --role ${ROLES.join('|')}
       npm run staff -- revoke <email>
       npm run staff -- list`;

const GRANT_NOTE = 'it reaches their ID token at its next refresh (within the hour; signing out and in again applies it at once)';
const REVOKE_NOTE = 'their next change in the back office is refused, and their sessions end at the next refresh of their ID token (within the hour)';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** The local Auth service's administrator secret: given, or in the data folder `npm start` made it in. */
function localAdminSecret(env: NodeJS.ProcessEnv): string {
  if (env.FIREBASE_AUTH_EMULATOR_SECRET) return env.FIREBASE_AUTH_EMULATOR_SECRET;
  const file = authAdminSecretFile(path.resolve(repoRoot, env.DATA_DIR || '.data'));
  const secret = readSecret(file);
  if (!secret) {
    throw new Error(
      `the local Auth service's administrator secret is not in ${file}: start the shop (npm start) with the same DATA_DIR, or set FIREBASE_AUTH_EMULATOR_SECRET`,
    );
  }
  return secret;
}

export function targetFrom(env: NodeJS.ProcessEnv): AuthTarget {
  if (env.GOOGLE_APPLICATION_CREDENTIALS && !env.FIREBASE_AUTH_EMULATOR_HOST) return projectTarget(env.GOOGLE_APPLICATION_CREDENTIALS, env.FIREBASE_PROJECT_ID);
  const port = env.AUTH_EMULATOR_PORT ?? '9099';
  return {
    kind: 'emulator',
    hostAndPort: env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${port}`,
    projectId: env.FIREBASE_PROJECT_ID ?? 'demo-storefront',
    adminSecret: localAdminSecret(env),
  };
}

async function run(argv: string[]): Promise<string[]> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { role: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${usage}`);
  }
  const { positionals, values } = parsed;
  if (values.help) return [usage];
  const [command, email, ...extra] = positionals;
  if (extra.length > 0) throw new Error(usage);
  const target = targetFrom(process.env);
  const auth = createIdentityToolkit(target);
  const where = describeTarget(target);

  const findUser = async (address: string | undefined) => {
    if (!address || !address.includes('@')) throw new Error(usage);
    const user = await auth.findByEmail(address);
    if (!user) throw new Error(`no user with the e-mail ${address} on ${where}: they sign up in the shop first`);
    return user;
  };

  switch (command) {
    case 'grant': {
      if (!isRole(values.role)) throw new Error(`--role must be ${ROLES.join(' or ')}\n${usage}`);
      const user = await findUser(email);
      await auth.setRole(user, values.role);
      return [`granted ${values.role} to ${user.email} (uid ${user.uid}) on ${where}; ${GRANT_NOTE}`];
    }
    case 'revoke': {
      if (values.role !== undefined) throw new Error(usage);
      const user = await findUser(email);
      if (!isRole(user.claims[ROLE_CLAIM])) return [`${user.email} (uid ${user.uid}) has no staff role on ${where}; nothing changed`];
      await auth.setRole(user, null);
      await auth.revokeSessions(user.uid);
      return [`revoked ${String(user.claims[ROLE_CLAIM])} from ${user.email} (uid ${user.uid}) on ${where}; ${REVOKE_NOTE}`];
    }
    case 'list': {
      if (email !== undefined || values.role !== undefined) throw new Error(usage);
      const lines: string[] = [];
      for await (const user of auth.allUsers()) {
        const role = user.claims[ROLE_CLAIM];
        if (isRole(role)) lines.push(`${role.padEnd(6)} ${user.email ?? '(no e-mail)'} ${user.uid}`);
      }
      return lines.length > 0 ? [`staff on ${where}:`, ...lines.sort()] : [`no staff on ${where}`];
    }
    default:
      throw new Error(usage);
  }
}

run(process.argv.slice(2)).then(
  (lines) => {
    for (const line of lines) console.log(line);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
