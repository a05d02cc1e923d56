/**
 * Writing to a session's day (issue 25; decision 033): posts (a class note, a note about one child, photos
 * with the children in them), changing and deleting them (audited, `day_post.edit` / `day_post.delete`), and
 * each child's meals and rest. Every write is for the center's today, on a day the session meets; the
 * children named must be Enrolled in the session. A photo naming a child without photo consent answers 409
 * (`feed.consentMissing`, with the names) unless the teacher acknowledged it.
 */
import type { CareEntry, CareInput, DayPostInput } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import { type Db, queryRows, uuidList } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { type DaySession, feedNotFound } from './access.ts';
import { removePhotoFiles } from './day-photos.ts';
import { sessionMeetsOn } from './day-reads.ts';
import { childrenWithoutConsent, mayChangePost } from './visibility.ts';

/** What the writes need. */
export type DayWriteDeps = { db: Db; storage: FileStorage };

async function requireMeeting(db: Db, session: DaySession, today: string): Promise<void> {
  if (!(await sessionMeetsOn(db, session, today))) throw new HttpError(409, 'feed.noSessionToday');
}

/** The children of `ids` Enrolled in the session, with their consent; 400 by `studentIds` for any other. */
async function classChildren(db: Db, sessionId: number, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !isUuid(id)))
    throw new HttpError(400, 'feed.notYourChild', {
      params: { count: unique.length },
      fields: { studentIds: 'feed.notYourChild' },
    });
  const rows = await queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    granted: boolean | null;
  }>(
    db,
    sql`select s.id, s.first_name, s.last_name, c.granted from students s
      join class_session_enrollments e on e.student_id = s.id and e.class_session_id = ${sessionId}
        and e.status = 'Enrolled'
      left join photo_consents c on c.student_id = s.id
      where s.id in ${uuidList(unique)} order by s.first_name, s.last_name`,
  );
  if (rows.length !== unique.length)
    throw new HttpError(400, 'feed.notYourChild', {
      params: { count: unique.length },
      fields: { studentIds: 'feed.notYourChild' },
    });
  return rows.map((r) => ({
    ...r,
    consent:
      r.granted === null ? ('NotAsked' as const) : r.granted ? ('Granted' as const) : ('Refused' as const),
  }));
}

/** Post `input` to `session`'s day `today` as `author`; answers the new post's id. */
export async function createPost(
  deps: DayWriteDeps,
  author: AuthUser,
  session: DaySession,
  input: DayPostInput,
  today: string,
  now: Date,
): Promise<string> {
  await requireMeeting(deps.db, session, today);
  const tagged = await classChildren(deps.db, session.id, input.kind === 'ClassNote' ? [] : input.studentIds);
  if (input.kind === 'Photo' && !input.acknowledgeConsent) {
    const missing = childrenWithoutConsent(tagged);
    if (missing.length > 0)
      throw new HttpError(409, 'feed.consentMissing', {
        params: {
          count: missing.length,
          names: missing.map((c) => `${c.first_name} ${c.last_name}`).join(', '),
        },
      });
  }
  return deps.db.transaction(async (tx) => {
    const [post] = await queryRows<{ id: string }>(
      tx,
      sql`insert into day_posts (class_session_id, day, author_id, kind, body, for_class, created)
        values (${session.id}, ${today}, ${author.id}, ${input.kind}, ${input.body},
          ${input.kind === 'ChildNote' ? false : input.kind === 'ClassNote' ? true : input.forClass}, ${now})
        returning id`,
    );
    const postId = post!.id;
    for (const child of tagged)
      await tx.execute(
        sql`insert into day_post_children (post_id, student_id) values (${postId}, ${child.id})`,
      );
    if (input.kind === 'Photo') {
      const ids = [...new Set(input.photoIds)];
      if (ids.some((id) => !isUuid(id))) throw photoGone();
      const claimed = await queryRows<{ id: string }>(
        tx,
        sql`update day_photos set post_id = ${postId},
            position = array_position(array[${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}], id)
          where id in ${uuidList(ids)} and uploader_id = ${author.id} and post_id is null
          returning id`,
      );
      if (claimed.length !== ids.length) throw photoGone();
    }
    return postId;
  });
}

const photoGone = () => new HttpError(400, 'feed.photoGone', { fields: { photoIds: 'feed.photoGone' } });

