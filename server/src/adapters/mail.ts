/**
 * Outgoing email through nodemailer. With `SMTP_URL` it speaks real SMTP; without it every message is
 * written as an RFC 822 `.eml` file under `DATA_DIR/mail/` (open it in any mail app) and the log names
 * the file. Same code path either way: only the transport differs (docs/architecture.md).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * The exact parts of subject/text/html that open something — a one-time link (reset, confirmation,
   * co-parent or team invitation), a pass link or pass code. They are delivered as written; the outbox keeps
   * them only until delivery (jobs/mail-outbox.ts, decision 017). Never sent to the transport as a field.
   */
  secrets?: readonly string[];
};

export type Mailer = {
  /** Deliver one message. Resolves with where it went (message id or file path); rejects on failure. */
  send(message: MailMessage): Promise<{ id: string; file?: string }>;
  close(): void;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: (msg: string) => void;
};

export function createMailer({ smtpUrl, from, mailDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...toNodemailer(message) });
        return { id: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...toNodemailer(message) });
      await mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(mailDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer);
      log(`mail to ${message.to} written to ${file}`);
      return { id: String(info.messageId), file };
    },
    close: () => transport.close(),
  };
}

function toNodemailer(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.html ? { html: message.html } : {}),
  };
}
