import { createTransport } from 'nodemailer';

/** One e-mail as the sender hands it over. */
export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The outbox row's stable Message-ID: every attempt of a message carries the same one. */
  messageId: string;
}

export interface MailTransport {
  /** Resolves once the SMTP server accepted the message (its 250 after DATA); rejects otherwise. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Timeouts short enough that an attempt ends (sent or failed) well within the sender's lease, so a
 * stalled server never leaves two instances sending the same message.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** SMTP through nodemailer: smtp://host:port (STARTTLS when offered), smtps:// for TLS, credentials in the URL. */
export function createSmtpTransport(url: string): MailTransport {
  const transport = createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await transport.sendMail({ ...mail, headers: { 'Auto-Submitted': 'auto-generated' } });
    },
    close() {
      transport.close();
    },
  };
}
