/**
 * A family reads and signs its forms (issue 26, part 2; decision 036):
 * - {@link familyForms}: every live form of the programs the family's children are placed in (Enrolled or
 *   holding a seat in a session not yet over), per child (or once for a family form), with its standing;
 * - {@link familyFormDocument}: the current version in the reader's language, to read and sign;
 * - {@link signForm}: checks the answers against the version's fields (400 by `answers.<key>`), the version
 *   read (409 when a newer one was published), the consent and the typed name (lib/e-signature.ts); builds
 *   the canonical document (text and answers), its SHA-256 and the signed PDF (stored under
 *   `signed-forms/`), then in one transaction under the form's row lock inserts the signature, writes the
 *   photo release's answer into `photo_consents` (decision 033), audits `form.sign` and queues a mail to every
 *   parent of the child (or family), each in their language, with a link to the signed copy in the portal.
 * A signature is immutable; a new version asks for a new one.
 */
import { randomBytes } from 'node:crypto';
import {
  FORM_LONG_ANSWER_MAX,
  FORM_SHORT_ANSWER_MAX,
  type FormContent,
  type FormDocument,
  type FormField,
  type FormSignature,
  type FormToSign,
  type Language,
  routes,
  type SignFormInput,
} from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { formSignatures, forms } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { calendarDateIn, clockTimeIn } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { canonicalDocument, captureSignature } from '../../lib/e-signature.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { recordAudit } from '../audit/record.ts';
import { familyMail } from '../family/family-mail.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { formNotFound, photoReleaseField } from './forms.ts';
import { signedFormPdf } from './pdf.ts';
import { liveForms, type SignatureFact, signaturesFor, standingOf } from './standing.ts';

/** The storage folder of signed PDFs. */
export const SIGNED_FORMS = 'signed-forms';

const title = (c: Pick<FormContent, 'titleEn' | 'titleEs'>, language: string) =>
  language === 'es' ? c.titleEs : c.titleEn;
const label = (f: Pick<FormField, 'labelEn' | 'labelEs'>, language: string) =>
  language === 'es' ? f.labelEs : f.labelEn;

type Child = { id: string; first_name: string; last_name: string };

/** The caller's children (`user_students`). */
async function ownChildren(db: DbOrTx, userId: string): Promise<Child[]> {
  return queryRows<Child>(
    db,
    sql`select s.id, s.first_name, s.last_name from students s
      join user_students us on us.student_id = s.id and us.user_id = ${userId}
      order by s.date_of_birth, s.first_name, s.id`,
  );
}

/** The family's forms to sign and signed (module comment), in `language`. */
export async function familyForms(
  db: DbOrTx,
  userId: string,
  today: string,
  language: string,
): Promise<FormToSign[]> {
  const children = await ownChildren(db, userId);
  if (children.length === 0) return [];
  const placed = await queryRows<{ student_id: string; program_id: number }>(
    db,
    sql`select distinct e.student_id, cs.class_section_id as program_id from class_session_enrollments e
      join class_sessions cs on cs.id = e.class_session_id
      join user_students us on us.student_id = e.student_id and us.user_id = ${userId}
      where e.status in ('Enrolled', 'PendingPayment') and cs.session_end_date >= ${today}::date
        and cs.class_section_id is not null`,
  );
  const programIds = [...new Set(placed.map((p) => Number(p.program_id)))];
  const live = await liveForms(db, programIds);
  const facts = await signaturesFor(
    db,
    live.map((f) => f.id),
    children.map((c) => c.id),
  );
  const out: FormToSign[] = [];
  for (const form of live) {
    const kids = children.filter((c) =>
      placed.some((p) => p.student_id === c.id && Number(p.program_id) === form.programId),
    );
    const rows = form.content.scope === 'Family' ? kids.slice(0, 1) : kids;
    for (const child of rows) {
      const { status, signature } = standingOf(form, child.id, facts);
      out.push({
        formId: form.id,
        kind: form.content.kind,
        title: title(form.content, language),
        programName: form.programName,
        scope: form.content.scope,
        requirement: form.content.requirement,
        version: form.version,
        studentId: form.content.scope === 'Child' ? child.id : null,
        childName: form.content.scope === 'Child' ? child.first_name : null,
        status,
        signedVersion: signature?.version ?? null,
        signatureId: signature?.id ?? null,
      });
    }
  }
  const order = { NeedsResign: 0, NeedsSignature: 1, Signed: 2 } as const;
  return out.sort((a, b) => order[a.status] - order[b.status]);
}

