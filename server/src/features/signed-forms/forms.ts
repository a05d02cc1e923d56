/**
 * The director's forms (issue 26, part 2; decision 036): write a form for a program as a draft, publish the
 * draft as the next immutable version (`form_versions`), keep writing a draft of the version after, archive a
 * form. Document text is sanitised HTML (lib/rich-text.ts, as policies); every field gets a stable `key` the
 * first time it is saved, so answers of different versions line up. Each write is audited in its transaction
 * (`form.create`, `form.update`, `form.publish`, `form.archive`).
 *
 * Rules checked on save and publish (400, by the field): a `Choice` field has at least two choices; a photo
 * release has a required yes/no question (the family's answer about sharing photos, which signing writes into
 * `photo_consents`, decision 033); the program exists.
 */
import { randomBytes } from 'node:crypto';
import type { FormContent, FormField, FormInput, StaffForm, StaffFormRow } from '@lc/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { classSections, formSignatures, forms, formVersions } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { recordAudit } from '../audit/record.ts';

/** 404 for a form or signature the caller may not reach (or that does not exist). */
export const formNotFound = () => new HttpError(404, 'forms.notFound');

/** The draft as saved: sanitised text, every field keyed (kept keys stay; new fields get a random one). */
export function normalizeDraft(input: FormInput): FormContent {
  const fields: FormField[] = input.fields.map((f) => ({
    key: f.key ?? `f${randomBytes(6).toString('hex')}`,
    type: f.type,
    labelEn: f.labelEn,
    labelEs: f.labelEs,
    required: f.required,
    ...(f.type === 'Choice' ? { choices: f.choices ?? [] } : {}),
  }));
  return {
    programId: input.programId,
    kind: input.kind,
    scope: input.kind === 'PhotoRelease' ? 'Child' : input.scope,
    requirement: input.requirement,
    titleEn: input.titleEn,
    titleEs: input.titleEs,
    bodyEn: sanitizeRichText(input.bodyEn),
    bodyEs: sanitizeRichText(input.bodyEs),
    fields,
  };
}

/** The field a photo release's answer is read from: its first required yes/no question, or null. */
export const photoReleaseField = (content: Pick<FormContent, 'fields'>): FormField | null =>
  content.fields.find((f) => f.type === 'YesNo' && f.required) ?? null;

/** 400 by the field when the draft breaks a rule of the module comment. */
async function checkDraft(db: DbOrTx, draft: FormContent): Promise<void> {
  const fields: Record<string, string> = {};
  draft.fields.forEach((f, i) => {
    if (f.type === 'Choice' && (f.choices?.length ?? 0) < 2)
      fields[`fields.${i}.choices`] = 'forms.choicesNeeded';
  });
  if (draft.kind === 'PhotoRelease' && !photoReleaseField(draft)) fields.fields = 'forms.photoReleaseField';
  const [program] = await db
    .select({ id: classSections.id })
    .from(classSections)
    .where(eq(classSections.id, draft.programId));
  if (!program) fields.programId = 'forms.unknownProgram';
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, 'request.invalidFields', { fields });
}

type FormRow = typeof forms.$inferSelect;

const statusOf = (row: Pick<FormRow, 'archivedAt' | 'currentVersion'>) =>
  row.archivedAt ? 'Archived' : row.currentVersion === null ? 'Draft' : 'Published';

/** Every form, newest change first, titled in English (the back office's language). */
export async function listForms(db: DbOrTx): Promise<StaffFormRow[]> {
  const rows = await db
    .select({ form: forms, programName: classSections.name })
    .from(forms)
    .innerJoin(classSections, eq(classSections.id, forms.classSectionId))
    .orderBy(desc(forms.updated));
  return rows.map(({ form, programName }) => rowView(form, programName));
}

function rowView(form: FormRow, programName: string): StaffFormRow {
  const draft = form.draft as FormContent;
  return {
    id: form.id,
    programId: form.classSectionId,
    programName,
    kind: draft.kind,
    title: draft.titleEn,
    requirement: draft.requirement,
    scope: draft.scope,
    status: statusOf(form),
    currentVersion: form.currentVersion,
    hasDraft: form.hasDraft,
    updated: form.updated.toISOString(),
  };
}

