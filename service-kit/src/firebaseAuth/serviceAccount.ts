// An OAuth access token for a Google service account, by the JWT bearer grant Google documents for
// server-to-server calls: a JWT signed with the account's private key is exchanged at its token_uri.
// What firebase-admin does with GOOGLE_APPLICATION_CREDENTIALS, for the few Identity Toolkit calls the
// shop makes (identityToolkit.ts), without firebase-admin as a dependency.
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';

interface ServiceAccountKey {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string;
}

export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  /** A token for the Identity Toolkit, kept until a minute before Google's expiry. */
  accessToken(): Promise<string>;
}

const SCOPES = 'https://www.googleapis.com/auth/identitytoolkit https://www.googleapis.com/auth/cloud-platform';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Reads a service account's key file (the JSON Google makes for it); throws when it is not one. */
export function readServiceAccount(file: string): ServiceAccount {
  let key: ServiceAccountKey;
  try {
    key = JSON.parse(readFileSync(file, 'utf8')) as ServiceAccountKey;
  } catch (error) {
    throw new Error(`cannot read the service account key ${file}: ${(error as Error).message}`);
  }
  if (!key.client_email || !key.private_key || !key.project_id) {
    throw new Error(`${file} is not a service account key (client_email, private_key and project_id are required)`);
  }
  const tokenUri = key.token_uri ?? 'https://oauth2.googleapis.com/token';
  let cached: { token: string; until: number } | null = null;
  return {
    projectId: key.project_id,
    clientEmail: key.client_email,
    async accessToken() {
      if (cached && cached.until > Date.now()) return cached.token;
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: key.client_email, scope: SCOPES, aud: tokenUri, iat: now, exp: now + 3600 })}`;
      const signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key).toString('base64url');
      const response = await fetch(tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error_description?: string };
      if (!response.ok || !body.access_token) {
        throw new Error(`Google refused the service account ${key.client_email}: ${body.error_description ?? response.status}`);
      }
      cached = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
      return cached.token;
    },
  };
}
