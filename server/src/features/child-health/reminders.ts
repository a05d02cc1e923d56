/**
 * Reminders before a health record runs out (issue 26 part 1; decision 035): a physical exam (its day plus
 * the months the child's programs count it, 12 by default) and a document with an expiry day, for children
 * holding an Enrolled place in a session that has not ended. Each is mailed to every parent of the family in
 * their own language (family/mail-recipients.ts) and pushed to their devices (features/push), at
 * {@link REMINDER_DAYS} days before (30, then 7): once per item, expiry and threshold.
 * - The round runs under advisory lock {@link HEALTH_REMINDER_LOCK}; each reminder is claimed by inserting
 *   its `health_reminder_sends` row (`on conflict do nothing`) in the transaction that queues the mails, so a
 *   second process, a second round or a restart never sends it again.
 * - When a reminder is first due inside the 7-day window (the record was entered late, or the server was
 *   down), only the nearest threshold is sent.
 * - Pushes go after the commit, outside the lock (decision 034).
 */
import { DEFAULT_PHYSICAL_MONTHS, physicalValidUntil, REMINDER_DAYS, routes } from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.ts';
import { CENTER, familyText, longDateIn, mailT } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PendingPush, PushNotifier } from '../../ports.ts';
import { familyRecipients } from '../family/mail-recipients.ts';

/** Advisory lock key of the health reminders' round ("LC" 0035, after decision 035). */
export const HEALTH_REMINDER_LOCK = 0x4c43_0035;

/** What the round needs. */
export type HealthReminderDeps = {
  database: Pick<Database, 'db' | 'exclusive'>;
  clock: Clock;
  appUrl: string;
  push: Pick<PushNotifier, 'deliver'>;
};

/** One thing that runs out: the child, what it is, the day it stops counting. */
export type Expiring = {
  studentId: string;
  firstName: string;
  /** 'physical' or 'document:<id>'. */
  item: string;
  documentKind: string | null;
  expiresOn: string;
};

/** The threshold (days before) a reminder for `expiresOn` is due at on `today`, or null when none is. */
export function dueThreshold(expiresOn: string, today: string): number | null {
  if (expiresOn < today) return null;
  const due = REMINDER_DAYS.filter((days) => addDays(expiresOn, -days) <= today);
  return due.length === 0 ? null : Math.min(...due);
}

/** One round under the advisory lock; `{ ran: false }` when another process is running it. */
export function sweepHealthReminders(deps: HealthReminderDeps) {
  return deps.database.exclusive(HEALTH_REMINDER_LOCK, () => runHealthReminders(deps));
}

/** Physicals and documents running out within the reminders' reach on `today`, of children in class. */
export async function expiringItems(db: Database['db'], today: string): Promise<Expiring[]> {
  const horizon = addDays(today, Math.max(...REMINDER_DAYS));
  const enrolled = sql`(select e.student_id from class_session_enrollments e
    join class_sessions s on s.id = e.class_session_id
    where e.status = 'Enrolled' and s.session_end_date >= ${today})`;
  const physicals = await queryRows<{
    id: string;
    first_name: string;
    physical_on: string;
    months: number | null;
  }>(
    db,
    sql`select st.id, st.first_name, h.physical_on::text as physical_on,
        (select min(r.months) from program_health_requirements r
          join class_sessions s on s.class_section_id = r.class_section_id
          join class_session_enrollments e on e.class_session_id = s.id
          where e.student_id = st.id and e.status = 'Enrolled' and s.session_end_date >= ${today}
            and r.requirement = 'Physical') as months
      from health_profiles h join students st on st.id = h.student_id
      where h.physical_on is not null and h.student_id in ${enrolled}
        and h.physical_on > (${today}::date - interval '37 months')`,
  );
  const documents = await queryRows<{
    id: string;
    student_id: string;
    first_name: string;
    kind: string;
    expires_on: string;
  }>(
    db,
    sql`select d.id, d.student_id, st.first_name, d.kind, d.expires_on::text as expires_on
      from health_documents d join students st on st.id = d.student_id
      where d.expires_on between ${today} and ${horizon} and d.student_id in ${enrolled}`,
  );
  const out: Expiring[] = [];
  for (const p of physicals) {
    const until = physicalValidUntil(p.physical_on, p.months ?? DEFAULT_PHYSICAL_MONTHS);
    if (until >= today && until <= horizon)
      out.push({
        studentId: p.id,
        firstName: p.first_name,
        item: 'physical',
        documentKind: null,
        expiresOn: until,
      });
  }
  for (const d of documents)
    out.push({
      studentId: d.student_id,
      firstName: d.first_name,
      item: `document:${d.id}`,
      documentKind: d.kind,
      expiresOn: d.expires_on,
    });
  return out;
}

