// `npm run mail -w stand-ins`: the local mail catcher (maildev, decision 0030) on loopback, for the
// embedded stack and the browser tests: the SMTP server the checkout sends its messages to, and the
// inbox that shows them in the browser and over its REST API (/api/email). With MAIL_DIR the mail is
// kept there and survives a restart.
import { MailDev } from 'maildev';
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const parsed = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_PORT: port(1025),
    WEB_PORT: port(1080),
    MAIL_DIR: z.string().min(1).optional(),
  })
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
if (!parsed.success) {
  console.error(`Invalid configuration for the mail catcher: ${z.prettifyError(parsed.error)}`);
  process.exit(1);
}
const { HOST: host, SMTP_PORT: smtp, WEB_PORT: web, MAIL_DIR: mailDirectory } = parsed.data;

const maildev = new MailDev({ ip: host, smtp, webIp: host, web, silent: true, ...(mailDirectory ? { mailDirectory } : {}) });
await maildev.start().catch((error: Error) => {
  console.error(`The mail catcher could not start on ${host} (SMTP ${smtp}, inbox ${web}): ${error.message}`);
  process.exit(1);
});
console.log(`mail catcher listening on http://${host}:${web} (SMTP on ${host}:${smtp})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void maildev.stop().then(() => process.exit(0)));
