/**
 * Reading the day's posts (issue 25; decision 033): the teacher's day of a session (the class with each
 * child's consent, meals and rest and the door; every post of the day) and a family's feed of one child
 * (newest days first: the door, meals and rest, and the posts the rules of visibility.ts let the family see).
 */
import {
  type CareEntry,
  type ChildFeed,
  closureOn,
  type DayPost,
  FEED_PAGE_DAYS,
  type StaffDay,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, uuidList } from '../../db/client.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { parseDaySchedule } from '../passes/day-schedule.ts';
import { weekday } from '../passes/door-today.ts';
import { closuresOn } from '../workspace/calendar.ts';
import type { DaySession } from './access.ts';
import { type PhotoRow, photoView } from './day-photos.ts';
import { familySeesPost, mayChangePost } from './visibility.ts';

/** Whether `session` meets on `day`: within its dates, on a weekday of its schedule, not closed that day. */
export async function sessionMeetsOn(db: DbOrTx, session: DaySession, day: string): Promise<boolean> {
  if (day < session.session_start_date || day > session.session_end_date) return false;
  if (!parseDaySchedule(session.day_schedule).days.has(weekday(day))) return false;
  return closureOn(await closuresOn(db, day), day, session.id)?.kind !== 'Closed';
}

type PostRow = {
  id: string;
  class_session_id: number;
  session_name: string;
  day: string;
  kind: DayPost['kind'];
  body: string;
  for_class: boolean;
  author_id: string | null;
  author_first: string | null;
  author_last: string | null;
  created: Date | string;
  edited_at: Date | string | null;
};
type TagRow = {
  post_id: string;
  student_id: string;
  first_name: string;
  last_name: string;
  granted: boolean | null;
};

/** What the views need to sign links and say who may change a post. */
export type ViewContext = {
  links: LinkSigner;
  now: Date;
  today: string;
  reader: { id: string; role: string };
};

const iso = (d: Date | string) => new Date(d).toISOString();

/** The posts matching `where` (on `day_posts p`, not deleted), newest first, with their tags and photos. */
async function loadPosts(db: DbOrTx, where: SQL) {
  const posts = await queryRows<PostRow>(
    db,
    sql`select p.id, p.class_session_id, cs.name as session_name, p.day::text as day, p.kind, p.body,
        p.for_class, p.author_id, u.first_name as author_first, u.last_name as author_last, p.created, p.edited_at
      from day_posts p
      join class_sessions cs on cs.id = p.class_session_id
      left join users u on u.id = p.author_id
      where p.deleted_at is null and ${where}
      order by p.created desc, p.id`,
  );
  const ids = posts.map((p) => p.id);
  const tags =
    ids.length === 0
      ? []
      : await queryRows<TagRow>(
          db,
          sql`select t.post_id, t.student_id, s.first_name, s.last_name, c.granted
            from day_post_children t join students s on s.id = t.student_id
            left join photo_consents c on c.student_id = t.student_id
            where t.post_id in ${uuidList(ids)} order by s.first_name, s.last_name`,
        );
  const photos =
    ids.length === 0
      ? []
      : await queryRows<PhotoRow & { post_id: string }>(
          db,
          sql`select id, post_id, width, height, bytes from day_photos
            where post_id in ${uuidList(ids)} order by position, created, id`,
        );
  return { posts, tags, photos };
}

function postView(
  p: PostRow,
  tags: TagRow[],
  photos: PhotoRow[],
  view: ViewContext,
  showChild: (id: string) => boolean,
): DayPost {
  return {
    id: p.id,
    classSessionId: p.class_session_id,
    sessionName: p.session_name,
    day: p.day,
    kind: p.kind,
    body: p.body,
    forClass: p.for_class,
    children: tags
      .filter((t) => showChild(t.student_id))
      .map((t) => ({ studentId: t.student_id, firstName: t.first_name, lastName: t.last_name })),
    photos: photos.map((ph) => photoView(ph, view.links, view.now)),
    author: p.author_first ? { firstName: p.author_first, lastName: p.author_last ?? '' } : null,
    created: iso(p.created),
    editedAt: p.edited_at ? iso(p.edited_at) : null,
    editable: mayChangePost({ authorId: p.author_id, day: p.day }, view.reader, view.today),
  };
}

