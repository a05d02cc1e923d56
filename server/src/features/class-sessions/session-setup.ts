/**
 * Setting up terms (issue 10 "Sessions and programs"): a session as the staff form reads it, duplicating a
 * session to start next term, and programs (spec §3 ClassSection) and policies (spec §3 Policy). Reads are
 * for staff (a teacher reads only the sessions they teach; programs and policies are not private); every
 * write is the director's (Admin) and commits with its audit row.
 */
import type {
  ClassSession,
  PolicyInput,
  PolicyRow,
  ProgramRow,
  ProgramValues,
  SessionDuplicateInput,
} from '@lc/contract';
import { addDays, daysBetween, shiftInstantByDays } from '@lc/contract/zoned-time';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { classSections, classSessions, policies, sessionStaff } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { isBlankRichText, sanitizeRichText } from '../../lib/rich-text.ts';
import { recordAudit } from '../audit/record.ts';
import { visibleSessions } from '../team/access.ts';
import { invalidateCatalog } from './catalog.ts';
import { findClassSession } from './find-class-sessions.ts';
import { auditedSession } from './save-class-session.ts';

/** The session for the staff form and pages, or null when it does not exist or the caller does not teach it. */
export async function readStaffSession(
  db: Db,
  clock: Clock,
  user: AuthUser,
  id: number,
): Promise<ClassSession | null> {
  const [visible] = await db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(and(eq(classSessions.id, id), visibleSessions(user)));
  return visible ? findClassSession(db, clock, id) : null;
}

/**
 * Copy session `id` to start on `input.sessionStartDate` under `input.name`: every date (the session's end,
 * both registration windows, a payment plan's instalments) moves by the same number of calendar days, keeping its wall-clock time in the
 * center's zone; the copy starts inactive so families do not see it before the director has checked it.
 * Its teachers come along; nothing of the families (enrollments, waitlist, payments) does. 404 unknown id.
 */
export async function duplicateSession(
  db: Db,
  clock: Clock,
  actorUserId: string,
  id: number,
  input: SessionDuplicateInput,
): Promise<number> {
  const now = clock.now();
  const newId = await db.transaction(async (tx) => {
    const [source] = await tx.select().from(classSessions).where(eq(classSessions.id, id));
    if (!source) throw notFound('session');
    const days = daysBetween(source.sessionStartDate, input.sessionStartDate);
    const shift = (d: Date | null) =>
      d ? new Date(shiftInstantByDays(d.toISOString(), days, clock.timeZone)) : null;
    const { id: _id, created: _created, lastUpdated: _updated, ...fields } = getTableColumns(classSessions);
    const copy = Object.fromEntries(
      Object.keys(fields).map((key) => [key, source[key as keyof typeof source]]),
    ) as Omit<typeof source, 'id' | 'created' | 'lastUpdated'>;
    const values = {
      ...copy,
      name: input.name,
      isActive: false,
      sessionStartDate: input.sessionStartDate,
      sessionEndDate: addDays(source.sessionEndDate, days),
      priorityRegistrationStartDate: shift(source.priorityRegistrationStartDate),
      priorityRegistrationEndDate: shift(source.priorityRegistrationEndDate),
      registrationStartDate: shift(source.registrationStartDate),
      registrationEndDate: shift(source.registrationEndDate),
      // A payment plan's instalments move with the session (issue 23).
      planDueDates: source.planDueDates.map((d) => addDays(d, days)),
    };
    const [row] = await tx.insert(classSessions).values(values).returning({ id: classSessions.id });
    const teachers = await tx
      .select({ userId: sessionStaff.userId })
      .from(sessionStaff)
      .where(eq(sessionStaff.classSessionId, id));
    if (teachers.length > 0)
      await tx
        .insert(sessionStaff)
        .values(teachers.map((t) => ({ classSessionId: row!.id, userId: t.userId, created: now })));
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'session.duplicate',
        entityType: 'ClassSession',
        entityId: row!.id,
        before: { copiedFrom: id },
        after: auditedSession({ ...values, teacherIds: teachers.map((t) => t.userId).sort() }),
      },
      now,
    );
    return row!.id;
  });
  invalidateCatalog(db);
  return newId;
}

const sessionsUsing = (column: 'class_section_id' | 'policy') =>
  column === 'class_section_id'
    ? sql<number>`(select count(*)::int from class_sessions s where s.class_section_id = class_sections.id)`
    : sql<number>`(select count(*)::int from class_sessions s where policies.id in
        (s.expectation_policy_id, s.dismissal_policy_id, s.late_pickup_policy_id))`;

