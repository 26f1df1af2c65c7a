// `npm run stripe -w stand-ins`: the local Stripe on loopback, for the embedded stack, the tests,
// and a checkout developer working alone. Prints its address; webhooks go to WEBHOOK_URL, signed
// with WEBHOOK_SECRET, when both are set.
import { z } from 'zod';
import { startLocalStripe } from './server.ts';

const parsed = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(12112),
    WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'WEBHOOK_URL must be an http(s) URL' }).optional(),
    WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w{8,}$/, { error: 'WEBHOOK_SECRET must look like whsec_ followed by at least 8 letters or digits' })
      .optional(),
    WEBHOOK_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
  })
  .refine((env) => Boolean(env.WEBHOOK_URL) === Boolean(env.WEBHOOK_SECRET), { error: 'WEBHOOK_URL and WEBHOOK_SECRET go together: set both or neither' })
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
if (!parsed.success) {
  console.error(`Invalid configuration for the local Stripe: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  process.exit(1);
}
const env = parsed.data;

const local = await startLocalStripe({
  host: env.HOST,
  port: env.PORT,
  webhook: env.WEBHOOK_URL && env.WEBHOOK_SECRET ? { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET } : null,
  delivery: { firstRetryMs: env.WEBHOOK_RETRY_MS },
  log: (line) => console.log(line),
}).catch((error: Error) => {
  console.error(`The local Stripe could not listen on ${env.HOST}:${env.PORT}: ${error.message}`);
  process.exit(1);
});
console.log(`local Stripe listening on ${local.url}${env.WEBHOOK_URL ? `, webhooks to ${env.WEBHOOK_URL}` : ''}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void local.close().then(() => process.exit(0)));
