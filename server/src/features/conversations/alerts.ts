/**
 * Telling the other side about new messages (issue 25 "Notifications"; decision 032), batched and held
 * during quiet hours:
 * - When a message is sent, each person on the other side who hears by email or text gets one
 *   `message_alerts` row for the conversation, due {@link BATCH_MINUTES} later, or when their quiet hours end
 *   (their own, on the center's clock; the center's default is 8 pm to 7 am). A row already waiting keeps its
 *   time, so messages that follow it join the same notification.
 * - The background round claims due rows (`FOR UPDATE SKIP LOCKED`, so two server processes never tell anyone
 *   twice), and for each sends one email listing every message the person has still not read, and/or one
 *   text saying how many, and/or one web push to each of their devices (decision 034: "Maya Chen wrote", or
 *   "3 new messages from the center", never the words), then deletes the row in the same transaction as the
 *   mail it queued; texts and pushes leave after the commit and after the round's lock is let go. A person
 *   who read the messages meanwhile gets nothing; one whose quiet hours began meanwhile waits until they end.
 * A person with a device (a `push_subscriptions` row) hears by push whatever they chose for email and texts.
 * Who on the center's side is told: the conversation's assignee when it has one who may still read it, else
 * the office and the teachers of the family's children (each as they chose).
 */