type StoredPost = {
  id: string;
  class_session_id: number;
  day: string;
  author_id: string | null;
  body: string;
  kind: string;
};

/** The post `postId` if `user` may change it (its session within their reach); 404, or 403 when not theirs. */
async function changeablePost(db: Db, user: AuthUser, postId: string, today: string): Promise<StoredPost> {
  if (!isUuid(postId)) throw feedNotFound();
  const reach =
    user.role === 'Admin'
      ? sql`true`
      : sql`exists (select 1 from session_staff ss where ss.class_session_id = p.class_session_id and ss.user_id = ${user.id})`;
  const [post] = await queryRows<StoredPost>(
    db,
    sql`select p.id, p.class_session_id, p.day::text as day, p.author_id, p.body, p.kind from day_posts p
      where p.id = ${postId} and p.deleted_at is null and ${reach}`,
  );
  if (!post) throw feedNotFound();
  if (!mayChangePost({ authorId: post.author_id, day: post.day }, user, today))
    throw new HttpError(403, 'feed.notEditable');
  return post;
}

/** Change a post's text (audited with what it said before). Answers the post's id. */
export async function editPost(
  db: Db,
  user: AuthUser,
  postId: string,
  body: string,
  today: string,
  now: Date,
) {
  const post = await changeablePost(db, user, postId, today);
  if (post.kind !== 'Photo' && body.length === 0)
    throw new HttpError(400, 'fields.feed.writeSomething', {
      fields: { body: 'fields.feed.writeSomething' },
    });
  await db.transaction(async (tx) => {
    await tx.execute(sql`update day_posts set body = ${body}, edited_at = ${now} where id = ${post.id}`);
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'day_post.edit',
        entityType: 'DayPost',
        entityId: post.id,
        before: { body: post.body, classSessionId: post.class_session_id, day: post.day },
        after: { body, classSessionId: post.class_session_id, day: post.day },
      },
      now,
    );
  });
  return post.id;
}

/** Delete a post: its text is emptied, its photos' rows and files removed (audited with what it said). */
export async function deletePost(
  deps: DayWriteDeps,
  user: AuthUser,
  postId: string,
  today: string,
  now: Date,
) {
  const post = await changeablePost(deps.db, user, postId, today);
  const keys = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`update day_posts set body = '', deleted_at = ${now} where id = ${post.id}`);
    const gone = await queryRows<{ storage_key: string }>(
      tx,
      sql`delete from day_photos where post_id = ${post.id} returning storage_key`,
    );
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'day_post.delete',
        entityType: 'DayPost',
        entityId: post.id,
        before: {
          body: post.body,
          kind: post.kind,
          classSessionId: post.class_session_id,
          day: post.day,
          photos: gone.length,
        },
        after: null,
      },
      now,
    );
    return gone.map((g) => g.storage_key);
  });
  await removePhotoFiles(deps.storage, keys);
}

/** Save `studentId`'s meals and rest for `today` in `session` (the whole entry); 404 for a child not in it. */
export async function saveCare(
  db: Db,
  user: AuthUser,
  session: DaySession,
  studentId: string,
  input: CareInput,
  today: string,
  now: Date,
): Promise<CareEntry> {
  if (!isUuid(studentId)) throw feedNotFound();
  const [enrolled] = await queryRows<{ yes: boolean }>(
    db,
    sql`select true as yes from class_session_enrollments
      where class_session_id = ${session.id} and student_id = ${studentId} and status = 'Enrolled'`,
  );
  if (!enrolled) throw feedNotFound();
  await requireMeeting(db, session, today);
  await db.execute(sql`insert into daily_care
      (class_session_id, student_id, day, breakfast, snack, lunch, rest_from, rest_to, note, updated_by, updated)
    values (${session.id}, ${studentId}, ${today}, ${input.breakfast}, ${input.snack}, ${input.lunch},
      ${input.restFrom}, ${input.restTo}, ${input.note}, ${user.id}, ${now})
    on conflict (class_session_id, student_id, day) do update set breakfast = excluded.breakfast,
      snack = excluded.snack, lunch = excluded.lunch, rest_from = excluded.rest_from, rest_to = excluded.rest_to,
      note = excluded.note, updated_by = excluded.updated_by, updated = excluded.updated`);
  return { ...input };
}
