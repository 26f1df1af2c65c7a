// An OAuth access token for a Google service account (the JWT bearer grant Google documents for
// server-to-server calls), for the password-reset call to a real Firebase project. The account
// team's staff command has its own copy (mf-account/server/staff/serviceAccount.ts): services do
// not import each other's code (decision 0028), and this one also keeps its token until it expires.
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
  accessToken(): Promise<string>;
}

const SCOPES = 'https://www.googleapis.com/auth/identitytoolkit https://www.googleapis.com/auth/cloud-platform';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

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
    async accessToken() {
      if (cached && cached.until > Date.now()) return cached.token;
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: key.client_email, scope: SCOPES, aud: tokenUri, iat: now, exp: now + 3600 })}`;
      const signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key).toString('base64url');
      const response = await fetch(tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error_description?: string };
      if (!response.ok || !body.access_token)
        throw new Error(`Google refused the service account ${key.client_email}: ${body.error_description ?? response.status}`);
      // Renewed a minute before Google's expiry.
      cached = { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
      return cached.token;
    },
  };
}