function byPost<T extends { post_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.post_id, [...(map.get(row.post_id) ?? []), row]);
  return map;
}

/** One post as the staff see it (every tagged child named), or null when it is gone. */
export async function staffPostView(db: DbOrTx, postId: string, view: ViewContext): Promise<DayPost | null> {
  const { posts, tags, photos } = await loadPosts(db, sql`p.id = ${postId}`);
  const post = posts[0];
  if (!post) return null;
  return postView(post, tags, photos, view, () => true);
}

type CareRow = {
  student_id: string;
  day: string;
  breakfast: CareEntry['breakfast'];
  snack: CareEntry['snack'];
  lunch: CareEntry['lunch'];
  rest_from: number | null;
  rest_to: number | null;
  note: string;
};
const careOf = (r: CareRow): CareEntry => ({
  breakfast: r.breakfast,
  snack: r.snack,
  lunch: r.lunch,
  restFrom: r.rest_from,
  restTo: r.rest_to,
  note: r.note,
});

/** The teacher's day of `session` on `day`: the Enrolled children (by first name), their day, and every post. */
export async function staffDay(
  db: DbOrTx,
  session: DaySession,
  day: string,
  view: ViewContext,
): Promise<StaffDay> {
  const children = await queryRows<{
    student_id: string;
    first_name: string;
    last_name: string;
    granted: boolean | null;
    check_in: Date | string | null;
    check_out: Date | string | null;
  }>(
    db,
    sql`select s.id as student_id, s.first_name, s.last_name, c.granted,
        (select min(a.timestamp) from attendance a where a.student_id = s.id and a.class_session_id = ${session.id}
          and a.day = ${day} and a.kind = 'CheckIn') as check_in,
        (select max(a.timestamp) from attendance a where a.student_id = s.id and a.class_session_id = ${session.id}
          and a.day = ${day} and a.kind = 'CheckOut') as check_out
      from class_session_enrollments e
      join students s on s.id = e.student_id
      left join photo_consents c on c.student_id = s.id
      where e.class_session_id = ${session.id} and e.status = 'Enrolled'
      order by s.first_name, s.last_name, s.id`,
  );
  const care = await queryRows<CareRow>(
    db,
    sql`select student_id, day::text as day, breakfast, snack, lunch, rest_from, rest_to, note from daily_care
      where class_session_id = ${session.id} and day = ${day}`,
  );
  const careBy = new Map(care.map((c) => [c.student_id, careOf(c)]));
  const { posts, tags, photos } = await loadPosts(
    db,
    sql`p.class_session_id = ${session.id} and p.day = ${day}`,
  );
  const tagsBy = byPost(tags);
  const photosBy = byPost(photos);
  return {
    classSessionId: session.id,
    sessionName: session.name,
    day,
    meetsToday: await sessionMeetsOn(db, session, day),
    children: children.map((c) => ({
      studentId: c.student_id,
      firstName: c.first_name,
      lastName: c.last_name,
      consent: c.granted === null ? 'NotAsked' : c.granted ? 'Granted' : 'Refused',
      care: careBy.get(c.student_id) ?? null,
      checkIn: c.check_in ? iso(c.check_in) : null,
      checkOut: c.check_out ? iso(c.check_out) : null,
    })),
    posts: posts.map((p) => postView(p, tagsBy.get(p.id) ?? [], photosBy.get(p.id) ?? [], view, () => true)),
  };
}

/**
 * The feed of `child` for a reader of a family answering for `familyChildIds`: the newest
 * {@link FEED_PAGE_DAYS} days before `before` (or up to today) with a post the family may see, a door
 * record or a care entry; each day's posts newest first. Tagged children are named only when they are the
 * family's own.
 */
