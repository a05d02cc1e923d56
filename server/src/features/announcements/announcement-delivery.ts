/**
 * Sending announcements (issue 10): the emails queued in the caller's transaction and the texts answered to
 * send after the commit, once per family across the announcements of one group. Used by "Send now"
 * (staff-announcements.ts) and the background sweep (announcement-sweep.ts).
 */
import { announcementSmsText } from '@lc/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { announcements } from '../../db/schema.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { announcementMail, recipients } from './announcements.ts';
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
