/**
 * Where children stand on their programs' forms (issue 26, part 2; decision 036), one rule for the family's
 * list, a session's signed forms (the staff, and the inspector's page later: {@link sessionSignedForms}) and
 * the enrollment gate ({@link enrollmentFormGate}):
 * - a form asks for a signature while it is published and not archived; its current version is the one to sign;
 * - a `Child` form is signed per child; a `Family` form is signed once, by any parent mapped to the child
 *   (`user_students`: every parent of a family is mapped to every child, decision 014);
 * - the newest signature decides: of the current version `Signed`, of an older one `NeedsResign` (from the
 *   instant the new version was published), none `NeedsSignature`.
 */
import type { FormContent, FormRequirement, FormScope, SessionForms, SignatureStatus } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, uuidList } from '../../db/client.ts';

/** A published, live form with its current version's content. */
export type LiveForm = {
  id: string;
  programId: number;
  programName: string;
  version: number;
  versionId: string;
  content: FormContent;
};

/** Published forms not archived, of `programIds`. */
export async function liveForms(db: DbOrTx, programIds: readonly number[]): Promise<LiveForm[]> {
  if (programIds.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    program_id: number;
    program_name: string;
    version: number;
    version_id: string;
    content: FormContent;
  }>(
    db,
    sql`select f.id, f.class_section_id as program_id, p.name as program_name, v.version, v.id as version_id,
        v.content
      from forms f join form_versions v on v.form_id = f.id and v.version = f.current_version
      join class_sections p on p.id = f.class_section_id
      where f.archived_at is null and f.class_section_id in (${sql.join(
        programIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by p.name, v.content->>'titleEn', f.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    programId: Number(r.program_id),
    programName: r.program_name,
    version: r.version,
    versionId: r.version_id,
    content: typeof r.content === 'string' ? (JSON.parse(r.content) as FormContent) : r.content,
  }));
}

/** A signature as the standing needs it. */
export type SignatureFact = {
  id: string;
  form_id: string;
  version: number;
  student_id: string | null;
  signer_user_id: string;
  signed_at: Date | string;
};

/** Every signature of `formIds` for `studentIds`, or for the family of one of them; newest first. */
export async function signaturesFor(
  db: DbOrTx,
  formIds: readonly string[],
  studentIds: readonly string[],
): Promise<{ signatures: SignatureFact[]; parentsOf: Map<string, Set<string>> }> {
  if (formIds.length === 0 || studentIds.length === 0) return { signatures: [], parentsOf: new Map() };
  const parents = await queryRows<{ student_id: string; user_id: string }>(
    db,
    sql`select student_id, user_id from user_students where student_id in ${uuidList(studentIds)}`,
  );
  const parentsOf = new Map<string, Set<string>>();
  for (const p of parents) {
    const set = parentsOf.get(p.student_id) ?? new Set<string>();
    set.add(p.user_id);
    parentsOf.set(p.student_id, set);
  }
  const signerIds = [...new Set(parents.map((p) => p.user_id))];
  const signatures = await queryRows<SignatureFact>(
    db,
    sql`select id, form_id, version, student_id, signer_user_id, signed_at from form_signatures
      where form_id in ${uuidList(formIds)}
        and (student_id in ${uuidList(studentIds)}
          or (student_id is null and signer_user_id in ${uuidList(signerIds)}))
      order by version desc, signed_at desc, id`,
  );
  return { signatures, parentsOf };
}

/** The standing of one child on one form. */
export type Standing = { status: SignatureStatus; signature: SignatureFact | null };

/** The child's standing on `form` from the signatures {@link signaturesFor} read. */
export function standingOf(
  form: Pick<LiveForm, 'id' | 'version'> & { content: { scope: FormScope } },
  studentId: string,
  facts: { signatures: SignatureFact[]; parentsOf: Map<string, Set<string>> },
): Standing {
  const parents = facts.parentsOf.get(studentId) ?? new Set<string>();
  const signature =
    facts.signatures.find(
      (s) =>
        s.form_id === form.id &&
        (form.content.scope === 'Child'
          ? s.student_id === studentId
          : s.student_id === null && parents.has(s.signer_user_id)),
    ) ?? null;
  if (!signature) return { status: 'NeedsSignature', signature: null };
  return { status: signature.version === form.version ? 'Signed' : 'NeedsResign', signature };
}

/** A form a child still needs signed before (blocking) or beside (warning) an enrollment. */
export type MissingForm = { formId: string; title: string; requirement: FormRequirement };

/**
 * The forms of a session's program that each of `studentIds` still needs signed (current version), with their
 * titles in `language`: `Blocking` ones keep a new enrollment from completing, `Warning` ones are only shown.
 */
export async function enrollmentFormGate(
  db: DbOrTx,
  classSessionId: number,
  studentIds: readonly string[],
  language: string,
): Promise<Map<string, MissingForm[]>> {
  const out = new Map<string, MissingForm[]>();
  if (studentIds.length === 0) return out;
  const [session] = await queryRows<{ program_id: number | null }>(
    db,
    sql`select class_section_id as program_id from class_sessions where id = ${classSessionId}`,
  );
  if (!session?.program_id) return out;
  const required = (await liveForms(db, [Number(session.program_id)])).filter(
    (f) => f.content.requirement !== 'Optional',
  );
  const facts = await signaturesFor(
    db,
    required.map((f) => f.id),
    studentIds,
  );
  for (const studentId of studentIds) {
    const missing = required
      .filter((f) => standingOf(f, studentId, facts).status !== 'Signed')
      .map((f) => ({
        formId: f.id,
        title: language === 'es' ? f.content.titleEs : f.content.titleEn,
        requirement: f.content.requirement,
      }));
    if (missing.length) out.set(studentId, missing);
  }
  return out;
}

/**
 * A session's signed forms (for the staff and the inspector's page): each live form of the session's program
 * (titles in English, the back office's language) and, per child Enrolled in the session, each form's
 * standing with the signature that decides it. `pdfUrl` is left null here: the route signs links for its reader.
 */
export async function sessionSignedForms(
  db: DbOrTx,
  session: { id: number; name: string },
): Promise<SessionForms & { children: { forms: { signatureId: string | null }[] }[] }> {
  const [program] = await queryRows<{ program_id: number | null }>(
    db,
    sql`select class_section_id as program_id from class_sessions where id = ${session.id}`,
  );
  const live = program?.program_id ? await liveForms(db, [Number(program.program_id)]) : [];
  const children = await queryRows<{ id: string; first_name: string; last_name: string }>(
    db,
    sql`select s.id, s.first_name, s.last_name from class_session_enrollments e
      join students s on s.id = e.student_id
      where e.class_session_id = ${session.id} and e.status = 'Enrolled'
      order by s.last_name, s.first_name, s.id`,
  );
  const facts = await signaturesFor(
    db,
    live.map((f) => f.id),
    children.map((c) => c.id),
  );
  return {
    session: { id: session.id, name: session.name },
    forms: live.map((f) => ({
      formId: f.id,
      title: f.content.titleEn,
      version: f.version,
      requirement: f.content.requirement,
      scope: f.content.scope,
    })),
    children: children.map((c) => ({
      studentId: c.id,
      firstName: c.first_name,
      lastName: c.last_name,
      forms: live.map((f) => {
        const { status, signature } = standingOf(f, c.id, facts);
        return {
          formId: f.id,
          status,
          signedVersion: signature?.version ?? null,
          signatureId: signature?.id ?? null,
          signedAt: signature ? new Date(signature.signed_at).toISOString() : null,
          pdfUrl: null,
        };
      }),
    })),
  };
}
