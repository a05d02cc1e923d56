/**
 * The mail outbox. A use case calls `enqueueMail(tx, …)` inside the transaction that makes the change the
 * mail is about, so either both are stored or neither. `deliverDueMail` then sends what is due: it claims
 * rows with one UPDATE … FOR UPDATE SKIP LOCKED (so two server processes never send the same row), sends
 * outside any transaction, and records the outcome. A failed send is retried with back-off, up to
 * MAX_ATTEMPTS, after which the row is marked Failed and kept for staff to see.
 */
import { sql } from 'drizzle-orm';
import type { Mailer, MailMessage } from '../adapters/mail.ts';
import { type DbOrTx, queryRows } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

export const MAX_ATTEMPTS = 8;
/** How long a claimed row is invisible to other senders before it may be retried (crash safety). */
const CLAIM_MINUTES = 5;

export async function enqueueMail(db: DbOrTx, message: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
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
    attempts: number;
  }>(
    db,
    sql`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(mins => ${CLAIM_MINUTES})
    where id in (
      select id from mail_outbox where status = 'Pending' and next_attempt_at <= now()
      order by next_attempt_at limit ${limit} for update skip locked
    )
    returning id, "to", reply_to, subject, text, html, attempts`,
  );
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      await mailer.send({
        to: row.to,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
      await db.execute(
        sql`update mail_outbox set status = 'Sent', sent_at = now(), last_error = null where id = ${row.id}`,
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
        where id = ${row.id}`);
    }
  }
  return { sent, failed };
}
