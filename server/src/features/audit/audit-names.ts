/**
 * The names behind one page of the audit trail (issue 24, "Records staff can keep": names not ids). A page's
 * rows are read first; then every child, family, session, person, contact, door tablet, announcement and
 * inbox sender they mention is looked up in one batch per table (two rounds: enrollments and payments first,
 * as they lead to the child and the session), never one query per row. A record that is gone is answered
 * as null, so the sentence says "a child no longer on record".
 */
import type { AuditSentence } from '@lc/contract';
import { type AuditNames, auditSentence } from '@lc/contract/audit-sentences';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  announcements,
  classSessionEnrollments,
  classSessions,
  contactSubmissions,
  familyInvitations,
  familyMembers,
  kiosks,
  payments,
  students,
  trusteePassports,
  trustees,
  tutoringWaitlistSubmissions,
  userStudents,
  users,
  userTrustees,
} from '../../db/schema.ts';

/** One recorded row, as read. */
export type AuditRowFacts = {
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
};

/** What the page shows of a row beyond its facts: the sentence, and the child and family it was about. */
export type AuditRowWords = {
  actorName: string | null;
  sentence: AuditSentence;
  studentId: string | null;
  familyUserId: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const uuid = (v: unknown): string | null => (typeof v === 'string' && UUID.test(v) ? v : null);
const sessionId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};
const uuids = (v: unknown): string[] => (Array.isArray(v) ? v.map(uuid).filter((x) => x !== null) : []);

/** Ids of `type` rows among `rows` (UUIDs only). */
const entityIds = (rows: AuditRowFacts[], ...types: string[]) =>
  [...new Set(rows.filter((r) => types.includes(r.entityType)).map((r) => uuid(r.entityId)))].filter(
    (x): x is string => x !== null,
  );

const fullName = (u: { firstName: string; lastName: string } | undefined) =>
  u ? `${u.firstName} ${u.lastName}`.trim() : null;

/**
 * The sentence, the actor's name, and the child and family of each row of `rows` (same order). Two rounds of
 * batched lookups, whatever the page's size.
 */
