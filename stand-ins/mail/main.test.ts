// The mail catcher as npm start runs it: what the shop sends over SMTP is in its inbox, and with a
// mail folder it is still there after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { freePort, startNodeService, type ManagedProcess } from '../../tools/kit/processes.ts';

jest.setTimeout(60_000);

let mailDir: string;
let running: ManagedProcess | undefined;
beforeEach(() => {
  mailDir = mkdtempSync(path.join(os.tmpdir(), 'mail-catcher-'));
});
afterEach(async () => {
  running?.signal('SIGTERM');
  await running?.exited;
  rmSync(mailDir, { recursive: true, force: true });
});

async function start(ports: { smtp: number; web: number }) {
  const catcher = await startNodeService(path.join(__dirname, 'main.ts'), {
    env: { SMTP_PORT: String(ports.smtp), WEB_PORT: String(ports.web), MAIL_DIR: mailDir },
    timeoutMs: 30_000,
  });
  running = catcher;
  return catcher;
}

const subjectsIn = async (inbox: string) => ((await (await fetch(`${inbox}/api/email`)).json()) as { subject: string }[]).map((mail) => mail.subject);

test('a message sent over SMTP is in the inbox, and still there after a restart', async () => {
  const ports = { smtp: await freePort(), web: await freePort() };
  const first = await start(ports);
  expect(first.url).toBe(`http://127.0.0.1:${ports.web}`);
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: ports.smtp, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: 'shop@example.com', to: 'ann@example.com', subject: 'Your order 1001', text: 'Thank you' });
  expect(await subjectsIn(first.url)).toEqual(['Your order 1001']);

  first.signal('SIGTERM');
  expect(await first.exited).toBe(0);
  const second = await start(ports);
  expect(await subjectsIn(second.url)).toEqual(['Your order 1001']);
});

test('a bad port is refused with the setting named', async () => {
  const catcher = startNodeService(path.join(__dirname, 'main.ts'), { env: { SMTP_PORT: 'twenty-five' }, timeoutMs: 30_000 });
  await expect(catcher).rejects.toThrow(/Invalid configuration for the mail catcher[\s\S]*SMTP_PORT/);
});
