/**
 * What each program requires of its children's health records (issue 26 part 1; decision 035): the
 * director's list per program (`program_health_requirements`), and the requirements that apply to a child
 * (the programs of their current and coming places) or to a session (its program).
 */
import {
  mergeRequirements,
  type ProgramRequirement,
  type ProgramRequirements,
  type ProgramRequirementsInput,
} from '@lc/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { classSections, programHealthRequirements } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';

type RequirementRow = { requirement: string; mode: string; months: number | null };

const toRequirement = (r: RequirementRow): ProgramRequirement => ({
  requirement: r.requirement as ProgramRequirement['requirement'],
  mode: r.mode as ProgramRequirement['mode'],
  months: r.months,
});

/** Every program, by name, with its requirements (none: nothing required). */
export async function listProgramRequirements(db: DbOrTx): Promise<ProgramRequirements[]> {
  const programs = await db
    .select({ id: classSections.id, name: classSections.name })
    .from(classSections)
    .orderBy(asc(classSections.name), asc(classSections.id));
  const rows = await db.select().from(programHealthRequirements);
  return programs.map((p) => ({
    programId: p.id,
    name: p.name,
    requirements: mergeRequirements([rows.filter((r) => r.classSectionId === p.id).map(toRequirement)]),
  }));
}

/**
 * Replace program `programId`'s requirements with `input` (the director), audited with before and after.
 * A physical without months counts the default; immunizations keep no months. 404 for an unknown program.
 */
export async function saveProgramRequirements(
  db: DbOrTx,
  actorId: string,
  programId: number,
  input: ProgramRequirementsInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [program] = await tx
      .select({ id: classSections.id, name: classSections.name })
      .from(classSections)
      .where(eq(classSections.id, programId))
      .for('update');
    if (!program) throw notFound('program');
    const before = (
      await tx
        .select()
        .from(programHealthRequirements)
        .where(eq(programHealthRequirements.classSectionId, programId))
    ).map(toRequirement);
    await tx.delete(programHealthRequirements).where(eq(programHealthRequirements.classSectionId, programId));
    const after = input.requirements.map((r) => ({
      ...r,
      months: r.requirement === 'Physical' ? (r.months ?? 12) : null,
    }));
    if (after.length > 0)
      await tx
        .insert(programHealthRequirements)
        .values(after.map((r) => ({ classSectionId: programId, ...r })));
    await recordAudit(
      tx,
      {
        actorUserId: actorId,
        action: 'program.health_requirements',
        entityType: 'ClassSection',
        entityId: programId,
        before: { program: program.name, requirements: before },
        after: { program: program.name, requirements: after },
      },
      now,
    );
  });
}

/** The requirements of session `sessionId`'s program, and the program's name (none without a program). */
export async function sessionRequirements(
  db: DbOrTx,
  sessionId: number,
): Promise<{ programName: string | null; requirements: ProgramRequirement[] }> {
  const rows = await queryRows<RequirementRow & { program_name: string | null }>(
    db,
    sql`select cs.name as program_name, r.requirement, r.mode, r.months
      from class_sessions s
      left join class_sections cs on cs.id = s.class_section_id
      left join program_health_requirements r on r.class_section_id = s.class_section_id
      where s.id = ${sessionId}`,
  );
  return {
    programName: rows[0]?.program_name ?? null,
    requirements: mergeRequirements([rows.filter((r) => r.requirement !== null).map(toRequirement)]),
  };
}

/**
 * Per child of `studentIds`, the merged requirements of the programs where they hold a place (Enrolled, or a
 * checkout's hold not run out at `now`) in a session that has not ended by `today`, and those programs' names.
 */
export async function childrenRequirements(
  db: DbOrTx,
  studentIds: readonly string[],
  now: Date,
  today: string,
): Promise<Map<string, { programs: string[]; requirements: ProgramRequirement[] }>> {
  const out = new Map<string, { programs: string[]; requirements: ProgramRequirement[] }>();
  for (const id of studentIds) out.set(id, { programs: [], requirements: [] });
  if (studentIds.length === 0) return out;
  const rows = await queryRows<RequirementRow & { student_id: string; program: string }>(
    db,
    sql`select distinct e.student_id, cs.name as program, r.requirement, r.mode, r.months
      from class_session_enrollments e
      join class_sessions s on s.id = e.class_session_id
      join class_sections cs on cs.id = s.class_section_id
      left join program_health_requirements r on r.class_section_id = cs.id
      where e.student_id in (${sql.join(
        studentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and s.session_end_date >= ${today}
        and (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${now}))`,
  );
  for (const id of studentIds) {
    const mine = rows.filter((r) => r.student_id === id);
    out.set(id, {
      programs: [...new Set(mine.map((r) => r.program))].sort(),
      requirements: mergeRequirements([mine.filter((r) => r.requirement !== null).map(toRequirement)]),
    });
  }
  return out;
}