/** Every program, active first, then by name, with how many sessions use it. */
export async function listPrograms(db: Db): Promise<ProgramRow[]> {
  return db
    .select({ ...getTableColumns(classSections), sessionCount: sessionsUsing('class_section_id') })
    .from(classSections)
    .orderBy(sql`${classSections.isActive} desc`, asc(classSections.name));
}

/**
 * Create (`id` null) or update a program; answers its row. 404 unknown id; 409 on `name` when another
 * program has it (two programs of one name would be indistinguishable on the session form).
 */
export async function saveProgram(
  db: Db,
  actorUserId: string,
  id: number | null,
  input: ProgramValues,
  now: Date,
): Promise<number> {
  const values = {
    name: input.name,
    isActive: input.isActive,
    startDate: input.startDate,
    endDate: input.endDate,
    childrenPerAdult: input.childrenPerAdult,
  };
  const savedId = await db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: classSections.id })
      .from(classSections)
      .where(sql`lower(${classSections.name}) = lower(${values.name})`);
    if (clash && clash.id !== id) {
      throw new HttpError(409, 'sessions.program.nameTaken', {
        fields: { name: 'sessions.program.nameTaken' },
      });
    }
    if (id === null) {
      const [row] = await tx.insert(classSections).values(values).returning({ id: classSections.id });
      await recordAudit(
        tx,
        {
          actorUserId,
          action: 'program.create',
          entityType: 'ClassSection',
          entityId: row!.id,
          before: null,
          after: values,
        },
        now,
      );
      return row!.id;
    }
    const [before] = await tx.select().from(classSections).where(eq(classSections.id, id)).for('update');
    if (!before) throw notFound('program');
    await tx.update(classSections).set(values).where(eq(classSections.id, id));
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'program.update',
        entityType: 'ClassSection',
        entityId: id,
        before,
        after: values,
      },
      now,
    );
    return id;
  });
  invalidateCatalog(db);
  return savedId;
}

/** Every policy, by kind then name, with how many sessions use it. */
export async function listPolicies(db: Db): Promise<PolicyRow[]> {
  const rows = await db
    .select({ ...getTableColumns(policies), sessionCount: sessionsUsing('policy') })
    .from(policies)
    .orderBy(asc(policies.policyType), asc(policies.name));
  return rows.map((p) => ({
    id: p.id,
    policyType: p.policyType as PolicyRow['policyType'],
    name: p.name,
    htmlValue: p.htmlValue,
    lastUpdated: p.lastUpdated.toISOString(),
    sessionCount: p.sessionCount,
  }));
}

/**
 * Create (`id` null) or update a policy. The text is sanitised (lib/rich-text.ts) before it is stored; 400 on
 * `htmlValue` when nothing readable is left. Changing a policy changes it for every session that uses it,
 * which is what a center means by "our late pickup policy". 404 unknown id.
 */
export async function savePolicy(
  db: Db,
  actorUserId: string,
  id: number | null,
  input: PolicyInput,
  now: Date,
): Promise<number> {
  const htmlValue = sanitizeRichText(input.htmlValue);
  if (isBlankRichText(htmlValue)) {
    throw new HttpError(400, 'sessions.policy.blank', { fields: { htmlValue: 'sessions.policy.blank' } });
  }
  const values = { policyType: input.policyType, name: input.name, htmlValue };
  const savedId = await db.transaction(async (tx) => {
    if (id === null) {
      const [row] = await tx
        .insert(policies)
        .values({ ...values, created: now, lastUpdated: now })
        .returning({ id: policies.id });
      await recordAudit(
        tx,
        {
          actorUserId,
          action: 'policy.create',
          entityType: 'Policy',
          entityId: row!.id,
          before: null,
          after: values,
        },
        now,
      );
      return row!.id;
    }
    const [before] = await tx.select().from(policies).where(eq(policies.id, id)).for('update');
    if (!before) throw notFound('policy');
    if (before.policyType !== values.policyType) {
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(classSessions)
        .where(
          sql`${id} in (${classSessions.expectationPolicyId}, ${classSessions.dismissalPolicyId}, ${classSessions.latePickupPolicyId})`,
        );
      if ((used?.n ?? 0) > 0) {
        throw new HttpError(409, 'sessions.policy.kindInUse', {
          fields: { policyType: 'sessions.policy.kindInUse' },
        });
      }
    }
    await tx
      .update(policies)
      .set({ ...values, lastUpdated: now })
      .where(eq(policies.id, id));
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'policy.update',
        entityType: 'Policy',
        entityId: id,
        before: { policyType: before.policyType, name: before.name, htmlValue: before.htmlValue },
        after: values,
      },
      now,
    );
    return id;
  });
  invalidateCatalog(db);
  return savedId;
}
