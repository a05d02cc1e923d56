/**
 * Scheduled announcements go out from the background sweep (issue 10; docs/architecture.md "Staff back office":
 * scheduled work lives in the database with a due time). Two guards make sure no family hears twice when
 * several server processes sweep the same database:
 * 1. the sweep runs under its own PostgreSQL advisory lock (`Database.exclusive`), so one process at a time;
 * 2. each due row is claimed by one statement (`UPDATE … SET sent_at = now WHERE … sent_at IS NULL`, over
 *    rows picked with `FOR UPDATE SKIP LOCKED`), so even two sweeps without the lock never claim a row twice.
 * The claim, the queued emails, the delivery counts and the audit rows commit together; text messages are
 * sent after the commit, as for the spec §7 call.
 */
import { and, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { SmsSender } from '../../adapters/sms.ts';
import type { Database } from '../../db/client.ts';
import { announcements } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { deliverAnnouncements, type PendingText } from './announcement-delivery.ts';

/** Advisory lock key of the announcement sweep ("LC" 0003). */
export const ANNOUNCEMENT_SWEEP_LOCK = 0x4c43_0003;

export type AnnouncementSweepDeps = {
  database: Pick<Database, 'db' | 'exclusive'>;
  now: () => Date;
  sms: SmsSender;
  log: (message: string) => void;
};

/** At most this many announcements go out per round; the rest in the next (the index keeps it cheap). */
const BATCH = 50;

/** One sweep under the advisory lock; `{ ran: false }` when another process is sending right now. */
export function sweepAnnouncements(deps: AnnouncementSweepDeps) {
  return deps.database.exclusive(ANNOUNCEMENT_SWEEP_LOCK, () => sendDueAnnouncements(deps));
}

/**
 * Claim and send every announcement due at `now` (send_at <= now, not sent, not cancelled). Answers the ids
 * sent. Safe to run concurrently with itself: a row is claimed by exactly one caller.
 */
export async function sendDueAnnouncements(deps: AnnouncementSweepDeps): Promise<number[]> {
  const now = deps.now();
  const { ids, texts } = await deps.database.db.transaction(async (tx) => {
    const claimed = await tx
      .update(announcements)
      .set({ sentAt: now, updated: now })
      .where(
        sql`${announcements.id} in (
          select id from announcements
          where send_at <= ${now} and sent_at is null and cancelled_at is null
          order by send_at, id
          limit ${BATCH}
          for update skip locked)
        and ${announcements.sentAt} is null and ${announcements.cancelledAt} is null`,
      )
      .returning();
    if (claimed.length === 0) return { ids: [], texts: [] as PendingText[] };
    // The rest of a group cut off by the batch goes with it, so a family in two of its sessions hears once.
    const groups = [...new Set(claimed.map((r) => r.groupId).filter((g): g is string => g !== null))];
    if (groups.length > 0)
      claimed.push(
        ...(await tx
          .update(announcements)
          .set({ sentAt: now, updated: now })
          .where(
            and(
              inArray(announcements.groupId, groups),
              lte(announcements.sendAt, now),
              isNull(announcements.sentAt),
              isNull(announcements.cancelledAt),
            ),
          )
          .returning()),
      );
    claimed.sort((a, b) => a.id - b.id);
    const texts = await deliverAnnouncements(tx, claimed, now);
    for (const row of claimed)
      await recordAudit(
        tx,
        {
          actorUserId: null,
          action: 'announcement.sent',
          entityType: 'Announcement',
          entityId: row.id,
          before: { sendAt: row.sendAt?.toISOString() ?? null, sentAt: null },
          after: { sentAt: now.toISOString(), emailCount: row.emailCount, smsCount: row.smsCount },
        },
        now,
      );
    return { ids: claimed.map((r) => r.id), texts };
  });
  await sendTexts(deps, texts);
  return ids;
}

/**
 * Send `texts` one by one after the commit; a failure is logged and taken off its announcement's
 * `sms_count`, so the count says how many texts the provider accepted.
 */
export async function sendTexts(
  deps: Pick<AnnouncementSweepDeps, 'database' | 'sms' | 'log'>,
  texts: PendingText[],
): Promise<void> {
  const failed = new Map<number, number>();
  for (const text of texts) {
    try {
      await deps.sms.send({ to: text.to, body: text.body });
    } catch (error) {
      deps.log(`text to ${text.to} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (text.announcementId !== null)
        failed.set(text.announcementId, (failed.get(text.announcementId) ?? 0) + 1);
    }
  }
  for (const [id, count] of failed)
    await deps.database.db.execute(
      sql`update announcements set sms_count = greatest(coalesce(sms_count, 0) - ${count}, 0) where id = ${id}`,
    );
}
