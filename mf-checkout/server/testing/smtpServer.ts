import { SMTPServer } from 'smtp-server';

/** A message the test server accepted. */
export interface Received {
  messageId: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: Received[];
  /** Messages whose DATA arrived (accepted or held). */
  dataStarted: number;
  /** From now on DATA is read and never answered: the sender waits, as on a stalled server. */
  stall(): void;
  /** Answers DATA again (held messages stay unanswered: their connections are gone). */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A local SMTP server (smtp-server, which maildev brings) that keeps what it accepts, on `port`
 * (0: any free one). Plain SMTP without authentication, as the local mail catcher speaks.
 */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: Received[] = [];
  let stalled = false;
  let dataStarted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      dataStarted++;
      // Decided when DATA begins: a held message is never answered, even if the test resumes meanwhile.
      const hold = stalled;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (hold) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
        received.push({ messageId, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  // A sender killed mid-send resets its connection (what the crash tests do on purpose): smtp-server
  // reports that as an 'error' event, which unheard would fail the whole test file.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('test SMTP server:', error);
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    get dataStarted() {
      return dataStarted;
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
    },
    async close() {
      for (const connection of server.connections) connection.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` every 50 ms until it holds or `timeoutMs` passed (then throws `what`). */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