/** A live form by id with its current version, or 404 (unknown, unpublished or archived). */
async function liveForm(db: DbOrTx, formId: string) {
  if (!isUuid(formId)) throw formNotFound();
  const [row] = await queryRows<{ class_section_id: number }>(
    db,
    sql`select class_section_id from forms where id = ${formId} and archived_at is null and current_version is not null`,
  );
  if (!row) throw formNotFound();
  const form = (await liveForms(db, [Number(row.class_section_id)])).find((f) => f.id === formId);
  if (!form) throw formNotFound();
  return form;
}

/** The child a form is for: one of the caller's for a `Child` form (404 otherwise), null for a `Family` one. */
async function formChild(
  db: DbOrTx,
  userId: string,
  scope: FormContent['scope'],
  studentId: string | undefined,
): Promise<Child | null> {
  if (scope === 'Family') return null;
  if (!studentId)
    throw new HttpError(400, 'forms.chooseChild', { fields: { studentId: 'forms.chooseChild' } });
  const child = (await ownChildren(db, userId)).find((c) => c.id === studentId);
  if (!child) throw formNotFound();
  return child;
}

/** The standing of `child` (or the caller's family) on `form`. */
async function standingFor(
  db: DbOrTx,
  userId: string,
  form: Awaited<ReturnType<typeof liveForm>>,
  child: Child | null,
) {
  const childIds = child ? [child.id] : (await ownChildren(db, userId)).map((c) => c.id);
  const facts = await signaturesFor(db, [form.id], childIds);
  if (!child) {
    // A family form: the newest signature by any parent of the family's children.
    const standings = childIds.map((id) => standingOf(form, id, facts));
    return (
      standings.find((s) => s.status === 'Signed') ??
      standings.find((s) => s.status === 'NeedsResign') ?? {
        status: 'NeedsSignature' as const,
        signature: null,
      }
    );
  }
  return standingOf(form, child.id, facts);
}

/** The current version of a form to read and sign, in `language`, with the deciding signature. */
export async function familyFormDocument(
  db: DbOrTx,
  userId: string,
  formId: string,
  studentId: string | undefined,
  language: string,
  view: (signatureId: string) => Promise<FormSignature>,
): Promise<FormDocument> {
  const form = await liveForm(db, formId);
  const child = await formChild(db, userId, form.content.scope, studentId);
  const { status, signature } = await standingFor(db, userId, form, child);
  return {
    formId: form.id,
    version: form.version,
    kind: form.content.kind,
    scope: form.content.scope,
    title: title(form.content, language),
    body: language === 'es' ? form.content.bodyEs : form.content.bodyEn,
    fields: form.content.fields.map((f) => ({
      key: f.key,
      type: f.type,
      label: label(f, language),
      required: f.required,
      choices: (f.choices ?? []).map((c) => (language === 'es' ? c.labelEs : c.labelEn)),
    })),
    studentId: child?.id ?? null,
    childName: child?.first_name ?? null,
    status,
    signature: signature ? await view(signature.id) : null,
    consentVersion: 'esign-2026-12',
  };
}

/** The answers checked against the fields: 400 by `answers.<key>`; answers to unknown keys are dropped. */
export function checkAnswers(
  fields: readonly FormField[],
  answers: SignFormInput['answers'],
): Record<string, string | boolean | null> {
  const errors: Record<string, string> = {};
  const out: Record<string, string | boolean | null> = {};
  for (const f of fields) {
    const raw = answers[f.key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    const name = `answers.${f.key}`;
    if (value === undefined || value === '') {
      if (f.required) errors[name] = f.type === 'YesNo' ? 'forms.answerYesNo' : 'forms.answerRequired';
      out[f.key] = null;
      continue;
    }
    if (f.type === 'YesNo') {
      if (typeof value !== 'boolean') errors[name] = 'forms.answerYesNo';
    } else if (typeof value !== 'string') errors[name] = 'forms.answerInvalid';
    else if (f.type === 'Date') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
        errors[name] = 'forms.answerDate';
    } else if (f.type === 'Choice') {
      if (!/^\d+$/.test(value) || Number(value) >= (f.choices?.length ?? 0))
        errors[name] = 'forms.answerInvalid';
    } else {
      const max = f.type === 'ShortText' ? FORM_SHORT_ANSWER_MAX : FORM_LONG_ANSWER_MAX;
      if (value.length > max) errors[name] = `fields.common.tooLong|${JSON.stringify({ max })}`;
    }
    out[f.key] = value;
  }
  if (Object.keys(errors).length) throw new HttpError(400, 'request.invalidFields', { fields: errors });
  return out;
}

/** An answer as a person reads it: a choice's label, a date, the text; yes/no stay booleans for the PDF. */
const answerText = (f: FormField, value: string | boolean | null, language: string) =>
  f.type === 'Choice' && typeof value === 'string' ? label(f.choices![Number(value)]!, language) : value;

