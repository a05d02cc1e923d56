/**
 * The mail outbox. A use case calls `enqueueMail(tx, …)` inside the transaction that makes the change the
 * mail is about, so either both are stored or neither. `deliverDueMail` then sends what is due: it claims
 * rows with one UPDATE … FOR UPDATE SKIP LOCKED (so two server processes never send the same row), sends
 * outside any transaction, and records the outcome. A failed send is retried with back-off, up to
 * MAX_ATTEMPTS, after which the row is marked Failed and kept for staff to see.
 *
 * No working secret is kept once a mail is out (issue 21, decision 017): a message lists the parts that open
 * something (`MailMessage.secrets`: a one-time link, a pass code); the row holds them only until delivery,
 * and delivery (or giving up) rewrites the stored subject, text and html with each replaced by
 * {@link SECRET_REMOVED}. Whatever reads the outbox (the family export) reads it through {@link redactSecrets},
 * so a mail still waiting shows no secret either. The delivered copy (SMTP, or the `.eml` file) is the
 * recipient's mailbox, not our store, and keeps the link.
 *
 * Mail to an address the caller typed is limited ({@link limitMailTo}): per sender and recipient, and per sender.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Mailer, MailMessage } from '../adapters/mail.ts';
import { type DbOrTx, queryRows } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { hit, limits, throttleKeys } from '../features/auth/throttle.ts';
import { tooManyRequests } from '../http/errors.ts';

export const MAX_ATTEMPTS = 8;
/** How long a claimed row is invisible to other senders before it may be retried (crash safety). */
const CLAIM_MINUTES = 5;

/** What a secret becomes in the stored copy of a sent mail. */
export const SECRET_REMOVED = '[removed after sending]';

/**
 * `text` with every one of `secrets` replaced by {@link SECRET_REMOVED} (longest first, so a code that is part
 * of a link cannot leave the rest of the link behind). Empty strings are ignored.
 */
export function redactSecrets(text: string, secrets: readonly string[] | null | undefined): string;
export function redactSecrets(
  text: string | null,
  secrets: readonly string[] | null | undefined,
): string | null;
export function redactSecrets(text: string | null, secrets: readonly string[] | null | undefined) {
  if (text === null || !secrets?.length) return text;
  const ordered = [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  return ordered.reduce((out, secret) => out.replaceAll(secret, SECRET_REMOVED), text);
}

/**
 * Queue `message` in `db` (the transaction of the change it is about); answers the row id. Its `secrets` are
 * kept only until delivery (module comment).
 */
export async function enqueueMail(db: DbOrTx, message: MailMessage): Promise<string> {
  const secrets = (message.secrets ?? []).filter((s) => s.length > 0);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      secrets: secrets.length > 0 ? secrets : null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** A recipient address as a throttle key part: a SHA-256 prefix, so no address is kept in the counters. */
const addressKey = (to: string) =>
  createHash('sha256').update(to.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Count one mail from `sender` to the address `to` that the caller chose (a contact's address, an invited
 * parent or teacher, an inbox reply), and refuse it with 429 past {@link limits}.mailPerRecipient (per sender
 * and recipient) or {@link limits}.mailPerSender (per sender). `sender` is a family (`family:<id>`) or a staff
 * account (`staff:<id>`) — see `throttleKeys.mailFrom`. Call it inside the transaction that queues the mail:
 * the refusal rolls the change back with the count, so a refused request queues nothing and counts nothing.
 * The 429's code (`sessions.mail.*`, contract/src/locales/api-errors) says when to try again, in the family's language.
 */
export async function limitMailTo(db: DbOrTx, sender: string, to: string, now: Date): Promise<void> {
  const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
  const perRecipient = await hit(
    db,
    [{ key: throttleKeys.mailTo(sender, addressKey(to)), limit: limits.mailPerRecipient }],
    now,
  );
  if (perRecipient > 0)
    throw tooManyRequests(perRecipient, 'sessions.mail.tooManyToAddress', {
      address: to,
      count: minutes(perRecipient),
    });
  const perSender = await hit(db, [{ key: throttleKeys.mailFrom(sender), limit: limits.mailPerSender }], now);
  if (perSender > 0)
    throw tooManyRequests(perSender, 'sessions.mail.tooManySent', { count: minutes(perSender) });
}

/** Minutes to wait before attempt n+1 (1, 2, 4 … capped at 60). */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1));
}

/**
 * Send every due Pending message (at most `limit`). Returns how many were sent and how many failed this round.
 */
export async function deliverDueMail(
  db: DbOrTx,
  mailer: Mailer,
  log: (msg: string) => void,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  const claimed = await queryRows<{
    id: string;
    to: string;
    reply_to: string | null;
    subject: string;
    text: string;
    html: string | null;
    secrets: string[] | null;
    attempts: number;
  }>(
    db,
    sql`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(mins => ${CLAIM_MINUTES})
    where id in (
      select id from mail_outbox where status = 'Pending' and next_attempt_at <= now()
      order by next_attempt_at limit ${limit} for update skip locked
    )
    returning id, "to", reply_to, subject, text, html, secrets, attempts`,
  );
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    // What stays in the row once the mail is out, or given up on: the mail without its secrets.
    const kept = sql`subject = ${redactSecrets(row.subject, row.secrets)},
      text = ${redactSecrets(row.text, row.secrets)}, html = ${redactSecrets(row.html, row.secrets)},
      secrets = null`;
    try {
      await mailer.send({
        to: row.to,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db.execute(
        sql`update mail_outbox set status = 'Sent', sent_at = now(), last_error = null, ${kept} where id = ${row.id}`,
      );
      sent++;
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      log(
        `mail ${row.id} to ${row.to} failed (attempt ${row.attempts}${giveUp ? ', giving up' : ''}): ${message}`,
      );
      await db.execute(sql`
        update mail_outbox set last_error = ${message.slice(0, 1000)},
          status = ${giveUp ? 'Failed' : 'Pending'},
          next_attempt_at = now() + make_interval(mins => ${retryDelayMinutes(row.attempts)})
          ${giveUp ? sql`, ${kept}` : sql``}
        where id = ${row.id}`);
    }
  }
  return { sent, failed };
}