import { minutesUntilQuietEnds } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { SmsMessage } from '../../adapters/sms.ts';
import { type Database, type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { PendingPush, PushNotifier } from '../../ports.ts';
import { familyAccounts } from './access.ts';
import { type AlertMessage, messageAlertMail, messageAlertPush, messageAlertText } from './alert-mail.ts';

/** Minutes a notification waits for more messages to batch with, before it goes. */
export const BATCH_MINUTES = 5;
/** Advisory lock key of the alert round ("LC" 0006). */
export const MESSAGE_ALERT_LOCK = 0x4c43_0006;

/** Minutes past midnight of `at` on the clock of `timeZone`. */
export function minuteOfDay(at: Date, timeZone: string): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':')
    .map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * When a notification about a message sent at `now` may go to a person with quiet hours `quietFrom`–
 * `quietUntil` ("HH:MM", the center's clock in `timeZone`): `batchMinutes` later, moved to the end of the
 * quiet hours when it would fall inside them (to the minute).
 */
export function alertDueAt(
  now: Date,
  timeZone: string,
  quietFrom: string,
  quietUntil: string,
  batchMinutes = BATCH_MINUTES,
): Date {
  const due = new Date(now.getTime() + batchMinutes * 60_000);
  const wait = minutesUntilQuietEnds(minuteOfDay(due, timeZone), quietFrom, quietUntil);
  if (wait === 0) return due;
  const atMinute = new Date(due.getTime() - (due.getTime() % 60_000));
  return new Date(atMinute.getTime() + wait * 60_000);
}

type Recipient = { id: string; quiet_from: string; quiet_until: string };

/**
 * Inside the sending transaction: a waiting notification for each person on the other side of `message`
 * (who hears by email, or by text with a number), unless one is already waiting for them.
 */
export async function scheduleAlerts(
  tx: Tx,
  conversation: { id: string; family_user_id: string; assignee_id: string | null },
  message: { authorId: string; side: 'Family' | 'Center' },
  now: Date,
  timeZone: string,
): Promise<void> {
  const hears = sql`u.closed_at is null and u.id <> ${message.authorId}
    and (u.notify_email or (u.notify_sms and u.sms is not null)
      or exists (select 1 from push_subscriptions p where p.user_id = u.id))`;
  const teachesFamily = sql`exists (select 1 from session_staff ss
    join class_session_enrollments e on e.class_session_id = ss.class_session_id and e.status = 'Enrolled'
    join user_students us on us.student_id = e.student_id
    where ss.user_id = u.id and us.user_id = ${conversation.family_user_id})`;
  const mayRead = sql`(u.type = 'Admin' or (u.type = 'Staff' and (u.inbox_access or ${teachesFamily})))`;
  let recipients: Recipient[];
  if (message.side === 'Center') {
    recipients = await queryRows<Recipient>(
      tx,
      sql`select u.id, u.quiet_from, u.quiet_until from users u
        where u.id in (select user_id from ${familyAccounts(conversation.family_user_id)} f) and ${hears}`,
    );
  } else {
    const assigned = conversation.assignee_id
      ? await queryRows<Recipient>(
          tx,
          sql`select u.id, u.quiet_from, u.quiet_until from users u
            where u.id = ${conversation.assignee_id} and ${mayRead} and u.closed_at is null`,
        )
      : [];
    recipients =
      assigned.length > 0
        ? assigned.filter((r) => r.id !== message.authorId)
        : await queryRows<Recipient>(
            tx,
            sql`select u.id, u.quiet_from, u.quiet_until from users u where ${mayRead} and ${hears}`,
          );
  }
  if (recipients.length === 0) return;
  const rows = recipients.map(
    (r) =>
      sql`(${r.id}::uuid, ${conversation.id}::uuid, ${alertDueAt(now, timeZone, r.quiet_from, r.quiet_until)}, ${now})`,
  );
  await tx.execute(sql`insert into message_alerts (user_id, conversation_id, due_at, created)
    values ${sql.join(rows, sql`, `)} on conflict (user_id, conversation_id) do nothing`);
}

/** What the alert round needs. */
export type AlertSweepDeps = {
  database: Pick<Database, 'db' | 'exclusive'>;
  now: () => Date;
  timeZone: string;
  appUrl: string;
  centerEmail: string;
  sms: { send(message: SmsMessage): Promise<void> };
  push: Pick<PushNotifier, 'deliver'>;
  log: (msg: string) => void;
};

/**
 * What one round did: notifications mailed, texted, dropped (read meanwhile) and held (quiet hours began),
 * and the devices a push reached.
 */
export type AlertSweepResult = {
  mailed: number;
  texted: number;
  dropped: number;
  held: number;
  pushed: number;
};

/**
 * One round: the claims under the advisory lock (`{ ran: false }` when another process is running it), then
 * the texts and pushes once the lock is let go, so a slow phone company or push service never holds it.
 */
export async function sweepMessageAlerts(deps: AlertSweepDeps) {
  const claimed = await deps.database.exclusive(MESSAGE_ALERT_LOCK, () => claimAlerts(deps));
  if (!claimed.ran) return claimed;
  const { result, texts, pushes } = claimed.value;
  // Texts leave after their rows are gone, so a failed text is never retried into a second one.
  for (const text of texts) {
    try {
      await deps.sms.send(text);
      result.texted += 1;
    } catch (error) {
      deps.log(`message alert text failed: ${(error as Error).message}`);
    }
  }
  result.pushed = (await deps.push.deliver(pushes)).sent;
  return { ran: true as const, value: result };
}

type DueAlert = {
  user_id: string;
  conversation_id: string;
  family_user_id: string;
  first_name: string;
  email_address: string;
  sms: string | null;
  notify_email: boolean;
  notify_sms: boolean;
  quiet_from: string;
  quiet_until: string;
  language: string;
  family: boolean;
  has_push: boolean;
};

/**
 * Claims due notifications, 50 at a time, each batch in its own transaction with its mail; answers the
 * texts and pushes to send after.
 */
async function claimAlerts(
  deps: AlertSweepDeps,
): Promise<{ result: AlertSweepResult; texts: SmsMessage[]; pushes: PendingPush[] }> {
  const result: AlertSweepResult = { mailed: 0, texted: 0, dropped: 0, held: 0, pushed: 0 };
  const texts: SmsMessage[] = [];
  const pushes: PendingPush[] = [];
  for (;;) {
    const now = deps.now();
    const batch = await deps.database.db.transaction(async (tx) => {
      const due = await queryRows<DueAlert>(
        tx,
        sql`select a.user_id, a.conversation_id, c.family_user_id, u.first_name, u.email_address, u.sms,
            u.notify_email, u.notify_sms, u.quiet_from, u.quiet_until, u.language,
            a.user_id in (select user_id from ${familyAccounts(sql`c.family_user_id`)} f) as family,
            exists (select 1 from push_subscriptions p where p.user_id = a.user_id) as has_push
          from message_alerts a
          join conversations c on c.id = a.conversation_id
          join users u on u.id = a.user_id
          where a.due_at <= ${now}
          order by a.due_at, a.user_id, a.conversation_id
          limit 50 for update of a skip locked`,
      );
      for (const alert of due) await sendAlert(tx, deps, alert, now, result, { texts, pushes });
      return due.length;
    });
    if (batch < 50) break;
  }
  return { result, texts, pushes };
}

async function sendAlert(
  tx: Tx,
  deps: AlertSweepDeps,
  alert: DueAlert,
  now: Date,
  result: AlertSweepResult,
  { texts, pushes }: { texts: SmsMessage[]; pushes: PendingPush[] },
): Promise<void> {
  const wait = minutesUntilQuietEnds(minuteOfDay(now, deps.timeZone), alert.quiet_from, alert.quiet_until);
  if (wait > 0) {
    await tx.execute(sql`update message_alerts set due_at = ${new Date(now.getTime() + wait * 60_000)}
      where user_id = ${alert.user_id} and conversation_id = ${alert.conversation_id}`);
    result.held += 1;
    return;
  }
  await tx.execute(sql`delete from message_alerts
    where user_id = ${alert.user_id} and conversation_id = ${alert.conversation_id}`);
  const side = alert.family ? 'Family' : 'Center';
  const unread = await unreadMessages(tx, alert.conversation_id, alert.user_id, side);
  if (unread.length === 0) {
    result.dropped += 1;
    return;
  }
  const familyName = alert.family ? null : await familyNameOf(tx, alert.family_user_id);
  const recipient = { firstName: alert.first_name, language: alert.language, familyName };
  const link = alert.family
    ? `${deps.appUrl}/dashboard/messages`
    : `${deps.appUrl}/staff/messages/${alert.conversation_id}`;
  if (alert.notify_email) {
    await enqueueMail(tx, {
      ...messageAlertMail(recipient, unread, link, deps.timeZone),
      to: alert.email_address,
      replyTo: deps.centerEmail,
    });
    result.mailed += 1;
  }
  if (alert.notify_sms && alert.sms)
    texts.push({ to: alert.sms, body: messageAlertText(recipient, unread.length, link) });
  if (alert.has_push)
    pushes.push({
      userId: alert.user_id,
      payload: messageAlertPush(recipient, unread, alert.conversation_id),
      // A day: a phone off overnight still hears in the morning; older news is on the page anyway.
      ttlSeconds: 24 * 60 * 60,
      urgency: 'normal',
    });
}

/** The other side's messages `userId` (on `side`) has not read in `conversationId`, oldest first. */
async function unreadMessages(
  db: DbOrTx,
  conversationId: string,
  userId: string,
  side: 'Family' | 'Center',
): Promise<AlertMessage[]> {
  const rows = await queryRows<{
    first_name: string | null;
    last_name: string | null;
    body: string;
    created: Date | string;
    files: number;
  }>(
    db,
    sql`select u.first_name, u.last_name, m.body, m.created,
        (select count(*)::int from message_attachments x where x.message_id = m.id) as files
      from conversation_messages m left join users u on u.id = m.author_id
      where m.conversation_id = ${conversationId} and m.side <> ${side} and m.deleted_at is null
        and m.created > coalesce((select read_at from conversation_reads r
          where r.conversation_id = ${conversationId} and r.user_id = ${userId}), '-infinity'::timestamptz)
      order by m.created, m.id`,
  );
  return rows.map((r) => ({
    author: r.first_name ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null,
    body: r.body,
    created: new Date(r.created),
    files: r.files,
  }));
}

/** "Maya and Daniel Chen"-style name of a family for the staff's mail: its parents' names. */
async function familyNameOf(db: DbOrTx, familyUserId: string): Promise<string> {
  const rows = await queryRows<{ first_name: string; last_name: string }>(
    db,
    sql`select u.first_name, u.last_name from users u
      where u.id in (select user_id from ${familyAccounts(familyUserId)} f)
      order by u.id = ${familyUserId} desc, u.last_name, u.first_name`,
  );
  return rows.map((r) => `${r.first_name} ${r.last_name}`).join(' & ');
}
