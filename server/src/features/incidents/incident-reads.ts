/**
 * Reading incident reports (issue 26, part 3; decision 037): the staff's whole report with the families'
 * signatures, the review and the follow-ups; the staff's list (waiting for a signature, waiting for the
 * director, by session, by a range of days; paged); a family's list and its copy of one report, naming only
 * its own children; and {@link sessionIncidents}, a session's reports in a range of days, for other domains
 * (the inspector's page).
 */
import {
  type FamilyIncident,
  type FamilyIncidentRow,
  INCIDENT_CORRECTION_MINUTES,
  type IncidentKind,
  type StaffIncident,
  type StaffIncidentList,
  type StaffIncidentsQuery,
} from '@lc/contract';
import { instantToWallTime } from '@lc/contract/zoned-time';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  classSessions,
  incidentAcknowledgements,
  incidentChildren,
  incidentFollowUps,
  incidents,
  students,
  users,
} from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { type IncidentRow, visibleIncidents } from './access.ts';
import { copySha256, familyCopyText } from './family-copy.ts';

const person = (first: string | null, last: string | null) =>
  first === null || last === null ? null : { firstName: first, lastName: last };

/** The end of the reporter's correction window for a report made at `created`. */
export const correctionEnds = (created: Date) =>
  new Date(created.getTime() + INCIDENT_CORRECTION_MINUTES * 60_000);

/** The involved children of a report, in the order reported. */
export async function involvedChildren(db: DbOrTx, incidentId: string) {
  return db
    .select()
    .from(incidentChildren)
    .where(eq(incidentChildren.incidentId, incidentId))
    .orderBy(asc(incidentChildren.position));
}

/** The signatures on a report, by child. */
async function acknowledgements(db: DbOrTx, incidentId: string) {
  return db
    .select({
      studentId: incidentAcknowledgements.studentId,
      signedName: incidentAcknowledgements.signedName,
      comment: incidentAcknowledgements.comment,
      at: incidentAcknowledgements.at,
    })
    .from(incidentAcknowledgements)
    .where(eq(incidentAcknowledgements.incidentId, incidentId))
    .orderBy(asc(incidentAcknowledgements.at));
}

/** The follow-ups of a report, oldest first (`sharedOnly`: those shared with the families). */
async function followUps(db: DbOrTx, incidentId: string, sharedOnly: boolean) {
  const rows = await db
    .select({
      id: incidentFollowUps.id,
      body: incidentFollowUps.body,
      shared: incidentFollowUps.shared,
      at: incidentFollowUps.created,
      first: users.firstName,
      last: users.lastName,
    })
    .from(incidentFollowUps)
    .leftJoin(users, eq(users.id, incidentFollowUps.authorId))
    .where(
      and(
        eq(incidentFollowUps.incidentId, incidentId),
        sharedOnly ? eq(incidentFollowUps.shared, true) : undefined,
      ),
    )
    .orderBy(asc(incidentFollowUps.created));
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    shared: r.shared,
    at: r.at.toISOString(),
    author: person(r.first, r.last),
  }));
}