/** Claims and queues today's due reminders; answers how many items were reminded. */
export async function runHealthReminders(deps: HealthReminderDeps): Promise<{ reminded: number }> {
  const { db } = deps.database;
  const today = deps.clock.today(deps.clock.now());
  const pushes: PendingPush[] = [];
  let reminded = 0;
  for (const item of await expiringItems(db, today)) {
    const threshold = dueThreshold(item.expiresOn, today);
    if (threshold === null) continue;
    const sent = await db.transaction(async (tx) => {
      const claimed = await queryRows<{ item: string }>(
        tx,
        sql`insert into health_reminder_sends (student_id, item, expires_on, days_before)
          values (${item.studentId}, ${item.item}, ${item.expiresOn}, ${threshold})
          on conflict do nothing returning item`,
      );
      if (claimed.length === 0) return false;
      // Nearer thresholds only: a 7-day reminder sent first leaves no 30-day one to come.
      for (const days of REMINDER_DAYS.filter((d) => d > threshold))
        await tx.execute(sql`insert into health_reminder_sends (student_id, item, expires_on, days_before)
          values (${item.studentId}, ${item.item}, ${item.expiresOn}, ${days}) on conflict do nothing`);
      const daysLeft = Math.round(
        (Date.parse(`${item.expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
      );
      for (const parent of await familyRecipients(tx, { studentId: item.studentId })) {
        const mail = healthReminderMail(item, daysLeft, parent.language, deps.appUrl);
        await enqueueMail(tx, { to: parent.emailAddress, subject: mail.subject, text: mail.text });
        pushes.push({
          userId: parent.id,
          payload: mail.push,
          ttlSeconds: 2 * 24 * 60 * 60,
          urgency: 'normal',
        });
      }
      return true;
    });
    if (sent) reminded += 1;
  }
  if (pushes.length > 0) await deps.push.deliver(pushes);
  return { reminded };
}

/** The reminder's mail and push for one parent, in `language`. */
export function healthReminderMail(item: Expiring, daysLeft: number, language: string, appUrl: string) {
  const t = mailT(language);
  const thing =
    item.documentKind === null
      ? t('health.reminder.physicalItem')
      : t(`health.reminder.document.${item.documentKind as 'Other'}`);
  const date = longDateIn(item.expiresOn, language);
  const name = item.firstName;
  const link = `${appUrl}${routes.childHealth(item.studentId)}`;
  return {
    subject: t('health.reminder.subject', { name, item: thing, date }),
    text: familyText(
      t,
      daysLeft <= 0
        ? t('health.reminder.bodyToday', { name, item: thing, date, center: CENTER })
        : t('health.reminder.body', { name, item: thing, date, count: daysLeft, center: CENTER }),
      `${t('health.reminder.action', { name })}\n${link}`,
      t('health.reminder.why'),
    ),
    push: {
      title: t('health.reminder.pushTitle', { name, item: thing }),
      body: t('health.reminder.pushBody', { name, date }),
      url: routes.childHealth(item.studentId),
      tag: `health-${item.studentId}-${item.item}`,
    },
  };
}
