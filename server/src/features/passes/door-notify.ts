/**
 * Parents hear about each drop-off and pickup (issue 11): a text to a parent who chose texts (`users.sms`),
 * else an email, each in their own language (`users.language`, read with their address: pass-mail.ts).
 */
import type { AttendanceKind } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { doorEventMail, doorEventText } from './pass-mail.ts';

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

/**
 * Tell each child's parents about the events just recorded: a text to a parent who chose texts (users.sms),
 * else an email (queued in `tx`, so it leaves only if the event commits). Answers the texts to send after
 * the commit (`sendTexts`).
 */
export async function notifyFamilies(
  ctx: AppContext,
  tx: DbOrTx,
  recorded: Recorded[],
  kind: AttendanceKind,
  adultName: string,
): Promise<Text[]> {
  if (recorded.length === 0) return [];
  const parents = await queryRows<{
    student_id: string;
    first_name: string;
    email_address: string;
    sms: string | null;
    language: string;
  }>(
    tx,
    sql`select us.student_id, u.first_name, u.email_address, u.sms, u.language
      from user_students us join users u on u.id = us.user_id
      where us.student_id in (${sql.join(
        recorded.map((r) => sql`${r.studentId}::uuid`),
        sql`, `,
      )})`,
  );
  const texts: Text[] = [];
  const timeZone = ctx.clock.timeZone;
  for (const event of recorded) {
    const at = event.at;
    for (const parent of parents.filter((p) => p.student_id === event.studentId)) {
      const language = parent.language;
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
  return texts;
}

/** Send the texts of {@link notifyFamilies} in the background, after the commit. */
export function sendTexts(ctx: AppContext, texts: Text[]): void {
  if (texts.length === 0) return;
  ctx.work.defer('text families about the door', async () => {
    for (const text of texts) await ctx.sms.send(text);
  });
}
