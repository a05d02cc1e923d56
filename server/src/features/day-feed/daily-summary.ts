/**
 * The daily summary mail (issue 25; decision 033): for each parent who chose it, once per day, one mail that
 * collects each of their children's day — the door (arrived, went home), meals and rest, the notes they may
 * see and how many photos, with the link to the child's feed — in the parent's language.
 * - It goes after the end of the day: 6 pm on the center's clock, or half an hour after the latest of the
 *   children's sessions that day ends ({@link dailySummaryMinute}).
 * - Each parent's day is claimed by one `daily_summary_sends` row, inserted in the transaction that queues the
 *   mail (or finds nothing to say), so it is summed up once however many server processes run the round; the
 *   round itself runs under an advisory lock.
 * - A day with nothing for any child sends nothing.
 */
import { type CareEntry, type FeedDay, MEALS, routes } from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail.ts';
import { type Database, queryRows } from '../../db/client.ts';
import {
  CENTER,
  clockTimeIn,
  familyText,
  longDateIn,
  type MailT,
  mailT,
  namesIn,
} from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { minuteOfDay } from '../conversations/alerts.ts';
import { parseDaySchedule } from '../passes/day-schedule.ts';
import { childFeed, sessionMeetsOn } from './day-reads.ts';
import { dailySummaryMinute } from './visibility.ts';

/** Advisory lock key of the daily summary round ("LC" 0007). */
export const DAILY_SUMMARY_LOCK = 0x4c43_0007;

/** What the round needs. */
export type DailySummaryDeps = {
  database: Pick<Database, 'db' | 'exclusive'>;
  clock: Clock;
  appUrl: string;
  links: () => Promise<LinkSigner>;
};

/** One round under the advisory lock; `{ ran: false }` when another process is running it. */
export function sweepDailySummaries(deps: DailySummaryDeps) {
  return deps.database.exclusive(DAILY_SUMMARY_LOCK, () => runDailySummaries(deps));
}

type Parent = { id: string; first_name: string; email_address: string; language: string };
type Child = { id: string; first_name: string };

/** Claims and queues today's due summaries; answers how many were mailed and how many had nothing to say. */
export async function runDailySummaries(deps: DailySummaryDeps): Promise<{ mailed: number; empty: number }> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const today = deps.clock.today(now);
  const minute = minuteOfDay(now, deps.clock.timeZone);
  const result = { mailed: 0, empty: 0 };
  if (minute < dailySummaryMinute([])) return result;
  const parents = await queryRows<Parent>(
    db,
    sql`select u.id, u.first_name, u.email_address, u.language from daily_summary_opt_ins o
      join users u on u.id = o.user_id
      where u.closed_at is null
        and not exists (select 1 from daily_summary_sends s where s.user_id = u.id and s.day = ${today})
      order by u.id`,
  );
  const links = await deps.links();
  for (const parent of parents) {
    const children = await queryRows<Child>(
      db,
      sql`select s.id, s.first_name from students s join user_students us on us.student_id = s.id
        where us.user_id = ${parent.id} order by s.date_of_birth, s.first_name`,
    );
    if (minute < dailySummaryMinute(await sessionEnds(deps, children, today))) continue;
    const familyIds = new Set(children.map((c) => c.id));
    const view = { links, now, today, reader: { id: parent.id, role: 'Parent' } };
    const days: Array<{ child: Child; day: FeedDay }> = [];
    for (const child of children) {
      const feed = await childFeed(db, child, familyIds, addDays(today, 1), view);
      const day = feed.days.find((d) => d.day === today);
      if (day) days.push({ child, day });
    }
    await db.transaction(async (tx) => {
      const claimed = await queryRows<{ user_id: string }>(
        tx,
        sql`insert into daily_summary_sends (user_id, day, mailed, created)
          values (${parent.id}, ${today}, ${days.length > 0}, ${now})
          on conflict (user_id, day) do nothing returning user_id`,
      );
      if (claimed.length === 0) return;
      if (days.length === 0) {
        result.empty += 1;
        return;
      }
      await enqueueMail(tx, {
        ...dailySummaryMail(parent, days, today, deps),
        to: parent.email_address,
      });
      result.mailed += 1;
    });
  }
  return result;
}

