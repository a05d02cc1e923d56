/**
 * Session waitlists (spec §7 JoinWaitlist; docs/architecture.md "Waitlist"): first come, first served per
 * session, capped by `waitlistSize`. A freed seat is offered to the oldest `Waiting` child for
 * WAITLIST_OFFER_HOURS with an email; the offer holds the seat (it counts as taken) until it lapses, then it
 * passes to the next child. All writes run under the session row lock (`readSession(…, { lock: true })`).
 */
import type { Language, WaitlistSubmission } from '@lc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { waitlistSubmissions } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { mailT } from '../../i18n/mail-i18n.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { assertRoom } from '../family/limits.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { ownedStudentIds } from '../family/students.ts';
import { judgeFamily, offersOpen } from './eligibility.ts';
import { loadWaitlist } from './records.ts';
import { offerLapsedMail, seatOfferedMail } from './registration-mail.ts';
import { seatsMayHaveFreed } from './seat-gate.ts';
import { readSession } from './seats.ts';

export type RegistrationDeps = {
  db: Db;
  clock: Clock;
  timeZone: string;
  appUrl: string;
  waitlistOfferHours: number;
};

/**
 * Mark done (`Accepted`) the open waitlist places of `studentIds` in session `classSessionId`: the children
 * now have a seat there (a paid checkout, a checkout started from an offer, the office's enrollment or move).
 * `from`: the statuses that count as open, `Waiting` and `Offered` unless the caller narrows them. Call under
 * the session row lock.
 */
export async function acceptWaitlistPlaces(
  tx: Tx,
  classSessionId: number,
  studentIds: readonly string[],
  from: ReadonlyArray<'Waiting' | 'Offered'> = ['Waiting', 'Offered'],
): Promise<void> {
  if (studentIds.length === 0) return;
  await tx
    .update(waitlistSubmissions)
    .set({ status: 'Accepted' })
    .where(
      and(
        eq(waitlistSubmissions.classSessionId, classSessionId),
        inArray(waitlistSubmissions.studentId, [...studentIds]),
        inArray(waitlistSubmissions.status, [...from]),
      ),
    );
}

/** 400 on `studentIds` unless every id is one of the user's children. */
export async function assertOwnChildren(db: DbOrTx, userId: string, studentIds: string[]) {
  const owned = await ownedStudentIds(db, userId, studentIds);
  if (owned.length !== studentIds.length) throw notOwnChildren();
}

/** The 400 answered when a chosen child is not one of the user's children. */
export function notOwnChildren(): HttpError {
  return new HttpError(400, 'enrollment.notOwnChildren', {
    fields: { studentIds: 'enrollment.notOwnChildren' },
  });
}

/**
 * Put the children on the session's waitlist. 404 unknown session; 400 not the family's children;
 * 409 when a child cannot join (already enrolled or waiting, seats still open, closed, waitlist full).
 * Answers every new place with its position.
 */
export async function joinWaitlist(
  deps: RegistrationDeps,
  userId: string,
  classSessionId: number,
  studentIds: string[],
  language: Language = 'en',
): Promise<WaitlistSubmission[]> {
  const ids = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const today = deps.clock.today(now);
    const session = await readSession(tx, classSessionId, now, today, { lock: true });
    if (!session) throw notFound('session');
    await assertOwnChildren(tx, userId, studentIds);
    const { judged } = await judgeFamily(
      tx,
      deps.clock,
      deps.timeZone,
      userId,
      session,
      studentIds,
      language,
    );
    const t = mailT(language);
    const refused = judged.filter((j) => !j.verdict.canJoinWaitlist);
    if (refused.length > 0) {
      // Each child's eligibility sentence (in the family's language), or why there is no need to wait.
      const reasons = refused
        .map(({ child, verdict }) =>
          verdict.canEnroll && child.enrollmentStatus === null && child.waitlistStatus === null
            ? t('eligibility.noNeedToWait', { session: session.name, name: child.firstName })
            : verdict.eligibility,
        )
        .join(' ');
      throw new HttpError(409, 'enrollment.waitlist.refused', {
        params: { reasons },
        fields: { studentIds: 'enrollment.waitlist.refused' },
      });
    }
    // After the session's lock, the family's (limits.ts): a family's waitlist places are capped too.
    await assertRoom(tx, 'waitlist', userId, studentIds.length, { now });
    if (studentIds.length > session.waitlistSpotsLeft)
      throw new HttpError(409, 'enrollment.waitlist.placesShort', {
        params: { count: session.waitlistSpotsLeft, session: session.name },
        fields: { studentIds: 'enrollment.waitlist.placesShort' },
      });
    // Siblings joining together share one instant: they sit next to each other in line (ids order them).
    const inserted = await tx
      .insert(waitlistSubmissions)
      .values(
        judged.map(({ child }) => ({
          classSessionId,
          studentId: child.id,
          userId,
          status: 'Waiting',
          created: now,
        })),
      )
      .returning({ id: waitlistSubmissions.id });
    return inserted.map((r) => r.id);
  });
  invalidateCatalog(deps.db);
  return loadWaitlist(deps.db, inArray(waitlistSubmissions.id, ids));
}

