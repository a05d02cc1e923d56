/**
 * Sending announcements (issue 10): the emails queued in the caller's transaction and the texts answered to
 * send after the commit, once per family across the announcements of one group; and a web push of the title
 * to each parent's devices (issue 25 "On the phone", decision 034), also after the commit. Used by "Send
 * now" (staff-announcements.ts), `POST /api/Announcement` (routes.ts) and the background sweep
 * (announcement-sweep.ts).
 */
import { announcementSmsText, routes } from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { announcements } from '../../db/schema.ts';
import { CENTER, mailT } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { PendingPush } from '../../ports.ts';
import { announcementMail, recipientRows, recipients } from './announcements.ts';
import type { Row } from './staff-announcement-list.ts';

/**
 * A text message to send after the commit (`announcementId` to correct its count if delivery fails; null for
 * a message to chosen families, family-message.ts, whose count is its audit row's).
 */
export type PendingText = { announcementId: number | null; to: string; body: string };

/**
 * Queue the emails of `rows` (just claimed or posted, in `tx`) and record their delivery counts; answer the
 * texts to send after the commit. A family reached by two rows of one announcement (its `group_id`; rows
 * without one: the same title and words) hears once. Each
 * email's sign-off is in its reader's language (`announcementMail`).
 * Source: issue 10 ("a sent announcement shows delivery counts").
 */
export async function deliverAnnouncements(tx: DbOrTx, rows: Row[], now: Date): Promise<PendingText[]> {
  const mailed = new Map<string, Set<string>>();
  const texted = new Map<string, Set<string>>();
  const texts: PendingText[] = [];
  for (const row of rows) {
    const { emails, phones, languages } = await recipients(
      tx,
      row.classSessionId === null ? [] : [row.classSessionId],
      now,
    );
    let emailCount = 0;
    if (row.sendEmail && row.emailMessage) {
      const key = row.groupId ?? `${row.title}\u0000${row.emailMessage}`;
      const seen = mailed.get(key) ?? new Set<string>();
      mailed.set(key, seen);
      for (const to of emails) {
        if (seen.has(to)) continue;
        seen.add(to);
        await enqueueMail(tx, announcementMail(to, row.title, row.emailMessage, languages.get(to)));
        emailCount += 1;
      }
    }
    let smsCount = 0;
    if (row.sendSMS && row.smsMessage) {
      const key = row.groupId ?? row.smsMessage;
      const seen = texted.get(key) ?? new Set<string>();
      texted.set(key, seen);
      for (const to of phones) {
        if (seen.has(to)) continue;
        seen.add(to);
        texts.push({ announcementId: row.id, to, body: announcementSmsText(row.smsMessage) });
        smsCount += 1;
      }
    }
    await tx.update(announcements).set({ emailCount, smsCount }).where(eq(announcements.id, row.id));
    row.emailCount = emailCount;
    row.smsCount = smsCount;
  }
  return texts;
}

/**
 * The pushes of announcements just sent (`rows`, or one posted for `sessionIds`): for each parent of an
 * enrolled child with a device, the title and "News from Bright Oak", opening their dashboard, once per
 * parent across the rows (the rows of one group, or of one call). In each parent's language; the title is
 * the staff's, as written.
 */
export async function announcementPushes(
  tx: DbOrTx,
  sent: Array<{ id: number; title: string; classSessionId: number | null }>,
  now: Date,
): Promise<PendingPush[]> {
  const pushes: PendingPush[] = [];
  const told = new Map<string, Set<string>>();
  for (const row of sent) {
    const parents = (
      await recipientRows(tx, row.classSessionId === null ? [] : [row.classSessionId], now)
    ).filter((r) => r.kind === 'parent' && r.userId !== null);
    if (parents.length === 0) continue;
    const withDevices = new Set(
      (
        await queryRows<{ user_id: string }>(
          tx,
          sql`select distinct user_id from push_subscriptions where user_id in (${sql.join(
            parents.map((p) => sql`${p.userId}::uuid`),
            sql`, `,
          )})`,
        )
      ).map((r) => r.user_id),
    );
    const seen = told.get(row.title) ?? new Set<string>();
    told.set(row.title, seen);
    for (const parent of parents) {
      const userId = parent.userId!;
      if (!withDevices.has(userId) || seen.has(userId)) continue;
      seen.add(userId);
      pushes.push({
        userId,
        payload: {
          title: row.title,
          body: mailT(parent.language)('push.announcement', { center: CENTER }),
          url: routes.dashboard,
          tag: `announcement-${row.id}`,
        },
        ttlSeconds: 3 * 24 * 60 * 60,
        urgency: 'normal',
      });
    }
  }
  return pushes;
}
