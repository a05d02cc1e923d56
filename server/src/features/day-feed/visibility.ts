/**
 * Who sees which post of a session's day (issue 25, "The day's notes and photos"; decision 033), as pure
 * functions of plain data so the rules are tested at their boundaries (visibility.test.ts):
 * - the staff who may open the session's day (its assigned teachers and the director) see every post;
 * - a family, in the feed of one of their children, sees the class notes of the sessions the child is
 *   Enrolled in, the notes about that child, the photos for the class of those sessions and the photos the
 *   child is tagged in;
 * - consent (the photo release): a photo tagged with a child whose family has not granted consent is shown
 *   only to that child's own family (and the staff), never to another family. "Not asked yet" counts as
 *   refused. A family's own children never hide a photo from their own family.
 */
import type { DayPostKind, PhotoConsent } from '@lc/contract';

/** A post as the rules need it. */
export type PostFacts = {
  kind: DayPostKind;
  classSessionId: number;
  /** A photo also shown to every family of the class. */
  forClass: boolean;
  /** The children the post names. */
  taggedIds: readonly string[];
};

/** The reader of one child's feed: the child, every child of the reader's family, and facts about them. */
export type FeedReader = {
  childId: string;
  /** Every child the reader's family answers for (their own children, who never hide a photo from them). */
  familyChildIds: ReadonlySet<string>;
  /** The sessions the child is Enrolled in. */
  enrolledSessionIds: ReadonlySet<number>;
  /** The tagged children whose families granted photo consent. */
  consentedIds: ReadonlySet<string>;
};

/** True when the family reading `reader.childId`'s feed may see `post` (the module comment's rules). */
export function familySeesPost(post: PostFacts, reader: FeedReader): boolean {
  const inClass = reader.enrolledSessionIds.has(post.classSessionId);
  const tagged = post.taggedIds.includes(reader.childId);
  switch (post.kind) {
    case 'ClassNote':
      return inClass;
    case 'ChildNote':
      return tagged;
    case 'Photo':
      if (!tagged && !(post.forClass && inClass)) return false;
      return post.taggedIds.every((id) => reader.familyChildIds.has(id) || reader.consentedIds.has(id));
  }
}

/**
 * The children tagged in a photo who would keep it from other families (consent not `Granted`), in the
 * order given: what the teacher is warned about before posting (409 unless acknowledged).
 */
export function childrenWithoutConsent<T extends { consent: PhotoConsent }>(tagged: readonly T[]): T[] {
  return tagged.filter((child) => child.consent !== 'Granted');
}

/**
 * May `reader` change or delete a post: the director always; its author on the day it was posted (the
 * center's calendar day, `today`). Another teacher of the session may not.
 */
export function mayChangePost(
  post: { authorId: string | null; day: string },
  reader: { id: string; role: string },
  today: string,
): boolean {
  if (reader.role === 'Admin') return true;
  return post.authorId === reader.id && post.day === today;
}

/** When the daily summary goes out, in minutes after midnight on the center's clock, at the earliest. */
export const DAILY_SUMMARY_EARLIEST_MINUTE = 18 * 60;
/** Minutes after the day's last session ends before its summary goes (time for the last notes). */
export const DAILY_SUMMARY_AFTER_END_MINUTES = 30;

/**
 * The minute of the center's day after which a parent's daily summary for that day may go: 6 pm, or half an
 * hour after the latest end of their children's sessions that day when that is later. `sessionEnds` are the
 * sessions' end minutes (null when a schedule names no hours).
 */
export function dailySummaryMinute(sessionEnds: readonly (number | null)[]): number {
  const ends = sessionEnds.filter((end): end is number => end !== null);
  const latest = ends.length === 0 ? 0 : Math.max(...ends) + DAILY_SUMMARY_AFTER_END_MINUTES;
  return Math.max(DAILY_SUMMARY_EARLIEST_MINUTE, latest);
}
