/**
 * A real SMTP server (smtp-server) for the browser tests: the app under test sends every mail to it over
 * SMTP (SMTP_URL), and each received message is written, raw, as an .eml file in E2E_MAIL_DIR — where
 * tests read it (fixtures.ts `waitForMail`). So the password reset test follows the link out of a mail
 * that really travelled over SMTP.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

let counter = 0;

/** Listen on 127.0.0.1:`port`; resolves once listening. Plain SMTP, no auth, no STARTTLS (local only). */
export function startSmtpSink(port: number, mailDir: string): Promise<SMTPServer> {
  mkdirSync(mailDir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${Date.now()}-${String(++counter).padStart(5, '0')}-smtp.eml`;
        writeFileSync(path.join(mailDir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
