/**
 * Writing incident reports (issue 26, part 3; decision 037), each in one transaction with its audit row:
 * - a report by a teacher of the session or the director (`incident.report`): the children must be Enrolled
 *   in the session; the time, on the center's clock, cannot be in the future; each child's parents are told
 *   at once (incident-notify.ts);
 * - its reporter's correction within {@link INCIDENT_CORRECTION_MINUTES} minutes, before any family signed and
 *   before the director's review (`incident.correct`, with the report before and after); a child the
 *   correction adds has their parents told;
 * - a family's signature (`incident.acknowledge`): the typed name must be the account holder's, the copy the
 *   parent read must still be the copy; one signature per child, either parent, first one wins;
 * - the director's review (`incident.review`) and follow-up notes (`incident.follow_up`), a shared one told
 *   to the families.
 * The report row is locked (`FOR UPDATE`) first in every write, so a correction and a signature never cross.
 */
import {
  INCIDENT_CORRECTION_MINUTES,
  type IncidentAcknowledgeInput,
  type IncidentCorrection,
  type IncidentFollowUpInput,
  type IncidentInput,
  type IncidentKind,
  signatureMatches,
} from '@lc/contract';
import { instantToDate, wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  classSessionEnrollments,
  classSessions,
  incidentAcknowledgements,
  incidentChildren,
  incidentFollowUps,
  incidents,
  students,
  users,
} from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PendingPush } from '../../ports.ts';
import { recordAudit } from '../audit/record.ts';
import { requireAdmin, visibleSessions } from '../team/access.ts';
import { familyIncident, type IncidentRow, incidentNotFound, staffIncident } from './access.ts';
import { type NoticeIncident, notifyIncidentFamilies } from './incident-notify.ts';
import { familyIncidentView, involvedChildren, mayCorrect } from './incident-reads.ts';

/** Where a signature came from (the request's address and browser). */
export type SignatureOrigin = { ip: string; userAgent: string; language: string };

/** What a write answers: the report's id, and the pushes to send after the commit. */
export type Written = { id: string; pushes: PendingPush[] };

const noticeOf = (row: IncidentRow): NoticeIncident => ({
  id: row.id,
  sessionName: row.sessionName,
  occurredAt: row.occurredAt,
  day: row.day,
  place: row.place,
  kind: row.kind as IncidentKind,
  whatHappened: row.whatHappened,
  firstAid: row.firstAid,
  urgent: row.urgent,
});

/** The report's time as an instant and its center calendar day; 400 by `occurredAt` when not a real past time. */
function when(wall: string, ctx: AppContext, now: Date): { at: Date; day: string } {
  const iso = wallTimeToInstant(wall, ctx.clock.timeZone);
  if (!iso)
    throw new HttpError(400, 'request.invalidFields', { fields: { occurredAt: 'fields.incidents.when' } });
  const at = new Date(iso);
  // A minute of grace for a phone's clock a little ahead of the server's.
  if (at.getTime() > now.getTime() + 60_000)
    throw new HttpError(400, 'incidents.inTheFuture', { fields: { occurredAt: 'incidents.inTheFuture' } });
  return { at, day: instantToDate(at, ctx.clock.timeZone) };
}

