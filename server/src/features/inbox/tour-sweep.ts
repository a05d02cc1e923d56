/**
 * The background sweep's tour work (issue 24; decision 028), done the way scheduled announcements are sent
 * (announcements/announcement-sweep.ts): under its own advisory lock, and each row claimed by one statement
 * over rows picked `FOR UPDATE SKIP LOCKED`, so two server processes never remind a family twice.
 *
 * 1. The day before a booked tour (the center's calendar), the family is mailed a reminder with the time and
 *    the center's address; `tour_reminder_sent_at` records it (audited `tour.reminded`).
 * 2. Once a booked tour's time has passed, a New or Replied item becomes Toured (audited `inbox.toured`).
 * 3. When the family's email later holds a paid place (an Enrolled enrollment of a child of the account with
 *    that address, made or paid after the request), a tour item not yet Enrolled or Closed becomes Enrolled
 *    (audited `inbox.enrolled`). Staff may still set any status by hand.
 * Claims, mails and audit rows commit together.
 */
import { addDays } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import { type Database, queryRows, type Tx } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/record.ts';
import { type TourMailDeps, tourReminderMail } from '../contact/tour-mail.ts';
import { dayBounds } from '../passes/door-today.ts';

/** Advisory lock key of the tour sweep ("LC" 0005). */
export const TOUR_SWEEP_LOCK = 0x4c43_0005;

export type TourSweepDeps = {
  database: Pick<Database, 'db' | 'exclusive'>;
  clock: Clock;
  mail: Omit<TourMailDeps, 'timeZone'>;
};

/** What one round did: the items reminded, marked Toured and marked Enrolled. */
export type TourSweepResult = { reminded: string[]; toured: string[]; enrolled: string[] };

/** One sweep under the advisory lock; `{ ran: false }` when another process is sweeping right now. */
export function sweepTours(deps: TourSweepDeps) {
  return deps.database.exclusive(TOUR_SWEEP_LOCK, () => runTourSweep(deps));
}

type Reminded = {
  id: string;
  email: string;
  first_name: string;
  language: string;
  starts_at: Date | string;
  minutes: number;
};

/** Audit each of `rows` moved to `status` by the sweep (no staff member: the center's system). */
async function auditStatus(
  tx: Tx,
  rows: { id: string; before: string }[],
  action: 'inbox.toured' | 'inbox.enrolled',
  status: 'Toured' | 'Enrolled',
  now: Date,
) {
  for (const row of rows)
    await recordAudit(
      tx,
      {
        actorUserId: null,
        action,
        entityType: 'ContactSubmission',
        entityId: row.id,
        before: { status: row.before },
        after: { status },
      },
      now,
    );
}

/** Remind, mark Toured and mark Enrolled what is due at the clock's now. Safe to run concurrently. */
export async function runTourSweep(deps: TourSweepDeps): Promise<TourSweepResult> {
  const { clock } = deps;
  const now = clock.now();
  const tomorrow = dayBounds(addDays(clock.today(now), 1), clock.timeZone);
  return deps.database.db.transaction(async (tx) => {
    const reminded = await queryRows<Reminded>(
      tx,
      sql`with due as (
          select c.id from contact_submissions c join tour_slots s on s.id = c.tour_slot_id
          where c.tour_reminder_sent_at is null and c.status <> 'Closed'
            and s.starts_at >= ${tomorrow.start.toISOString()} and s.starts_at < ${tomorrow.end.toISOString()}
            and s.starts_at > ${now.toISOString()}
          order by s.starts_at, c.id
          limit 100
          for update of c skip locked)
        update contact_submissions c set tour_reminder_sent_at = ${now.toISOString()}
        from due, tour_slots s
        where c.id = due.id and s.id = c.tour_slot_id and c.tour_reminder_sent_at is null
        returning c.id, c.email, c.first_name, c.language, s.starts_at, s.minutes`,
    );
    for (const r of reminded) {
      const startsAt = new Date(r.starts_at);
      const mailId = await enqueueMail(
        tx,
        tourReminderMail(
          { ...deps.mail, timeZone: clock.timeZone },
          { email: r.email, firstName: r.first_name, language: r.language, startsAt, minutes: r.minutes },
        ),
      );
      await recordAudit(
        tx,
        {
          actorUserId: null,
          action: 'tour.reminded',
          entityType: 'ContactSubmission',
          entityId: r.id,
          before: { reminderSentAt: null },
          after: { startsAt: startsAt.toISOString(), reminderSentAt: now.toISOString(), mailId, to: r.email },
        },
        now,
      );
    }

    const toured = await queryRows<{ id: string; before: string }>(
      tx,
      sql`with due as (
          select c.id, c.status from contact_submissions c join tour_slots s on s.id = c.tour_slot_id
          where c.status in ('New', 'Replied')
            and s.starts_at + make_interval(mins => s.minutes) <= ${now.toISOString()}
          for update of c skip locked)
        update contact_submissions c set status = 'Toured', updated = ${now.toISOString()}
        from due where c.id = due.id and c.status in ('New', 'Replied')
        returning c.id, due.status as before`,
    );
    const enrolled = await queryRows<{ id: string; before: string }>(
      tx,
      sql`with due as (
          select c.id, c.status from contact_submissions c
          where c.tour and c.status in ('New', 'Replied', 'Toured')
            and exists (select 1 from users u
              join user_students us on us.user_id = u.id
              join class_session_enrollments e on e.student_id = us.student_id
              where u.email_address = lower(c.email) and e.status = 'Enrolled' and e.updated >= c.submitted)
          for update of c skip locked)
        update contact_submissions c set status = 'Enrolled', updated = ${now.toISOString()}
        from due where c.id = due.id and c.status in ('New', 'Replied', 'Toured')
        returning c.id, due.status as before`,
    );
    await auditStatus(tx, toured, 'inbox.toured', 'Toured', now);
    await auditStatus(tx, enrolled, 'inbox.enrolled', 'Enrolled', now);
    return {
      reminded: reminded.map((r) => r.id),
      toured: toured.map((r) => r.id),
      enrolled: enrolled.map((r) => r.id),
    };
  });
}
