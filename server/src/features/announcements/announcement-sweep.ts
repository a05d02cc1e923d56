/**
 * Scheduled announcements go out from the background sweep (issue 10; docs/architecture.md "Staff back office":
 * scheduled work lives in the database with a due time). Two guards make sure no family hears twice when
 * several server processes sweep the same database:
 * 1. the sweep runs under its own PostgreSQL advisory lock (`Database.exclusive`), so one process at a time;
 * 2. each due row is claimed by one statement (`UPDATE … SET sent_at = now WHERE … sent_at IS NULL`, over
 *    rows picked with `FOR UPDATE SKIP LOCKED`), so even two sweeps without the lock never claim a row twice.
 * The claim, the queued emails, the delivery counts and the audit rows commit together; text messages and
 * web pushes (decision 034) are sent after the commit (and, in the sweep, after its lock is let go), as for
 * the spec §7 call.
 */
import { and, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { SmsSender } from '../../adapters/sms.ts';
import type { Database } from '../../db/client.ts';
import { announcements } from '../../db/schema.ts';
import type { PendingPush, PushNotifier } from '../../ports.ts';
import { recordAudit } from '../audit/record.ts';
import { announcementPushes, deliverAnnouncements, type PendingText } from './announcement-delivery.ts';

/** Advisory lock key of the announcement sweep ("LC" 0003). */
export const ANNOUNCEMENT_SWEEP_LOCK = 0x4c43_0003;

export type AnnouncementSweepDeps = {
  database: Pick<Database, 'db' | 'exclusive'>;
  now: () => Date;
  sms: SmsSender;
  push: Pick<PushNotifier, 'deliver'>;
  log: (message: string) => void;
};

/** At most this many announcements go out per round; the rest in the next (the index keeps it cheap). */
const BATCH = 50;

/**
 * One sweep: the claim under the advisory lock (`{ ran: false }` when another process is sending right now),
 * then the texts and pushes once the lock is let go.
 */
export async function sweepAnnouncements(deps: AnnouncementSweepDeps) {
  const claimed = await deps.database.exclusive(ANNOUNCEMENT_SWEEP_LOCK, () => claimDueAnnouncements(deps));
  if (!claimed.ran) return claimed;
  await sendTexts(deps, claimed.value.texts);
  await deps.push.deliver(claimed.value.pushes);
  return { ran: true as const, value: claimed.value.ids };
}

/**
 * Claim and send every announcement due at `now` (send_at <= now, not sent, not cancelled). Answers the ids
 * sent. Safe to run concurrently with itself: a row is claimed by exactly one caller.
 */
export async function sendDueAnnouncements(deps: AnnouncementSweepDeps): Promise<number[]> {
  const { ids, texts, pushes } = await claimDueAnnouncements(deps);
  await sendTexts(deps, texts);
  await deps.push.deliver(pushes);
  return ids;
}

/** The claim and its mail, counts and audit in one transaction; answers the texts and pushes to send after. */
async function claimDueAnnouncements(
  deps: AnnouncementSweepDeps,
): Promise<{ ids: number[]; texts: PendingText[]; pushes: PendingPush[] }> {
  const now = deps.now();
  return deps.database.db.transaction(async (tx) => {
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
    if (claimed.length === 0) return { ids: [], texts: [] as PendingText[], pushes: [] as PendingPush[] };
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
    const pushes = await announcementPushes(tx, claimed, now);
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
    return { ids: claimed.map((r) => r.id), texts, pushes };
  });
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
