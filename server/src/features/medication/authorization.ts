/**
 * The rule of the medication log (issue 26; decision 040): a dose is given only under a signed,
 * current-version MedicalAuthorization form (decision 036) of a program the child is Enrolled in, signed by
 * one of the child's parents (an account mapped to the child today, `user_students`). The standing is the
 * forms' own (signed-forms/standing.ts): the newest signature decides, and a new version published asks
 * again from its publish instant, so a dose after that is refused until a parent signs the new version.
 */
import type { AuthorizationAnswer, MedicationAuthorization } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, uuidList } from '../../db/client.ts';
import { liveForms, signaturesFor, standingOf } from '../signed-forms/standing.ts';

/** Where a child stands: an authorization to give under, or why not (`NeedsResign`: only an older version). */
export type AuthorizationStanding =
  | { status: 'Signed'; authorization: MedicationAuthorization }
  | { status: 'NeedsSignature' | 'NeedsResign'; authorization: null };

/** The filled answers of a signed canonical document (decision 036: `answers: [{ label, answer }]`). */
export function filledAnswers(document: string): AuthorizationAnswer[] {
  try {
    const parsed = JSON.parse(document) as { answers?: Array<{ label?: unknown; answer?: unknown }> };
    return (parsed.answers ?? []).flatMap((a) =>
      typeof a.label === 'string' &&
      (typeof a.answer === 'boolean' || (typeof a.answer === 'string' && a.answer.trim() !== ''))
        ? [{ label: a.label, answer: a.answer }]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * Each of `studentIds`' standing on the MedicalAuthorization forms of the programs they are Enrolled in: the
 * first form (by program and title) signed on its current version by a current parent, else `NeedsResign`
 * when one was signed on an older version, else `NeedsSignature`. One query per step, whatever the count.
 */
export async function medicationAuthorizations(
  db: DbOrTx,
  studentIds: readonly string[],
): Promise<Map<string, AuthorizationStanding>> {
  const out = new Map<string, AuthorizationStanding>();
  if (studentIds.length === 0) return out;
  const places = await queryRows<{ student_id: string; program_id: number }>(
    db,
    sql`select distinct e.student_id, cs.class_section_id as program_id
      from class_session_enrollments e join class_sessions cs on cs.id = e.class_session_id
      where e.status = 'Enrolled' and cs.class_section_id is not null and e.student_id in ${uuidList(studentIds)}`,
  );
  const programIds = [...new Set(places.map((p) => Number(p.program_id)))];
  const forms = (await liveForms(db, programIds)).filter((f) => f.content.kind === 'MedicalAuthorization');
  const facts = await signaturesFor(
    db,
    forms.map((f) => f.id),
    studentIds,
  );
  const chosen = new Map<string, { signatureId: string; title: string; version: number }>();
  for (const studentId of studentIds) {
    const programs = new Set(
      places.filter((p) => p.student_id === studentId).map((p) => Number(p.program_id)),
    );
    const parents = facts.parentsOf.get(studentId) ?? new Set<string>();
    // Only a signature by one of the child's parents today counts (a parent who left the family no longer does).
    const own = {
      signatures: facts.signatures.filter((s) => parents.has(s.signer_user_id)),
      parentsOf: facts.parentsOf,
    };
    let resign = false;
    for (const form of forms.filter((f) => programs.has(f.programId))) {
      const standing = standingOf(form, studentId, own);
      if (standing.status === 'Signed' && standing.signature) {
        chosen.set(studentId, {
          signatureId: standing.signature.id,
          title: form.content.titleEn,
          version: form.version,
        });
        break;
      }
      if (standing.status === 'NeedsResign') resign = true;
    }
    if (!chosen.has(studentId))
      out.set(studentId, { status: resign ? 'NeedsResign' : 'NeedsSignature', authorization: null });
  }
  if (chosen.size === 0) return out;
  const rows = await queryRows<{
    id: string;
    signer_name: string;
    signed_at: Date | string;
    document: string;
  }>(
    db,
    sql`select id, signer_name, signed_at, document from form_signatures
      where id in ${uuidList([...chosen.values()].map((c) => c.signatureId))}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [studentId, c] of chosen) {
    const row = byId.get(c.signatureId)!;
    out.set(studentId, {
      status: 'Signed',
      authorization: {
        signatureId: c.signatureId,
        title: c.title,
        version: c.version,
        signedBy: row.signer_name,
        signedAt: new Date(row.signed_at).toISOString(),
        answers: filledAnswers(row.document),
      },
    });
  }
  return out;
}
