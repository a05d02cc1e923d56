/**
 * Parents hear about each drop-off and pickup (issue 11): a text to a parent who chose texts (`users.sms`),
 * else an email, each in their own language (`users.language`, read with their address: pass-mail.ts); and a
 * web push at once to every device a parent turned notifications on for (issue 25 "On the phone", decision
 * 034), whatever else they chose: the door does not wait for quiet hours.
 */
import type { AttendanceKind } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { PendingPush } from '../../ports.ts';
import { doorEventMail, doorEventPush, doorEventText } from './pass-mail.ts';

/** An event just recorded for one child in one session. */
export type Recorded = {
  studentId: string;
  classSessionId: number;
  firstName: string;
  sessionName: string;
  at: Date;
};

/** A text message to send after the commit. */
export type Text = { to: string; body: string };

/** What leaves after the commit: texts, and pushes to the parents' devices. */
export type DoorNotices = { texts: Text[]; pushes: PendingPush[] };

/**
 * Tell each child's parents about the events just recorded: a text to a parent who chose texts (users.sms),
 * else an email (queued in `tx`, so it leaves only if the event commits), and a push to each parent with a
 * device. Answers the texts and pushes to send after the commit (`sendDoorNotices`).
 */
export async function notifyFamilies(
  ctx: AppContext,
  tx: DbOrTx,
  recorded: Recorded[],
  kind: AttendanceKind,
  adultName: string,
): Promise<DoorNotices> {
  if (recorded.length === 0) return { texts: [], pushes: [] };
  const parents = await queryRows<{
    student_id: string;
    user_id: string;
    first_name: string;
    email_address: string;
    sms: string | null;
    language: string;
    has_push: boolean;
  }>(
    tx,
    sql`select us.student_id, u.id as user_id, u.first_name, u.email_address, u.sms, u.language,
        exists (select 1 from push_subscriptions p where p.user_id = u.id) as has_push
      from user_students us join users u on u.id = us.user_id
      where us.student_id in (${sql.join(
        recorded.map((r) => sql`${r.studentId}::uuid`),
        sql`, `,
      )})`,
  );
  const texts: Text[] = [];
  const pushes: PendingPush[] = [];
  const timeZone = ctx.clock.timeZone;
  for (const event of recorded) {
    const at = event.at;
    for (const parent of parents.filter((p) => p.student_id === event.studentId)) {
      const language = parent.language;
      if (parent.has_push)
        pushes.push({
          userId: parent.user_id,
          payload: doorEventPush({
            studentId: event.studentId,
            childName: event.firstName,
            kind,
            adultName,
            at,
            timeZone,
            language,
          }),
          // News of the morning: worth a few hours to a phone that is off, and it should wake one that sleeps.
          ttlSeconds: 4 * 60 * 60,
          urgency: 'high',
        });
      if (parent.sms) {
        texts.push({
          to: parent.sms,
          body: doorEventText({ childName: event.firstName, kind, adultName, at, timeZone, language }),
        });
      } else {
        await enqueueMail(
          tx,
          doorEventMail({
            to: parent.email_address,
            parentName: parent.first_name,
            childName: event.firstName,
            sessionName: event.sessionName,
            kind,
            adultName,
            at,
            timeZone,
            appUrl: ctx.config.appUrl,
            language,
          }),
        );
      }
    }
  }
  return { texts, pushes };
}

/** Send the texts and pushes of {@link notifyFamilies} in the background, after the commit. */
export function sendDoorNotices(ctx: AppContext, { texts, pushes }: DoorNotices): void {
  if (texts.length > 0)
    ctx.work.defer('text families about the door', async () => {
      for (const text of texts) await ctx.sms.send(text);
    });
  if (pushes.length > 0) ctx.work.defer('push to families about the door', () => ctx.push.deliver(pushes));
}