/** One form with its draft and versions; 404 when there is none. */
export async function readForm(db: DbOrTx, formId: string): Promise<StaffForm> {
  if (!isUuid(formId)) throw formNotFound();
  const [row] = await db
    .select({ form: forms, programName: classSections.name })
    .from(forms)
    .innerJoin(classSections, eq(classSections.id, forms.classSectionId))
    .where(eq(forms.id, formId));
  if (!row) throw formNotFound();
  const versions = await db
    .select({
      version: formVersions.version,
      publishedAt: formVersions.publishedAt,
      signatures: sql<number>`(select count(*)::int from ${formSignatures} s where s.form_version_id = ${formVersions.id})`,
    })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version));
  return {
    ...rowView(row.form, row.programName),
    draft: row.form.draft as StaffForm['draft'],
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: v.publishedAt.toISOString(),
      signatures: Number(v.signatures),
    })),
  };
}

/** Lock the form row for a write (FOR UPDATE); 404 when there is none. */
async function lockForm(tx: DbOrTx, formId: string): Promise<FormRow> {
  if (!isUuid(formId)) throw formNotFound();
  const [row] = await tx.select().from(forms).where(eq(forms.id, formId)).for('update');
  if (!row) throw formNotFound();
  return row;
}

/** Write a new form: a draft of version 1. Answers its id. */
export async function createForm(db: Db, actorId: string, input: FormInput, now: Date): Promise<string> {
  const draft = normalizeDraft(input);
  await checkDraft(db, draft);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(forms)
      .values({
        classSectionId: draft.programId,
        kind: draft.kind,
        draft,
        hasDraft: true,
        created: now,
        updated: now,
      })
      .returning({ id: forms.id });
    await recordAudit(
      tx,
      {
        actorUserId: actorId,
        action: 'form.create',
        entityType: 'Form',
        entityId: row!.id,
        before: null,
        after: { title: draft.titleEn, kind: draft.kind },
      },
      now,
    );
    return row!.id;
  });
}

/** Save the draft of the next version (409 on an archived form). */
export async function updateForm(
  db: Db,
  actorId: string,
  formId: string,
  input: FormInput,
  now: Date,
): Promise<void> {
  const draft = normalizeDraft(input);
  await checkDraft(db, draft);
  await db.transaction(async (tx) => {
    const row = await lockForm(tx, formId);
    if (row.archivedAt) throw new HttpError(409, 'forms.archived');
    await tx
      .update(forms)
      .set({ classSectionId: draft.programId, kind: draft.kind, draft, hasDraft: true, updated: now })
      .where(eq(forms.id, formId));
    const before = row.draft as FormContent;
    await recordAudit(
      tx,
      {
        actorUserId: actorId,
        action: 'form.update',
        entityType: 'Form',
        entityId: formId,
        before: { title: before.titleEn },
        after: { title: draft.titleEn, kind: draft.kind },
      },
      now,
    );
  });
}

/**
 * Publish the draft as version `current + 1` (immutable from then on); from this instant every child's or
 * family's earlier signature reads "needs your signature again". 409 with nothing new to publish or archived.
 */
export async function publishForm(db: Db, actorId: string, formId: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await lockForm(tx, formId);
    if (row.archivedAt) throw new HttpError(409, 'forms.archived');
    if (!row.hasDraft) throw new HttpError(409, 'forms.nothingToPublish');
    const content = row.draft as FormContent;
    await checkDraft(tx, content);
    const version = (row.currentVersion ?? 0) + 1;
    await tx
      .insert(formVersions)
      .values({ formId, version, content, publishedBy: actorId, publishedAt: now });
    await tx
      .update(forms)
      .set({ currentVersion: version, hasDraft: false, updated: now })
      .where(eq(forms.id, formId));
    await recordAudit(
      tx,
      {
        actorUserId: actorId,
        action: 'form.publish',
        entityType: 'Form',
        entityId: formId,
        before: null,
        after: { title: content.titleEn, version },
      },
      now,
    );
    return version;
  });
}

/** Archive the form: families are no longer asked; its versions and signatures stay. 409 when already. */
export async function archiveForm(db: Db, actorId: string, formId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockForm(tx, formId);
    if (row.archivedAt) throw new HttpError(409, 'forms.archived');
    await tx
      .update(forms)
      .set({ archivedAt: now, updated: now })
      .where(and(eq(forms.id, formId)));
    await recordAudit(
      tx,
      {
        actorUserId: actorId,
        action: 'form.archive',
        entityType: 'Form',
        entityId: formId,
        before: null,
        after: { title: (row.draft as FormContent).titleEn },
      },
      now,
    );
  });
}
