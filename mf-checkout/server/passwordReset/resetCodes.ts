// Where the reset endpoint's codes come from: the Auth service, through service-kit's Identity
// Toolkit client (the local emulator, or a real project with a service account's token).
import { createIdentityToolkit, projectTarget, type AuthTarget } from 'service-kit/firebase-auth';

export interface ResetCodes {
  /** A password-reset code for the account with this e-mail, or null when there is none; IdentityToolkitError when the Auth service cannot say. */
  codeFor(email: string): Promise<string | null>;
}

export function createResetCodes(target: AuthTarget): ResetCodes {
  const toolkit = createIdentityToolkit(target);
  return { codeFor: (email) => toolkit.passwordResetCode(email) };
}

/**
 * The target from the configuration: the emulator when FIREBASE_AUTH_EMULATOR_HOST is set (its admin
 * API answers only with the administrator secret, FIREBASE_AUTH_EMULATOR_SECRET), else the service
 * account's project.
 */
export function resetTargetFrom(
  auth: { emulatorHost: string | undefined; emulatorSecret?: string | undefined; credentialsFile: string | undefined },
  projectId: string,
): AuthTarget | null {
  if (auth.emulatorHost) return auth.emulatorSecret ? { kind: 'emulator', hostAndPort: auth.emulatorHost, projectId, adminSecret: auth.emulatorSecret } : null;
  return auth.credentialsFile ? projectTarget(auth.credentialsFile) : null;
}