export type SignDeps = {
  db: Db;
  storage: FileStorage;
  links: LinkSigner;
  timeZone: string;
  centerName: string;
  appUrl: string;
};

/** Sign the current version of `formId` (module comment). Answers the new signature's id. */
export async function signForm(
  deps: SignDeps,
  user: { id: string },
  formId: string,
  input: SignFormInput,
  request: { ip: string; userAgent: string | undefined; language: Language },
  now: Date,
): Promise<string> {
  const form = await liveForm(deps.db, formId);
  const child = await formChild(deps.db, user.id, form.content.scope, input.studentId);
  if (input.version !== form.version) throw new HttpError(409, 'forms.newVersion');
  const answers = checkAnswers(form.content.fields, input.answers);
  const [account] = await queryRows<{ first_name: string; last_name: string; language: string }>(
    deps.db,
    sql`select first_name, last_name, language from users where id = ${user.id}`,
  );
  if (!account) throw formNotFound();
  const language = request.language;
  const fieldsSigned = form.content.fields.map((f) => ({
    key: f.key,
    type: f.type,
    label: label(f, language),
    answer: answerText(f, answers[f.key] ?? null, language) ?? null,
  }));
  const signedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const document = canonicalDocument({
    center: deps.centerName,
    form: { id: form.id, version: form.version, kind: form.content.kind, scope: form.content.scope },
    language,
    title: title(form.content, language),
    text: language === 'es' ? form.content.bodyEs : form.content.bodyEn,
    child: child ? { id: child.id, name: `${child.first_name} ${child.last_name}` } : null,
    answers: fieldsSigned,
    signer: { accountId: user.id, name: input.signerName.trim().replace(/\s+/g, ' ') },
    signedAt: signedAt.toISOString(),
    ipAddress: request.ip,
    userAgent: (request.userAgent ?? '').slice(0, 512),
    consentVersion: 'esign-2026-12',
  });
  const captured = captureSignature({
    document,
    consent: input.consent,
    signerName: input.signerName,
    signer: { id: user.id, firstName: account.first_name, lastName: account.last_name },
    request: { ip: request.ip, userAgent: request.userAgent },
    at: signedAt,
  });
  if (captured === 'consent')
    throw new HttpError(400, 'request.invalidFields', {
      fields: { consent: 'fields.forms.consentRequired' },
    });
  if (captured === 'name') {
    const name = `${account.first_name} ${account.last_name}`;
    throw new HttpError(400, 'forms.nameMismatch', {
      params: { name },
      fields: { signerName: 'forms.nameMismatch' },
    });
  }
  const pdf = await signedFormPdf({
    centerName: deps.centerName,
    title: title(form.content, language),
    version: form.version,
    childName: child ? `${child.first_name} ${child.last_name}` : null,
    body: language === 'es' ? form.content.bodyEs : form.content.bodyEn,
    answers: fieldsSigned.map((f) => ({ label: f.label, answer: f.answer })),
    signerName: captured.signerName,
    signerUserId: user.id,
    signedAt,
    ipAddress: captured.ipAddress,
    userAgent: captured.userAgent,
    consentVersion: captured.consentVersion,
    sha256: captured.sha256,
    timeZone: deps.timeZone,
    language,
  });
  const pdfKey = `${SIGNED_FORMS}/${randomBytes(16).toString('hex')}.pdf`;
  await deps.storage.put(pdfKey, pdf, 'application/pdf');
  try {
    return await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ current: forms.currentVersion, archivedAt: forms.archivedAt })
        .from(forms)
        .where(eq(forms.id, form.id))
        .for('update');
      if (!locked || locked.archivedAt) throw formNotFound();
      if (locked.current !== form.version) throw new HttpError(409, 'forms.newVersion');
      const [row] = await tx
        .insert(formSignatures)
        .values({
          formId: form.id,
          formVersionId: form.versionId,
          version: form.version,
          studentId: child?.id ?? null,
          ...captured,
          language,
          pdfKey,
        })
        .returning({ id: formSignatures.id });
      const signatureId = row!.id;
      const releaseField = form.content.kind === 'PhotoRelease' ? photoReleaseField(form.content) : null;
      if (child && releaseField && typeof answers[releaseField.key] === 'boolean')
        await tx.execute(sql`insert into photo_consents (student_id, granted, decided_by, decided_at)
          values (${child.id}, ${answers[releaseField.key] === true}, ${user.id}, ${signedAt})
          on conflict (student_id) do update set granted = excluded.granted, decided_by = excluded.decided_by,
            decided_at = excluded.decided_at`);
      await recordAudit(
        tx,
        {
          actorUserId: user.id,
          action: 'form.sign',
          entityType: 'FormSignature',
          entityId: signatureId,
          before: null,
          after: {
            formId: form.id,
            title: form.content.titleEn,
            version: form.version,
            studentId: child?.id ?? null,
            sha256: captured.sha256,
          },
        },
        now,
      );
      const recipients = await familyRecipients(tx, child ? { studentId: child.id } : { userId: user.id });
      for (const to of recipients)
        await enqueueMail(
          tx,
          familyMail(to.language, (t) => ({
            to: to.emailAddress,
            firstName: to.firstName,
            subject: t('signedForm.subject', { title: title(form.content, to.language) }),
            paragraphs: [
              t('signedForm.body', {
                signer: captured.signerName,
                title: title(form.content, to.language),
                version: form.version,
                forChild: child ? t('signedForm.forChild', { child: child.first_name }) : '',
                time: `${calendarDateIn(signedAt, deps.timeZone, to.language)}, ${clockTimeIn(signedAt, deps.timeZone, to.language)}`,
                link: `${deps.appUrl}${routes.familyForm(form.id, child?.id)}`,
              }),
              t('signedForm.paper'),
            ],
          })),
        );
      return signatureId;
    });
  } catch (error) {
    await deps.storage.delete(pdfKey).catch(() => undefined);
    throw error;
  }
}