/** The end minutes of the sessions `children` are Enrolled in that meet on `day`. */
async function sessionEnds(
  deps: DailySummaryDeps,
  children: Child[],
  day: string,
): Promise<(number | null)[]> {
  if (children.length === 0) return [];
  const sessions = await queryRows<{
    id: number;
    name: string;
    day_schedule: string;
    session_start_date: string;
    session_end_date: string;
  }>(
    deps.database.db,
    sql`select distinct cs.id, cs.name, cs.day_schedule, cs.session_start_date::text as session_start_date,
        cs.session_end_date::text as session_end_date
      from class_session_enrollments e join class_sessions cs on cs.id = e.class_session_id
      where e.status = 'Enrolled' and e.student_id in (${sql.join(
        children.map((c) => sql`${c.id}::uuid`),
        sql`, `,
      )})`,
  );
  const ends: (number | null)[] = [];
  for (const session of sessions)
    if (await sessionMeetsOn(deps.database.db, session, day))
      ends.push(parseDaySchedule(session.day_schedule).endMinutes);
  return ends;
}

/** "12:30 PM" / "12:30 p.m." of a minute of the center's day (a wall time: written in UTC, so no zone shifts it). */
function minuteIn(minutes: number, language: string): string {
  return clockTimeIn(new Date(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60)), 'UTC', language);
}

/** The summary mail (without `to`) for `parent` of `days` (one per child with something that day). */
export function dailySummaryMail(
  parent: Parent,
  days: Array<{ child: Child; day: FeedDay }>,
  today: string,
  deps: Pick<DailySummaryDeps, 'appUrl' | 'clock'>,
): Omit<MailMessage, 'to'> {
  const t = mailT(parent.language);
  const lang = parent.language;
  const tz = deps.clock.timeZone;
  const date = longDateIn(today, lang);
  const sections = days.map(({ child, day }) => {
    const lines = [t('dailySummary.childHeading', { name: child.first_name })];
    if (day.checkIn)
      lines.push(
        day.checkIn.adultName
          ? t('dailySummary.arrivedWith', {
              time: clockTimeIn(new Date(day.checkIn.at), tz, lang),
              adult: day.checkIn.adultName,
            })
          : t('dailySummary.arrived', { time: clockTimeIn(new Date(day.checkIn.at), tz, lang) }),
      );
    if (day.checkOut)
      lines.push(
        day.checkOut.adultName
          ? t('dailySummary.leftWith', {
              time: clockTimeIn(new Date(day.checkOut.at), tz, lang),
              adult: day.checkOut.adultName,
            })
          : t('dailySummary.left', { time: clockTimeIn(new Date(day.checkOut.at), tz, lang) }),
      );
    if (day.care) lines.push(...careLines(day.care, lang, t));
    for (const post of day.posts.filter((p) => p.kind !== 'Photo').reverse()) {
      const author = post.author
        ? `${post.author.firstName} ${post.author.lastName}`
        : t('dailySummary.theTeacher');
      lines.push(t('dailySummary.noteFrom', { author }), ...post.body.split('\n').map((line) => `> ${line}`));
    }
    const photos = day.posts.reduce((n, p) => n + p.photos.length, 0);
    const captions = day.posts.filter((p) => p.kind === 'Photo' && p.body).map((p) => p.body);
    if (photos > 0) lines.push(t('dailySummary.photos', { count: photos }), ...captions.map((c) => `“${c}”`));
    lines.push(
      `${t('dailySummary.seeDay', { name: child.first_name })}\n${deps.appUrl}${routes.childFeed(child.id)}`,
    );
    return lines.join('\n');
  });
  return {
    subject: t('dailySummary.subject', {
      names: namesIn(
        lang,
        days.map((d) => d.child.first_name),
      ),
      date,
    }),
    text: familyText(
      t,
      t('greeting', { firstName: parent.first_name }),
      t('dailySummary.intro', { date, center: CENTER }),
      ...sections,
      t('dailySummary.settings'),
    ),
  };
}

function careLines(care: CareEntry, language: string, t: MailT): string[] {
  const lines: string[] = [];
  const meals = MEALS.filter((meal) => care[meal] !== null).map((meal) =>
    t(`dailySummary.meal.${meal}.${care[meal]!}` as 'dailySummary.meal.lunch.All'),
  );
  if (meals.length > 0) lines.push(t('dailySummary.meals', { meals: meals.join('; ') }));
  if (care.restFrom !== null && care.restTo !== null)
    lines.push(
      t('dailySummary.rest', {
        from: minuteIn(care.restFrom, language),
        to: minuteIn(care.restTo, language),
      }),
    );
  if (care.note) lines.push(t('dailySummary.careNote', { note: care.note }));
  return lines;
}
