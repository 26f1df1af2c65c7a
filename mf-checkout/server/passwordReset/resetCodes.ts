import { readServiceAccount } from './serviceAccount.ts';

/** Where reset codes come from: the local Auth emulator, or a real project with a service account's token. */
export type AuthTarget =
  { kind: 'emulator'; hostAndPort: string; projectId: string } | { kind: 'project'; projectId: string; accessToken: () => Promise<string> };

/** The Auth service did not answer, or answered something other than a code or "no such account". */
export class ResetCodesUnavailableError extends Error {}

export interface ResetCodes {
  /** A password-reset code for the account with this e-mail, or null when there is none. */
  codeFor(email: string): Promise<string | null>;
}

/** Firebase's answers that mean "no account to reset", which the shopper must not be able to tell apart. */
const NO_ACCOUNT = /^(EMAIL_NOT_FOUND|USER_NOT_FOUND|USER_DISABLED)\b/;

/**
 * The Identity Toolkit's accounts:sendOobCode with returnOobLink: Firebase makes the code and
 * hands the link back instead of mailing it, so the shop sends its own message (in the shopper's
 * language, through its outbox) with a link to its own reset page. Only an admin credential may ask
 * for that: the emulator's `Bearer owner`, or a service account's access token.
 */
export function createResetCodes(target: AuthTarget): ResetCodes {
  const url =
    target.kind === 'emulator'
      ? `http://${target.hostAndPort}/identitytoolkit.googleapis.com/v1/projects/${target.projectId}/accounts:sendOobCode`
      : `https://identitytoolkit.googleapis.com/v1/projects/${target.projectId}/accounts:sendOobCode`;
  return {
    async codeFor(email) {
      let response: Response;
      try {
        const token = target.kind === 'emulator' ? 'owner' : await target.accessToken();
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ requestType: 'PASSWORD_RESET', email, returnOobLink: true }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new ResetCodesUnavailableError(`the Auth service did not answer: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => ({}))) as { oobLink?: string; oobCode?: string; error?: { message?: string } };
      if (!response.ok) {
        if (NO_ACCOUNT.test(body.error?.message ?? '')) return null;
        throw new ResetCodesUnavailableError(`the Auth service refused the reset: ${body.error?.message ?? response.status}`);
      }
      const code = body.oobCode ?? (body.oobLink ? new URL(body.oobLink).searchParams.get('oobCode') : null);
      if (!code) throw new ResetCodesUnavailableError('the Auth service answered without a reset code');
      return code;
    },
  };
}

/** The target from the configuration: the emulator when FIREBASE_AUTH_EMULATOR_HOST is set, else the service account's project. */
export function resetTargetFrom(auth: { emulatorHost: string | undefined; credentialsFile: string | undefined }, projectId: string): AuthTarget | null {
  if (auth.emulatorHost) return { kind: 'emulator', hostAndPort: auth.emulatorHost, projectId };
  if (!auth.credentialsFile) return null;
  const account = readServiceAccount(auth.credentialsFile);
  return { kind: 'project', projectId: account.projectId, accessToken: () => account.accessToken() };
}
