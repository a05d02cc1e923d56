/**
 * The director acts on a session's waitlist (issue 10): offer a free seat now, move a child to the end of
 * the line, or end their place. Under the session lock; a seat an offer held goes to the next child.
 */
import type { WaitlistAction } from '@lc/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { waitlistSubmissions } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import { waitlistRemovedMail } from '../billing/money-mail.ts';
import type { MoneyDeps } from '../billing/refunds.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { lockSession } from './office-places.ts';
import { seatOfferedMail } from './registration-mail.ts';
import { offerFreedSeats } from './waitlist.ts';
import { childOf, seatsChanged } from './withdraw.ts';

/**
 * Act on a child's open waitlist place in session `classSessionId` (see `WAITLIST_ACTIONS`):
 * - `offer`: a `Waiting` child is offered a free seat now, for WAITLIST_OFFER_HOURS, with the usual email;
 *   409 when no seat is free (an offer holds a seat; the center never offers one it does not have);
 * - `skip`: the child keeps waiting, at the end of the line; a seat they were offered goes to the next family;
 * - `remove`: the place ends (`Withdrawn`), the family is emailed, a seat they were offered goes on.
 * 404 unknown session or no open place for the child.
 */
export async function actOnWaitlist(
  deps: MoneyDeps,
  actorUserId: string,
  classSessionId: number,
  studentId: string,
  action: WaitlistAction,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const session = await lockSession(tx, deps, classSessionId);
    const [place] = await tx
      .select()
      .from(waitlistSubmissions)
      .where(
        and(
          eq(waitlistSubmissions.classSessionId, classSessionId),
          eq(waitlistSubmissions.studentId, studentId),
          inArray(waitlistSubmissions.status, ['Waiting', 'Offered']),
        ),
      );
    if (!place) throw notFound('waitlistPlace');
    const child = (await childOf(tx, studentId))!;
    // The family of the parent who joined the line (decision 018).
    const parents = await familyRecipients(tx, { userId: place.userId });
    let after: Record<string, unknown>;
    if (action === 'offer') {
      if (place.status === 'Offered')
        throw new HttpError(409, 'billing.waitlist.alreadyOffered', { params: { child: child.firstName } });
      if (session.seatsLeft === 0)
        throw new HttpError(409, 'billing.waitlist.noSeat', {
          params: { session: session.name, taken: session.seatsTaken, seats: session.row.rosterSize },
        });
      const expires = new Date(now.getTime() + deps.waitlistOfferHours * 3_600_000);
      await tx
        .update(waitlistSubmissions)
        .set({ status: 'Offered', expires })
        .where(eq(waitlistSubmissions.id, place.id));
      for (const parent of parents)
        await enqueueMail(
          tx,
          seatOfferedMail({
            to: parent.emailAddress,
            parentName: parent.firstName,
            childName: child.firstName,
            sessionName: session.name,
            sessionId: classSessionId,
            expires,
            timeZone: deps.timeZone,
            appUrl: deps.appUrl,
            language: parent.language,
          }),
        );
      after = { status: 'Offered', expires: expires.toISOString() };
    } else if (action === 'skip') {
      await tx
        .update(waitlistSubmissions)
        .set({ status: 'Waiting', expires: null, created: now })
        .where(eq(waitlistSubmissions.id, place.id));
      after = { status: 'Waiting', joinedAt: now.toISOString(), movedToEnd: true };
    } else {
      await tx
        .update(waitlistSubmissions)
        .set({ status: 'Withdrawn' })
        .where(eq(waitlistSubmissions.id, place.id));
      for (const parent of parents)
        await enqueueMail(
          tx,
          waitlistRemovedMail({
            to: parent.emailAddress,
            parentName: parent.firstName,
            childName: child.firstName,
            sessionName: session.name,
            language: parent.language,
          }),
        );
      after = { status: 'Withdrawn' };
    }
    await recordAudit(
      tx,
      {
        actorUserId,
        action: `waitlist.${action}`,
        entityType: 'WaitlistSubmission',
        entityId: place.id,
        before: { status: place.status, joinedAt: place.created.toISOString(), classSessionId, studentId },
        after,
      },
      now,
    );
    // A seat that an offer held (skip, remove) goes to the next child in line.
    if (action !== 'offer' && place.status === 'Offered') await offerFreedSeats(tx, deps, classSessionId);
  });
  seatsChanged(deps);
}