export async function childFeed(
  db: DbOrTx,
  child: { id: string; first_name: string },
  familyChildIds: ReadonlySet<string>,
  before: string | undefined,
  view: ViewContext,
): Promise<ChildFeed> {
  const enrolled = await queryRows<{ class_session_id: number }>(
    db,
    sql`select class_session_id from class_session_enrollments where student_id = ${child.id} and status = 'Enrolled'`,
  );
  const sessionIds = enrolled.map((e) => e.class_session_id);
  const inSessions =
    sessionIds.length === 0
      ? sql`false`
      : sql`p.class_session_id in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const reach = sql`(${inSessions} or p.id in (select post_id from day_post_children where student_id = ${child.id}))`;
  const upTo = before ? sql`< ${before}` : sql`<= ${view.today}`;
  // The window: the newest days with anything for the child (a day whose only posts the family may not see
  // counts too, so a page can hold fewer days; `olderBefore` still reads on).
  const candidates = await queryRows<{ day: string }>(
    db,
    sql`select distinct day::text as day from (
        select p.day from day_posts p where p.deleted_at is null and ${reach} and p.day ${upTo}
        union select a.day from attendance a where a.student_id = ${child.id} and a.day ${upTo}
        union select c.day from daily_care c where c.student_id = ${child.id} and c.day ${upTo}) d
      order by day desc limit ${FEED_PAGE_DAYS + 1}`,
  );
  const windowDays = candidates.slice(0, FEED_PAGE_DAYS).map((c) => c.day);
  const from = windowDays.at(-1) ?? view.today;
  const inWindow = sql`>= ${from}`;
  const { posts, tags, photos } = await loadPosts(db, sql`${reach} and p.day ${upTo} and p.day ${inWindow}`);
  const tagsBy = byPost(tags);
  const photosBy = byPost(photos);
  const reader = {
    childId: child.id,
    familyChildIds,
    enrolledSessionIds: new Set(sessionIds),
    consentedIds: new Set(tags.filter((t) => t.granted === true).map((t) => t.student_id)),
  };
  const seen = posts.filter((p) =>
    familySeesPost(
      {
        kind: p.kind,
        classSessionId: p.class_session_id,
        forClass: p.for_class,
        taggedIds: (tagsBy.get(p.id) ?? []).map((t) => t.student_id),
      },
      reader,
    ),
  );
  const door = await queryRows<{
    day: string;
    kind: 'CheckIn' | 'CheckOut';
    at: Date | string;
    adult_name: string | null;
  }>(
    db,
    sql`select a.day::text as day, a.kind, a.timestamp as at, a.adult_name from attendance a
      where a.student_id = ${child.id} and a.day ${upTo} and a.day ${inWindow} order by a.timestamp`,
  );
  const care = await queryRows<CareRow>(
    db,
    sql`select student_id, day::text as day, breakfast, snack, lunch, rest_from, rest_to, note from daily_care
      where student_id = ${child.id} and day ${upTo} and day ${inWindow}`,
  );
  const page = windowDays.filter(
    (day) =>
      seen.some((p) => p.day === day) || door.some((d) => d.day === day) || care.some((c) => c.day === day),
  );
  return {
    studentId: child.id,
    firstName: child.first_name,
    consent: await consentOf(db, child.id),
    days: page.map((day) => {
      const ins = door.filter((d) => d.day === day && d.kind === 'CheckIn');
      const outs = door.filter((d) => d.day === day && d.kind === 'CheckOut');
      const first = ins[0];
      const last = outs.at(-1);
      const entry = care.find((c) => c.day === day);
      return {
        day,
        checkIn: first ? { at: iso(first.at), adultName: first.adult_name } : null,
        checkOut: last ? { at: iso(last.at), adultName: last.adult_name } : null,
        care: entry ? careOf(entry) : null,
        posts: seen
          .filter((p) => p.day === day)
          .map((p) =>
            postView(p, tagsBy.get(p.id) ?? [], photosBy.get(p.id) ?? [], view, (id) =>
              familyChildIds.has(id),
            ),
          ),
      };
    }),
    olderBefore: candidates.length > FEED_PAGE_DAYS ? from : null,
  };
}

/** A child's photo release: Granted, Refused, or NotAsked when the family has not answered. */
export async function consentOf(db: DbOrTx, studentId: string): Promise<'Granted' | 'Refused' | 'NotAsked'> {
  const [row] = await queryRows<{ granted: boolean }>(
    db,
    sql`select granted from photo_consents where student_id = ${studentId}`,
  );
  return row === undefined ? 'NotAsked' : row.granted ? 'Granted' : 'Refused';
}