/**
 * Offer every free seat of the session to the oldest waiting children, each for WAITLIST_OFFER_HOURS, and
 * queue an email to each family. Does nothing while offers are not open (before registration first opens,
 * after the session ends, or for a waitlist-only session, where the office calls families itself).
 * Answers how many offers were made. Runs inside the caller's transaction.
 */
export async function offerFreedSeats(
  tx: Tx,
  deps: RegistrationDeps,
  classSessionId: number,
): Promise<number> {
  const now = deps.clock.now();
  const today = deps.clock.today(now);
  const session = await readSession(tx, classSessionId, now, today, { lock: true });
  if (!session || !offersOpen(session, now, today) || session.seatsLeft === 0) return 0;
  const next = await tx
    .select({ id: waitlistSubmissions.id })
    .from(waitlistSubmissions)
    .where(
      and(eq(waitlistSubmissions.classSessionId, classSessionId), eq(waitlistSubmissions.status, 'Waiting')),
    )
    .orderBy(waitlistSubmissions.created, waitlistSubmissions.id)
    .limit(session.seatsLeft);
  if (next.length === 0) return 0;
  const expires = new Date(now.getTime() + deps.waitlistOfferHours * 3_600_000);
  const offered = await tx
    .update(waitlistSubmissions)
    .set({ status: 'Offered', expires })
    .where(
      inArray(
        waitlistSubmissions.id,
        next.map((n) => n.id),
      ),
    )
    .returning({ id: waitlistSubmissions.id });
  for (const place of await loadWaitlist(
    tx,
    inArray(
      waitlistSubmissions.id,
      offered.map((o) => o.id),
    ),
  )) {
    for (const parent of await parentsOfPlace(tx, place.id))
      await enqueueMail(
        tx,
        seatOfferedMail({
          to: parent.emailAddress,
          parentName: parent.firstName,
          childName: place.student.firstName,
          sessionName: session.name,
          sessionId: session.id,
          expires,
          timeZone: deps.timeZone,
          appUrl: deps.appUrl,
          language: parent.language,
        }),
      );
  }
  return offered.length;
}

/** The parents who get a waitlist place's mail: the family of the parent who joined (decision 018). */
async function parentsOfPlace(tx: DbOrTx, submissionId: string) {
  const [place] = await tx
    .select({ userId: waitlistSubmissions.userId })
    .from(waitlistSubmissions)
    .where(eq(waitlistSubmissions.id, submissionId));
  return place ? familyRecipients(tx, { userId: place.userId }) : [];
}

/**
 * Lapse every offer whose time is up (status `Expired`, with an email), then pass each freed seat to the
 * next child in line. One transaction per session, taking its row lock before touching its waitlist rows.
 * Answers the sessions touched.
 */
export async function expireOffers(deps: RegistrationDeps): Promise<number[]> {
  const now = deps.clock.now();
  const due = await deps.db
    .selectDistinct({ id: waitlistSubmissions.classSessionId })
    .from(waitlistSubmissions)
    .where(and(eq(waitlistSubmissions.status, 'Offered'), sql`${waitlistSubmissions.expires} <= ${now}`));
  for (const { id: classSessionId } of due) {
    await deps.db.transaction(async (tx) => {
      await readSession(tx, classSessionId, now, deps.clock.today(now), { lock: true });
      const lapsed = await tx
        .update(waitlistSubmissions)
        .set({ status: 'Expired' })
        .where(
          and(
            eq(waitlistSubmissions.classSessionId, classSessionId),
            eq(waitlistSubmissions.status, 'Offered'),
            sql`${waitlistSubmissions.expires} <= ${now}`,
          ),
        )
        .returning({ id: waitlistSubmissions.id });
      if (lapsed.length === 0) return;
      for (const place of await loadWaitlist(
        tx,
        inArray(
          waitlistSubmissions.id,
          lapsed.map((l) => l.id),
        ),
      )) {
        for (const parent of await parentsOfPlace(tx, place.id))
          await enqueueMail(
            tx,
            offerLapsedMail({
              to: parent.emailAddress,
              parentName: parent.firstName,
              childName: place.student.firstName,
              sessionName: place.classSession.name,
              language: parent.language,
            }),
          );
      }
      await offerFreedSeats(tx, deps, classSessionId);
    });
    invalidateCatalog(deps.db);
    seatsMayHaveFreed(deps.db);
  }
  return due.map((d) => d.id);
}

/** Sessions that have children waiting (candidates for `offerFreedSeats`). */
export async function sessionsWithWaitingChildren(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: waitlistSubmissions.classSessionId })
    .from(waitlistSubmissions)
    .where(eq(waitlistSubmissions.status, 'Waiting'));
  return rows.map((r) => r.id);
}
