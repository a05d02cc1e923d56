/**
 * Text messages (docs/architecture.md: "SMS: Twilio (TWILIO_*) or DATA_DIR/sms.log").
 * With Twilio configured, one REST call per message (Twilio "Create a Message resource":
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json with To, From, Body, HTTP basic auth).
 * Without it, each message is appended to `${dataDir}/sms.log` as one JSON line, so the demo and tests can
 * read what would have been sent. Phone numbers are E.164.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

export type SmsMessage = { to: string; body: string };

export type SmsSender = {
  kind: 'twilio' | 'file';
  /** Send one message. Throws when Twilio refuses it (the caller logs and carries on). */
  send: (message: SmsMessage) => Promise<void>;
};

export function createSmsSender(options: {
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  dataDir: string;
  log: (message: string) => void;
  /** Tests point this at a local fake. */
  twilioBaseUrl?: string;
}): SmsSender {
  const { twilio } = options;
  if (twilio) {
    const base = options.twilioBaseUrl ?? 'https://api.twilio.com';
    const auth = Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64');
    return {
      kind: 'twilio',
      async send({ to, body }) {
        const response = await fetch(`${base}/2010-04-01/Accounts/${twilio.accountSid}/Messages.json`, {
          method: 'POST',
          headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: twilio.from, Body: body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`Twilio answered ${response.status} for a message to ${to}`);
      },
    };
  }
  const file = path.join(options.dataDir, 'sms.log');
  return {
    kind: 'file',
    async send({ to, body }) {
      await mkdir(options.dataDir, { recursive: true });
      await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), to, body })}\n`);
    },
  };
}