async function personName(db: DbOrTx, id: string | null) {
  if (!id) return null;
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Whether `user` may still correct the report: its reporter, within the window, unsigned, not reviewed. */
export function mayCorrect(incident: IncidentRow, user: AuthUser, signed: boolean, now: Date): boolean {
  return (
    incident.reportedBy === user.id &&
    incident.reviewedAt === null &&
    !signed &&
    now.getTime() <= correctionEnds(incident.created).getTime()
  );
}

/** The staff's view of one report (`GET /api/staff/incidents/{id}`). */
export async function staffIncidentView(
  db: DbOrTx,
  incident: IncidentRow,
  user: AuthUser,
  now: Date,
  timeZone: string,
): Promise<StaffIncident> {
  const [children, acks, notes, reporter, reviewer] = await Promise.all([
    involvedChildren(db, incident.id),
    acknowledgements(db, incident.id),
    followUps(db, incident.id, false),
    personName(db, incident.reportedBy),
    personName(db, incident.reviewedBy),
  ]);
  const ackOf = new Map(acks.map((a) => [a.studentId, a]));
  return {
    id: incident.id,
    classSessionId: incident.classSessionId,
    sessionName: incident.sessionName,
    occurredAt: incident.occurredAt.toISOString(),
    occurredAtWall: instantToWallTime(incident.occurredAt.toISOString(), timeZone),
    place: incident.place,
    kind: incident.kind as IncidentKind,
    whatHappened: incident.whatHappened,
    firstAid: incident.firstAid,
    witnesses: incident.witnesses,
    urgent: incident.urgent,
    children: children.map((c) => {
      const ack = c.studentId ? ackOf.get(c.studentId) : undefined;
      return {
        studentId: c.studentId,
        name: c.childName,
        note: c.note,
        parentCalled: c.parentCalled,
        acknowledgement: ack
          ? { signerName: ack.signedName, at: ack.at.toISOString(), comment: ack.comment }
          : null,
      };
    }),
    reportedBy: reporter,
    reportedAt: incident.created.toISOString(),
    correctedAt: incident.correctedAt?.toISOString() ?? null,
    reviewedAt: incident.reviewedAt?.toISOString() ?? null,
    reviewedBy: reviewer,
    followUps: notes,
    correctable: mayCorrect(incident, user, acks.length > 0, now),
    correctableUntil: correctionEnds(incident.created).toISOString(),
  };
}

/**
 * Children of a report still waiting for their family's signature (a closed family's child never waits).
 * Correlated sub-selects name the outer table in full: Drizzle writes a column of a one-table select unqualified,
 * which inside a sub-select would bind to the inner table's column of the same name.
 */
const waitingCount = sql<number>`(select count(*)::int from incident_children ic
  where ic.incident_id = "incidents"."id" and ic.student_id is not null
    and not exists (select 1 from incident_acknowledgements ia
      where ia.incident_id = ic.incident_id and ia.student_id = ic.student_id))`;

/** The staff's list (`GET /api/staff/incidents`): newest first, within the caller's reach. */
export async function staffIncidentList(
  db: DbOrTx,
  user: AuthUser,
  query: StaffIncidentsQuery,
): Promise<StaffIncidentList> {
  const conditions: (SQL | undefined)[] = [
    visibleIncidents(user),
    query.classSessionId ? eq(incidents.classSessionId, query.classSessionId) : undefined,
    query.from ? gte(incidents.day, query.from) : undefined,
    query.to ? lte(incidents.day, query.to) : undefined,
    query.filter === 'awaitingAcknowledgement' ? sql`${waitingCount} > 0` : undefined,
    query.filter === 'awaitingReview' ? sql`${incidents.reviewedAt} is null` : undefined,
  ];
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(incidents).where(where);
  const rows = await db
    .select({
      id: incidents.id,
      classSessionId: incidents.classSessionId,
      sessionName: classSessions.name,
      occurredAt: incidents.occurredAt,
      kind: incidents.kind,
      urgent: incidents.urgent,
      place: incidents.place,
      reviewedAt: incidents.reviewedAt,
      waiting: waitingCount,
      names: sql<string[]>`(select coalesce(array_agg(ic.child_name order by ic.position), '{}')
        from incident_children ic where ic.incident_id = "incidents"."id")`,
    })
    .from(incidents)
    .innerJoin(classSessions, eq(classSessions.id, incidents.classSessionId))
    .where(where)
    .orderBy(desc(incidents.occurredAt), asc(incidents.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      classSessionId: r.classSessionId,
      sessionName: r.sessionName,
      occurredAt: r.occurredAt.toISOString(),
      kind: r.kind as IncidentKind,
      urgent: r.urgent,
      place: r.place,
      childNames: r.names,
      awaitingAcknowledgement: Number(r.waiting),
      reviewed: r.reviewedAt !== null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** How many reports the caller sees are waiting for a signature, and for the director's review (Today). */
export async function incidentCounts(
  db: DbOrTx,
  user: AuthUser,
): Promise<{ awaitingAcknowledgement: number; awaitingReview: number }> {
  const [row] = await db
    .select({
      awaitingAcknowledgement: sql<number>`count(*) filter (where ${waitingCount} > 0)::int`,
      awaitingReview: sql<number>`count(*) filter (where ${incidents.reviewedAt} is null)::int`,
    })
    .from(incidents)
    .where(visibleIncidents(user));
  return {
    awaitingAcknowledgement: Number(row?.awaitingAcknowledgement ?? 0),
    awaitingReview: Number(row?.awaitingReview ?? 0),
  };
}

/** A report as another domain reads it (the inspector's page): no family's signature, no follow-up. */
export type SessionIncident = {
  id: string;
  occurredAt: string;
  day: string;
  place: string;
  kind: IncidentKind;
  whatHappened: string;
  firstAid: string;
  witnesses: string;
  urgent: boolean;
  childNames: string[];
  /** Each child as reported, with the family's signature on its copy (the name typed, when), if any. */
  children: { name: string; signedBy: string | null; signedAt: string | null }[];
  reviewed: boolean;
};

/**
 * A session's incident reports from `from` to `to` (ISO days of the center's calendar, both included), in the
 * order they happened. The caller checks who may read them; children are named as reported.
 */
export async function sessionIncidents(
  db: DbOrTx,
  classSessionId: number,
  from: string,
  to: string,
): Promise<SessionIncident[]> {
  const rows = await db
    .select()
    .from(incidents)
    .where(
      and(eq(incidents.classSessionId, classSessionId), gte(incidents.day, from), lte(incidents.day, to)),
    )
    .orderBy(asc(incidents.occurredAt));
  const children =
    rows.length === 0
      ? []
      : await db
          .select({
            incidentId: incidentChildren.incidentId,
            name: incidentChildren.childName,
            signedBy: incidentAcknowledgements.signedName,
            signedAt: incidentAcknowledgements.at,
          })
          .from(incidentChildren)
          .leftJoin(
            incidentAcknowledgements,
            and(
              eq(incidentAcknowledgements.incidentId, incidentChildren.incidentId),
              eq(incidentAcknowledgements.studentId, incidentChildren.studentId),
            ),
          )
          .where(
            inArray(
              incidentChildren.incidentId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(incidentChildren.position));
  return rows.map((r) => ({
    id: r.id,
    occurredAt: r.occurredAt.toISOString(),
    day: r.day,
    place: r.place,
    kind: r.kind as IncidentKind,
    whatHappened: r.whatHappened,
    firstAid: r.firstAid,
    witnesses: r.witnesses,
    urgent: r.urgent,
    childNames: children.filter((c) => c.incidentId === r.id).map((c) => c.name),
    children: children
      .filter((c) => c.incidentId === r.id)
      .map((c) => ({ name: c.name, signedBy: c.signedBy, signedAt: c.signedAt?.toISOString() ?? null })),
    reviewed: r.reviewedAt !== null,
  }));
}

/** The family's list (`GET /api/Incidents`): reports involving any of `childIds`, newest first. */
export async function familyIncidentList(
  db: DbOrTx,
  childIds: readonly string[],
): Promise<FamilyIncidentRow[]> {
  if (childIds.length === 0) return [];
  const own = await db
    .select({
      incidentId: incidentChildren.incidentId,
      studentId: incidentChildren.studentId,
      firstName: sql<string>`split_part("incident_children"."child_name", ' ', 1)`,
      current: sql<
        string | null
      >`(select s.first_name from students s where s.id = "incident_children"."student_id")`,
      signed: sql<boolean>`exists (select 1 from incident_acknowledgements ia
        where ia.incident_id = "incident_children"."incident_id"
          and ia.student_id = "incident_children"."student_id")`,
    })
    .from(incidentChildren)
    .where(inArray(incidentChildren.studentId, [...childIds]))
    .orderBy(asc(incidentChildren.position));
  const ids = [...new Set(own.map((o) => o.incidentId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: incidents.id,
      occurredAt: incidents.occurredAt,
      kind: incidents.kind,
      urgent: incidents.urgent,
      sessionName: classSessions.name,
    })
    .from(incidents)
    .innerJoin(classSessions, eq(classSessions.id, incidents.classSessionId))
    .where(inArray(incidents.id, ids))
    .orderBy(desc(incidents.occurredAt));
  return rows.map((r) => {
    const mine = own.filter((o) => o.incidentId === r.id);
    return {
      id: r.id,
      occurredAt: r.occurredAt.toISOString(),
      kind: r.kind as IncidentKind,
      urgent: r.urgent,
      sessionName: r.sessionName,
      childNames: mine.map((o) => o.current ?? o.firstName),
      acknowledged: mine.every((o) => o.signed),
    };
  });
}

/** The family's copy as the API answers it, and the text and hash that signing checks. */
export async function familyIncidentView(
  db: DbOrTx,
  incident: IncidentRow,
  ownChildIds: readonly string[],
  language: string,
  timeZone: string,
): Promise<FamilyIncident> {
  const [children, acks, notes, reporter] = await Promise.all([
    involvedChildren(db, incident.id),
    acknowledgements(db, incident.id),
    followUps(db, incident.id, true),
    personName(db, incident.reportedBy),
  ]);
  const ownSet = new Set(ownChildIds);
  const mine = children.filter((c) => c.studentId !== null && ownSet.has(c.studentId));
  const mineIds = mine.map((c) => c.studentId!);
  const firstNames =
    mineIds.length === 0
      ? []
      : await db
          .select({ id: students.id, firstName: students.firstName })
          .from(students)
          .where(inArray(students.id, mineIds));
  const nameOf = new Map(firstNames.map((r) => [r.id, r.firstName]));
  const own = mine.map((c) => ({
    studentId: c.studentId!,
    firstName: nameOf.get(c.studentId!) ?? c.childName.split(' ')[0]!,
    note: c.note,
    parentCalled: c.parentCalled,
  }));
  const otherChildren = children.length - mine.length;
  const reportedBy = reporter ? `${reporter.firstName} ${reporter.lastName}` : null;
  const copyText = familyCopyText(
    {
      sessionName: incident.sessionName,
      occurredAt: incident.occurredAt,
      place: incident.place,
      kind: incident.kind as IncidentKind,
      whatHappened: incident.whatHappened,
      firstAid: incident.firstAid,
      witnesses: incident.witnesses,
      urgent: incident.urgent,
      own,
      otherChildren,
      reportedBy,
    },
    language,
    timeZone,
  );
  const ack = acks.find((a) => ownSet.has(a.studentId));
  return {
    id: incident.id,
    sessionName: incident.sessionName,
    occurredAt: incident.occurredAt.toISOString(),
    place: incident.place,
    kind: incident.kind as IncidentKind,
    whatHappened: incident.whatHappened,
    firstAid: incident.firstAid,
    witnesses: incident.witnesses,
    urgent: incident.urgent,
    children: own,
    otherChildren,
    reportedBy: reporter,
    followUps: notes,
    acknowledgement: ack
      ? { signerName: ack.signedName, at: ack.at.toISOString(), comment: ack.comment }
      : null,
    copyText,
    copySha256: copySha256(copyText),
  };
}