/** A stored signature with what its views need. */
export type SignatureRow = {
  id: string;
  form_id: string;
  version: number;
  student_id: string | null;
  signer_user_id: string;
  signer_name: string;
  signed_at: Date | string;
  ip_address: string;
  user_agent: string;
  consent_version: string;
  language: string;
  document: string;
  sha256: string;
  pdf_key: string;
  content: FormContent;
  child_first: string | null;
  child_last: string | null;
};

/** A signature by id, or null. */
export async function readSignature(db: DbOrTx, signatureId: string): Promise<SignatureRow | null> {
  if (!isUuid(signatureId)) return null;
  const [row] = await queryRows<SignatureRow>(
    db,
    sql`select fs.id, fs.form_id, fs.version, fs.student_id, fs.signer_user_id, fs.signer_name, fs.signed_at,
        fs.ip_address, fs.user_agent, fs.consent_version, fs.language, fs.document, fs.sha256, fs.pdf_key,
        v.content, s.first_name as child_first, s.last_name as child_last
      from form_signatures fs join form_versions v on v.id = fs.form_version_id
      left join students s on s.id = fs.student_id
      where fs.id = ${signatureId}`,
  );
  return row ?? null;
}

/** A signature as its readers see it, the PDF through a link signed for `now`, the title in `language`. */
export function signatureView(
  row: SignatureRow,
  links: LinkSigner,
  now: Date,
  language: string,
): FormSignature {
  const content = typeof row.content === 'string' ? (JSON.parse(row.content) as FormContent) : row.content;
  return {
    id: row.id,
    formId: row.form_id,
    title: title(content, language),
    version: row.version,
    studentId: row.student_id,
    childName: row.child_first ? `${row.child_first} ${row.child_last ?? ''}`.trim() : null,
    signerName: row.signer_name,
    signedAt: new Date(row.signed_at).toISOString(),
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    consentVersion: row.consent_version,
    sha256: row.sha256,
    pdfUrl: links.sign(row.id, now),
  };
}

/**
 * May a parent read `row`: a parent mapped to its child, or for a family form, a parent of the signer's family
 * (an account sharing a child with the signer). Another family's signature is 404 to the route.
 */
export async function familyMayRead(db: DbOrTx, userId: string, row: SignatureRow): Promise<boolean> {
  const [hit] = await queryRows<{ ok: boolean }>(
    db,
    row.student_id
      ? sql`select exists (select 1 from user_students where user_id = ${userId} and student_id = ${row.student_id}) as ok`
      : sql`select (${userId}::uuid = ${row.signer_user_id}::uuid or exists (select 1 from user_students a
          join user_students b on b.student_id = a.student_id
          where a.user_id = ${userId} and b.user_id = ${row.signer_user_id})) as ok`,
  );
  return hit?.ok === true;
}

/**
 * May staff `user` read `row`: the director always; a teacher assigned to a session where the signature's child
 * (for a family form, a child of the signer) is Enrolled.
 */
export async function staffMayRead(
  db: DbOrTx,
  user: { id: string; role: string },
  row: Pick<SignatureFact, 'student_id' | 'signer_user_id'>,
): Promise<boolean> {
  if (user.role === 'Admin') return true;
  const children = row.student_id
    ? sql`select ${row.student_id}::uuid`
    : sql`select student_id from user_students where user_id = ${row.signer_user_id}`;
  const [hit] = await queryRows<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from class_session_enrollments e
      join session_staff ss on ss.class_session_id = e.class_session_id and ss.user_id = ${user.id}
      where e.status = 'Enrolled' and e.student_id in (${children})) as ok`,
  );
  return hit?.ok === true;
}