/** The named children Enrolled in the session, with their names; 400 by `children` for any other. */
async function enrolledChildren(tx: DbOrTx, classSessionId: number, ids: readonly string[]) {
  const refuse = () =>
    new HttpError(400, 'incidents.notInSession', {
      params: { count: ids.length },
      fields: { children: 'incidents.notInSession' },
    });
  if (ids.some((id) => !isUuid(id))) throw refuse();
  const rows = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .innerJoin(
      classSessionEnrollments,
      and(
        eq(classSessionEnrollments.studentId, students.id),
        eq(classSessionEnrollments.classSessionId, classSessionId),
        eq(classSessionEnrollments.status, 'Enrolled'),
      ),
    )
    .where(inArray(students.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw refuse();
  return byId;
}

async function writeChildren(
  tx: Tx,
  incidentId: string,
  classSessionId: number,
  children: IncidentInput['children'],
): Promise<void> {
  const named = await enrolledChildren(
    tx,
    classSessionId,
    children.map((c) => c.studentId),
  );
  await tx.insert(incidentChildren).values(
    children.map((c, position) => {
      const child = named.get(c.studentId)!;
      return {
        incidentId,
        studentId: c.studentId,
        childName: `${child.firstName} ${child.lastName}`,
        note: c.note,
        parentCalled: c.parentCalled,
        position,
      };
    }),
  );
}

/** What the audit keeps of a report (no family's signature). */
const audited = (row: typeof incidents.$inferSelect, studentIds: (string | null)[]) => ({
  classSessionId: row.classSessionId,
  day: row.day,
  occurredAt: row.occurredAt.toISOString(),
  place: row.place,
  kind: row.kind,
  whatHappened: row.whatHappened,
  firstAid: row.firstAid,
  witnesses: row.witnesses,
  urgent: row.urgent,
  studentIds: studentIds.filter((x): x is string => x !== null),
});

/**
 * Report an incident as `user` (a teacher of the session or the director: 404 otherwise). 400 for a child not
 * Enrolled in the session or a time to come. Each child's parents are told in the same transaction.
 */
export async function reportIncident(
  ctx: AppContext,
  user: AuthUser,
  input: IncidentInput,
  now: Date,
): Promise<Written> {
  const { at, day } = when(input.occurredAt, ctx, now);
  return ctx.db.transaction(async (tx) => {
    const { classSessionId } = input;
    // The caller's reach over the session (team/access.ts): 404 like an unknown session.
    const reachable = await tx
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(and(eq(classSessions.id, classSessionId), visibleSessions(user)));
    if (reachable.length === 0) throw incidentNotFound();
    const [row] = await tx
      .insert(incidents)
      .values({
        classSessionId,
        occurredAt: at,
        day,
        place: input.place,
        kind: input.kind,
        whatHappened: input.whatHappened,
        firstAid: input.firstAid,
        witnesses: input.witnesses,
        urgent: input.urgent,
        reportedBy: user.id,
        created: now,
      })
      .returning();
    await writeChildren(tx, row!.id, classSessionId, input.children);
    const studentIds = input.children.map((c) => c.studentId);
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'incident.report',
        entityType: 'Incident',
        entityId: row!.id,
        before: null,
        after: audited(row!, studentIds),
      },
      now,
    );
    const incident = await staffIncident(tx, user, row!.id);
    const pushes = await notifyIncidentFamilies(ctx, tx, noticeOf(incident), studentIds, { kind: 'report' });
    return { id: row!.id, pushes };
  });
}

/**
 * Correct report `id` as its reporter: the whole report again, within the window, before any signature and
 * before the review (409 `incidents.reviewed` after it, 403 `incidents.notCorrectable` otherwise). Parents of a
 * child the correction adds are told of the report; parents of a child it takes out are told it was a mistake.
 */
export async function correctIncident(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  input: IncidentCorrection,
  now: Date,
): Promise<Written> {
  const { at, day } = when(input.occurredAt, ctx, now);
  return ctx.db.transaction(async (tx) => {
    const incident = await staffIncident(tx, user, id, true);
    if (incident.reviewedAt) throw new HttpError(409, 'incidents.reviewed');
    const before = await involvedChildren(tx, id);
    const signed = await tx
      .select({ id: incidentAcknowledgements.id })
      .from(incidentAcknowledgements)
      .where(eq(incidentAcknowledgements.incidentId, id))
      .limit(1);
    if (!mayCorrect(incident, user, signed.length > 0, now))
      throw new HttpError(403, 'incidents.notCorrectable', {
        params: { minutes: INCIDENT_CORRECTION_MINUTES },
      });
    const [row] = await tx
      .update(incidents)
      .set({
        occurredAt: at,
        day,
        place: input.place,
        kind: input.kind,
        whatHappened: input.whatHappened,
        firstAid: input.firstAid,
        witnesses: input.witnesses,
        urgent: input.urgent,
        correctedAt: now,
      })
      .where(eq(incidents.id, id))
      .returning();
    await tx.delete(incidentChildren).where(eq(incidentChildren.incidentId, id));
    await writeChildren(tx, id, incident.classSessionId, input.children);
    const studentIds = input.children.map((c) => c.studentId);
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'incident.correct',
        entityType: 'Incident',
        entityId: id,
        before: audited(
          incident,
          before.map((c) => c.studentId),
        ),
        after: audited(row!, studentIds),
      },
      now,
    );
    const told = new Set(before.map((c) => c.studentId));
    const added = studentIds.filter((s) => !told.has(s));
    // A child whose family closed its account since is no longer on the report's rows (null): nobody to tell.
    const removed = [...told].filter((s): s is string => s !== null && !studentIds.includes(s));
    const corrected = noticeOf(await staffIncident(tx, user, id));
    const pushes = [
      ...(await notifyIncidentFamilies(ctx, tx, corrected, added, { kind: 'report' })),
      ...(await notifyIncidentFamilies(ctx, tx, corrected, removed, { kind: 'removed' })),
    ];
    return { id, pushes };
  });
}

