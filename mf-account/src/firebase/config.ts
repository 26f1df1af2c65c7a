import { z } from 'zod';

// Full zod compiles object schemas with new Function unless told not to; the shop's CSP forbids
// eval, so this remote turns that off itself rather than relying on another remote having done so.
z.config({ jitless: true });

/**
 * "host:port" as in FIREBASE_AUTH_EMULATOR_HOST / FIREBASE_DATABASE_EMULATOR_HOST. An http:// URL of the
 * same (e.g. "http://127.0.0.1:9099") is accepted and normalised to host:port.
 */
const hostAndPort = z
  .string()
  .trim()
  .transform((v) => v.replace(/^https?:\/\/([^/?#]+)\/?$/i, '$1'))
  .pipe(
    z
      .string()
      .regex(/^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:9099')
      .refine((v) => {
        const port = Number(v.slice(v.lastIndexOf(':') + 1));
        return port > 0 && port <= 65535;
      }, 'port must be 1-65535'),
  );

/**
 * Runtime configuration of the Firebase web SDK for mf-account. Production gives a real project's web
 * config; development gives the demo project plus the local emulator hosts. No analytics fields: we never
 * initialise Analytics.
 */
export const FirebaseRuntimeConfigSchema = z
  .object({
    apiKey: z.string().trim().min(1, 'is required'),
    authDomain: z.string().trim().min(1).optional(),
    projectId: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id (lowercase letters, digits, dashes)'),
    databaseURL: z
      .string()
      .trim()
      .url('must be a URL such as https://<project>-default-rtdb.firebaseio.com')
      .refine((u) => /^(https?|wss?):\/\//.test(u), 'must start with https:// (or http:// for a local server)'),
    appId: z.string().trim().min(1).optional(),
    /** Auth emulator, "host:port" (e.g. 127.0.0.1:9099). */
    authEmulatorHost: hostAndPort.optional(),
    /** Local Realtime Database, "host:port" (e.g. 127.0.0.1:9000). */
    databaseEmulatorHost: hostAndPort.optional(),
  })
  .strict()
  .superRefine((cfg, ctx) => {
    if (cfg.projectId.startsWith('demo-')) {
      for (const key of ['authEmulatorHost', 'databaseEmulatorHost'] as const) {
        if (!cfg[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `is required for the demo project ${cfg.projectId} (demo projects exist only in the local emulators)`,
          });
        }
      }
    }
  });

export type FirebaseRuntimeConfig = z.infer<typeof FirebaseRuntimeConfigSchema>;

export class FirebaseConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid Firebase configuration:\n  - ${issues.join('\n  - ')}`);
    this.name = 'FirebaseConfigError';
    this.issues = issues;
  }
}

/** Validates a config object; throws FirebaseConfigError listing every problem, field by field. */
export function parseFirebaseConfig(input: unknown): FirebaseRuntimeConfig {
  const result = FirebaseRuntimeConfigSchema.safeParse(input);
  if (result.success) return result.data;
  throw new FirebaseConfigError(result.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'config'}: ${i.message}`));
}