export async function auditWords(db: DbOrTx, rows: AuditRowFacts[]): Promise<AuditRowWords[]> {
  const has = (ids: string[]) => ids.length > 0;
  const enrollmentIds = entityIds(rows, 'ClassSessionEnrollment');
  const paymentIds = entityIds(rows, 'Payment');
  const trusteeIds = entityIds(rows, 'Trustee');
  const passportIds = entityIds(rows, 'DigitalPassport');
  const familyIds = entityIds(rows, 'Family');
  const inboxIds = entityIds(rows, 'ContactSubmission');
  const tutoringIds = entityIds(rows, 'TutoringWaitlistSubmission');
  const kioskIds = [
    ...new Set([
      ...entityIds(rows, 'Kiosk'),
      ...rows.map((r) => uuid(record(r.after).kioskId)).filter((x): x is string => x !== null),
    ]),
  ];
  const announcementIds = [
    ...new Set(rows.filter((r) => r.entityType === 'Announcement').map((r) => sessionId(r.entityId))),
  ].filter((x): x is number => x !== null);

  // Round 1: what leads to a child, a session, a family or a contact.
  const [
    enrollments,
    paid,
    paidPlaces,
    contactRows,
    passRows,
    members,
    invitations,
    ann,
    kiosk,
    inbox,
    tutoring,
  ] = await Promise.all([
    has(enrollmentIds)
      ? db
          .select({
            id: classSessionEnrollments.id,
            studentId: classSessionEnrollments.studentId,
            classSessionId: classSessionEnrollments.classSessionId,
          })
          .from(classSessionEnrollments)
          .where(inArray(classSessionEnrollments.id, enrollmentIds))
      : [],
    has(paymentIds)
      ? db
          .select({ id: payments.id, userId: payments.userId, classSessionId: payments.classSessionId })
          .from(payments)
          .where(inArray(payments.id, paymentIds))
      : [],
    has(paymentIds)
      ? db
          .select({
            paymentId: classSessionEnrollments.paymentId,
            studentId: classSessionEnrollments.studentId,
          })
          .from(classSessionEnrollments)
          .where(inArray(classSessionEnrollments.paymentId, paymentIds))
      : [],
    has(trusteeIds)
      ? db
          .select({
            id: trustees.id,
            firstName: trustees.firstName,
            lastName: trustees.lastName,
            userId: userTrustees.userId,
          })
          .from(trustees)
          .leftJoin(userTrustees, eq(userTrustees.trusteeId, trustees.id))
          .where(inArray(trustees.id, trusteeIds))
      : [],
    has(passportIds)
      ? db
          .select({
            passportId: trusteePassports.passportId,
            firstName: trustees.firstName,
            lastName: trustees.lastName,
          })
          .from(trusteePassports)
          .innerJoin(trustees, eq(trustees.id, trusteePassports.trusteeId))
          .where(inArray(trusteePassports.passportId, passportIds))
      : [],
    has(familyIds)
      ? db
          .select({ familyId: familyMembers.familyId, userId: familyMembers.userId })
          .from(familyMembers)
          .where(inArray(familyMembers.familyId, familyIds))
      : [],
    has(familyIds)
      ? db
          .select({ id: familyInvitations.id, userId: familyInvitations.invitedBy })
          .from(familyInvitations)
          .where(inArray(familyInvitations.id, familyIds))
      : [],
    announcementIds.length > 0
      ? db
          .select({ id: announcements.id, title: announcements.title })
          .from(announcements)
          .where(inArray(announcements.id, announcementIds))
      : [],
    has(kioskIds)
      ? db.select({ id: kiosks.id, name: kiosks.name }).from(kiosks).where(inArray(kiosks.id, kioskIds))
      : [],
    has(inboxIds)
      ? db
          .select({
            id: contactSubmissions.id,
            firstName: contactSubmissions.firstName,
            lastName: contactSubmissions.lastName,
          })
          .from(contactSubmissions)
          .where(inArray(contactSubmissions.id, inboxIds))
      : [],
    has(tutoringIds)
      ? db
          .select({ id: tutoringWaitlistSubmissions.id, name: tutoringWaitlistSubmissions.parentName })
          .from(tutoringWaitlistSubmissions)
          .where(inArray(tutoringWaitlistSubmissions.id, tutoringIds))
      : [],
  ]);
  const enrollmentById = new Map(enrollments.map((e) => [e.id, e]));
  const paymentById = new Map(paid.map((p) => [p.id, p]));
  const paymentChild = new Map(paidPlaces.map((p) => [p.paymentId, p.studentId]));
  const contactById = new Map(contactRows.map((c) => [c.id, c]));
  const passHolder = new Map(passRows.map((p) => [p.passportId, fullName(p)]));
  const familyParent = new Map<string, string>();
  for (const m of [...members, ...invitations.map((i) => ({ familyId: i.id, userId: i.userId }))])
    if (!familyParent.has(m.familyId)) familyParent.set(m.familyId, m.userId);
  const titles = new Map(ann.map((x) => [String(x.id), x.title]));
  const kioskNames = new Map(kiosk.map((k) => [k.id, k.name]));
  const senders = new Map<string, string>([
    ...inbox.map((i) => [i.id, fullName(i)!] as [string, string]),
    ...tutoring.map((x) => [x.id, x.name] as [string, string]),
  ]);

  // What each row is about, by id.
  const about = rows.map((r) => {
    const b = record(r.before);
    const a = record(r.after);
    const enrollment = enrollmentById.get(r.entityId);
    const payment = paymentById.get(r.entityId);
    const studentId =
      uuid(b.studentId) ??
      uuid(a.studentId) ??
      (r.entityType === 'Student' ? uuid(r.entityId) : null) ??
      enrollment?.studentId ??
      (payment ? (paymentChild.get(payment.id) ?? null) : null) ??
      uuids(a.studentIds)[0] ??
      uuids(b.studentIds)[0] ??
      null;
    const session =
      r.action === 'enrollment.move'
        ? sessionId(a.classSessionId)
        : (sessionId(a.classSessionId) ??
          sessionId(b.classSessionId) ??
          (r.entityType === 'ClassSession' ? sessionId(r.entityId) : null) ??
          enrollment?.classSessionId ??
          payment?.classSessionId ??
          null);
    const fromSession =
      r.action === 'enrollment.move'
        ? sessionId(b.classSessionId)
        : r.action === 'session.duplicate'
          ? sessionId(b.copiedFrom)
          : null;
    const familyUser =
      payment?.userId ??
      (r.entityType === 'Trustee' ? (contactById.get(r.entityId)?.userId ?? null) : null) ??
      (r.entityType === 'Family' ? (familyParent.get(r.entityId) ?? null) : null) ??
      (r.entityType === 'User' && r.action.startsWith('family.') ? uuid(r.entityId) : null) ??
      (r.entityType === 'Conversation' || r.entityType === 'ConversationMessage'
        ? (uuid(a.familyUserId) ?? uuid(b.familyUserId))
        : null);
    const person =
      r.entityType === 'User' ? uuid(r.entityId) : r.action === 'family.remove' ? uuid(a.left) : null;
    return {
      studentId,
      session,
      fromSession,
      familyUser,
      person,
      teachers: r.action === 'session.teachers.set' ? uuids(a.teacherIds) : [],
      assignee: uuid(a.assigneeId),
    };
  });

  // Round 2: children (and their parents), sessions, people.
  const childIds = [...new Set(about.map((x) => x.studentId).filter((x): x is string => x !== null))];
  const sessionIds = [
    ...new Set(about.flatMap((x) => [x.session, x.fromSession]).filter((x): x is number => x !== null)),
  ];
  const [childRows, parentRows, sessionRows] = await Promise.all([
    has(childIds)
      ? db
          .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
          .from(students)
          .where(inArray(students.id, childIds))
      : [],
    has(childIds)
      ? db
          .select({ studentId: userStudents.studentId, userId: userStudents.userId })
          .from(userStudents)
          .where(inArray(userStudents.studentId, childIds))
      : [],
    sessionIds.length > 0
      ? db
          .select({ id: classSessions.id, name: classSessions.name })
          .from(classSessions)
          .where(inArray(classSessions.id, sessionIds))
      : [],
  ]);
  const childParent = new Map<string, string>();
  for (const p of parentRows) if (!childParent.has(p.studentId)) childParent.set(p.studentId, p.userId);
  for (const x of about)
    if (!x.familyUser && x.studentId) x.familyUser = childParent.get(x.studentId) ?? null;
  const userIds = [
    ...new Set(
      [
        ...rows.map((r) => r.actorUserId),
        ...about.flatMap((x) => [x.familyUser, x.person, x.assignee, ...x.teachers]),
      ].filter((x): x is string => x !== null),
    ),
  ];
  const people = has(userIds)
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const personById = new Map(people.map((p) => [p.id, p]));
  const childById = new Map(childRows.map((c) => [c.id, fullName(c)]));
  const sessionName = new Map(sessionRows.map((s) => [s.id, s.name]));
  const nameOf = (id: string | null) => (id ? fullName(personById.get(id)) : undefined);

  return rows.map((r, i) => {
    const x = about[i]!;
    const actorName = r.actorUserId ? fullName(personById.get(r.actorUserId)) : null;
    const contact =
      r.entityType === 'Trustee'
        ? fullName(contactById.get(r.entityId))
        : r.entityType === 'DigitalPassport'
          ? (passHolder.get(r.entityId) ?? null)
          : undefined;
    const names: AuditNames = {
      actor: r.actorUserId === null ? 'system' : actorName,
      child: x.studentId ? (childById.get(x.studentId) ?? null) : undefined,
      family: x.familyUser ? (personById.get(x.familyUser)?.lastName ?? null) : undefined,
      session: x.session ? (sessionName.get(x.session) ?? null) : undefined,
      fromSession: x.fromSession ? (sessionName.get(x.fromSession) ?? null) : undefined,
      person: nameOf(x.person),
      contact,
      teachers: x.teachers.map((id) => nameOf(id)).filter((n): n is string => Boolean(n)),
      assignee: nameOf(x.assignee),
      sender: senders.get(r.entityId) ?? null,
      title: titles.get(r.entityId) ?? null,
      kiosk:
        kioskNames.get(uuid(record(r.after).kioskId) ?? '') ??
        (r.entityType === 'Kiosk' ? (kioskNames.get(r.entityId) ?? null) : null),
    };
    return {
      actorName,
      sentence: auditSentence(r, names),
      studentId: x.studentId && childById.has(x.studentId) ? x.studentId : null,
      familyUserId: x.familyUser && personById.has(x.familyUser) ? x.familyUser : null,
    };
  });
}

/** The names the filters chose: the actor, the child and the family's parent (null when not chosen or gone). */
export async function filterNames(
  db: DbOrTx,
  ids: { actorUserId?: string; studentId?: string; familyUserId?: string },
) {
  const userIds = [ids.actorUserId, ids.familyUserId].filter((x): x is string => Boolean(x));
  const [people, child] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    ids.studentId
      ? db
          .select({ firstName: students.firstName, lastName: students.lastName })
          .from(students)
          .where(eq(students.id, ids.studentId))
      : [],
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  return {
    actor: ids.actorUserId ? fullName(byId.get(ids.actorUserId)) : null,
    child: fullName(child[0]),
    family: ids.familyUserId ? fullName(byId.get(ids.familyUserId)) : null,
  };
}