/** Mark report `id` reviewed (the director: 403 for a teacher; 409 when it already was). */
export async function reviewIncident(ctx: AppContext, user: AuthUser, id: string, now: Date): Promise<void> {
  requireAdmin(user);
  await ctx.db.transaction(async (tx) => {
    const incident = await staffIncident(tx, user, id, true);
    if (incident.reviewedAt) throw new HttpError(409, 'incidents.alreadyReviewed');
    await tx.update(incidents).set({ reviewedAt: now, reviewedBy: user.id }).where(eq(incidents.id, id));
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'incident.review',
        entityType: 'Incident',
        entityId: id,
        before: { classSessionId: incident.classSessionId, day: incident.day, reviewed: false },
        after: { classSessionId: incident.classSessionId, day: incident.day, reviewed: true },
      },
      now,
    );
  });
}

/**
 * Add the director's follow-up note to report `id` (403 for a teacher). A note shared with the families is
 * mailed and pushed to the parents of every involved child still on record.
 */
export async function addFollowUp(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  input: IncidentFollowUpInput,
  now: Date,
): Promise<Written> {
  requireAdmin(user);
  return ctx.db.transaction(async (tx) => {
    const incident = await staffIncident(tx, user, id, true);
    await tx.insert(incidentFollowUps).values({
      incidentId: id,
      authorId: user.id,
      body: input.body,
      shared: input.shareWithFamily,
      created: now,
    });
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'incident.follow_up',
        entityType: 'Incident',
        entityId: id,
        before: null,
        after: {
          classSessionId: incident.classSessionId,
          day: incident.day,
          body: input.body,
          shared: input.shareWithFamily,
        },
      },
      now,
    );
    if (!input.shareWithFamily) return { id, pushes: [] };
    const children = await involvedChildren(tx, id);
    const studentIds = children.map((c) => c.studentId).filter((x): x is string => x !== null);
    const pushes = await notifyIncidentFamilies(ctx, tx, noticeOf(incident), studentIds, {
      kind: 'followUp',
      note: input.body,
    });
    return { id, pushes };
  });
}

/**
 * Sign the family's copy of report `id` as parent `userId` (404 for another family's report). 400 by
 * `signedName` when it is not the account holder's full name; 409 `incidents.copyChanged` when the copy is no
 * longer the one read (`copySha256`), 409 `incidents.alreadyAcknowledged` when the family already signed.
 * Keeps one signature per own child involved: the name, comment, address, browser, the copy and its hash.
 */
export async function acknowledgeIncident(
  ctx: AppContext,
  userId: string,
  id: string,
  input: IncidentAcknowledgeInput,
  origin: SignatureOrigin,
  now: Date,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { incident, ownChildIds } = await familyIncident(tx, userId, id, true);
    const [me] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    const fullName = `${me!.firstName} ${me!.lastName}`;
    if (!signatureMatches(input.signedName, fullName))
      throw new HttpError(400, 'incidents.nameMismatch', {
        params: { name: fullName },
        fields: { signedName: 'incidents.nameMismatch' },
      });
    const copy = await familyIncidentView(tx, incident, ownChildIds, origin.language, ctx.clock.timeZone);
    if (copy.copySha256 !== input.copySha256) throw new HttpError(409, 'incidents.copyChanged');
    const signed = await tx
      .insert(incidentAcknowledgements)
      .values(
        ownChildIds.map((studentId) => ({
          incidentId: id,
          studentId,
          signerId: userId,
          signedName: fullName,
          comment: input.comment,
          ip: origin.ip,
          userAgent: origin.userAgent.slice(0, 500),
          language: origin.language,
          copyText: copy.copyText,
          copySha256: copy.copySha256,
          at: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ studentId: incidentAcknowledgements.studentId });
    if (signed.length === 0) throw new HttpError(409, 'incidents.alreadyAcknowledged');
    for (const child of signed)
      await recordAudit(
        tx,
        {
          actorUserId: userId,
          action: 'incident.acknowledge',
          entityType: 'Incident',
          entityId: id,
          before: null,
          after: {
            classSessionId: incident.classSessionId,
            day: incident.day,
            studentId: child.studentId,
            comment: input.comment,
            copySha256: copy.copySha256,
          },
        },
        now,
      );
  });
}
