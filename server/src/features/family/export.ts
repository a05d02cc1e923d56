/**
 * "Download our data" (issue 13, "The family's own data"): everything the center holds about the signed-in
 * parent's family in one ZIP file — `family.json` with it all, and a CSV per table (children, allergies,
 * contacts, enrollments, waitlist places, payments, attendance, emails, the conversation with the center, each
 * child's photo release, the teachers' notes about the child, meals and rest, the devices that get
 * notifications, the family's copies of incident reports with their signatures, each child's medication log
 * (decision 040), the forms the family signed
 * with each signed PDF beside, each child's health record, immunizations and health documents with the files)
 * for a spreadsheet. Reached only
 * through the caller's own mappings (`user_students`, `user_trustees`, their payments and their email
 * address), so nothing of another family can be in it. Secrets are left out: the password hash, pass
 * credentials, codes and PINs, payment provider ids, the links and codes in the emails (decision 017), and a
 * device's push address and keys (decision 034).
 * Every export is in the audit trail (`family.export`).
 * Money is integer cents; instants are ISO date-times; calendar dates "YYYY-MM-DD".
 */
import { buffer } from 'node:stream/consumers';
import { type SQL, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { createStorage, isStorageKey } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { queryRows, uuidList } from '../../db/client.ts';
import { redactSecrets } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';
import { familyChildIds, familyIncident } from '../incidents/access.ts';
import { familyIncidentList, familyIncidentView } from '../incidents/incident-reads.ts';
import { familyDosesForExport } from '../medication/medication-reads.ts';
import { familyMemberIds } from './members.ts';

type Row = Record<string, unknown>;

/** Instants as ISO strings, JSON values as they are, everything else as is. */
function clean(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row))
    out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

/** A CSV of `rows` with the columns `columns` (objects and arrays as JSON text). */
function csvOf(columns: string[], rows: Row[]): string {
  return tableCsv(
    columns,
    rows.map((row) =>
      columns.map((column) => {
        const value = row[column];
        if (value === null || value === undefined) return '';
        if (typeof value === 'object') return JSON.stringify(value);
        return String(value);
      }),
    ),
  );
}

const rows = async (ctx: AppContext, query: SQL) => (await queryRows<Row>(ctx.db, query)).map(clean);

/** The family's data, table by table (see the module comment). */
export async function familyData(ctx: AppContext, userId: string) {
  const mine = sql`(select us.student_id from user_students us where us.user_id = ${userId})`;
  // The parents sharing the family (issue 13, co-parents): their names and payments are the family's too.
  const family = uuidList(await familyMemberIds(ctx.db, userId));
  const [parents, children, allergies, contacts, enrollments, waitlist, payments, attendance] =
    await Promise.all([
      rows(
        ctx,
        sql`select first_name as "firstName", last_name as "lastName", email_address as "emailAddress",
          sms as "textMessagesTo", email_confirmed_at as "emailConfirmedAt", created
        from users where id in ${family} order by id = ${userId} desc, created`,
      ),
      rows(
        ctx,
        sql`select s.id, s.first_name as "firstName", s.last_name as "lastName", s.date_of_birth::text as "dateOfBirth",
          s.address1, s.address2, s.city, s.state, s.zip_code as "zipCode", s.country, s.created
        from students s where s.id in ${mine} order by s.date_of_birth, s.first_name`,
      ),
      rows(
        ctx,
        sql`select a.student_id as "childId", s.first_name as "child", a.name as "allergy"
        from allergies a join students s on s.id = a.student_id where a.student_id in ${mine}
        order by s.first_name, a.name`,
      ),
      rows(
        ctx,
        sql`select t.id, t.first_name as "firstName", t.last_name as "lastName", t.relationship,
          t.home_phone as "homePhone", t.cell_phone as "cellPhone", t.email_address as "emailAddress",
          t.can_pickup as "canPickup", t.receive_sms as "receiveSMS", t.receive_email as "receiveEmail",
          t.is_active as "isActive",
          (select coalesce(json_agg(s.first_name order by s.first_name), '[]'::json)
            from student_trustees st join students s on s.id = st.student_id where st.trustee_id = t.id) as children,
          (select coalesce(json_agg(json_build_object('issued', p.created, 'expires', p.expires_at,
              'revoked', p.revoked_at, 'hasPhoto', p.image_url is not null) order by p.created), '[]'::json)
            from trustee_passports tp join digital_passports p on p.id = tp.passport_id
            where tp.trustee_id = t.id) as "pickupPasses",
          t.created
        from trustees t join user_trustees ut on ut.trustee_id = t.id where ut.user_id = ${userId}
        order by t.first_name, t.last_name`,
      ),
      rows(
        ctx,
        sql`select s.first_name as "child", cs.name as "session", cs.session_start_date::text as "sessionStart",
          cs.session_end_date::text as "sessionEnd", e.status, e.created, e.updated
        from class_session_enrollments e join students s on s.id = e.student_id
        join class_sessions cs on cs.id = e.class_session_id
        where e.student_id in ${mine} order by e.created`,
      ),
      rows(
        ctx,
        sql`select s.first_name as "child", cs.name as "session", w.status, w.created
        from waitlist_submissions w join students s on s.id = w.student_id
        join class_sessions cs on cs.id = w.class_session_id
        where w.student_id in ${mine} or w.user_id = ${userId} order by w.created`,
      ),
      rows(
        ctx,
        sql`select p.created, cs.name as "session", p.status, p.original_amount as "originalAmountCents",
          p.final_amount as "finalAmountCents", p.refunded_amount as "refundedAmountCents",
          p.provider, p.line_items as "lineItems", p.note,
          (select u.first_name || ' ' || u.last_name from users u where u.id = p.user_id) as "paidBy",
          (select coalesce(json_agg(json_build_object('amountCents', r.amount, 'reason', r.reason,
              'status', r.status, 'created', r.created) order by r.created), '[]'::json)
            from refunds r where r.payment_id = p.id) as refunds
        from payments p left join class_sessions cs on cs.id = p.class_session_id
        where p.user_id in ${family} order by p.created`,
      ),
      rows(
        ctx,
        sql`select a.timestamp, s.first_name as "child", cs.name as "session",
          case a.kind when 'CheckIn' then 'Drop-off' else 'Pickup' end as event,
          a.adult_name as "adult", a.method
        from attendance a join students s on s.id = a.student_id
        join class_sessions cs on cs.id = a.class_session_id
        where a.student_id in ${mine} order by a.timestamp`,
      ),
    ]);
  const email = parents[0]?.emailAddress as string | undefined;
  // A mail still waiting keeps its links and codes until delivery (jobs/mail-outbox.ts): the export shows it
  // as it will be kept, without them (decision 017).
  const messages = email
    ? (
        await rows(
          ctx,
          sql`select created, sent_at as "sentAt", subject, text, secrets from mail_outbox
          where lower("to") = lower(${email}) order by created`,
        )
      ).map(({ secrets, subject, text, ...message }) => ({
        ...message,
        subject: redactSecrets(subject as string, secrets as string[] | null),
        text: redactSecrets(text as string, secrets as string[] | null),
      }))
    : [];
  // The family's conversation with the center (decision 032), as it reads now: a deleted message without
  // its words, each file by name.
  const conversation = await rows(
    ctx,
    sql`select m.created, coalesce(u.first_name || ' ' || u.last_name, '') as "from", m.side,
        m.body as text, m.edited_at as "edited", m.deleted_at as "deleted",
        (select coalesce(string_agg(x.file_name, ', ' order by x.created), '') from message_attachments x
          where x.message_id = m.id) as files
      from conversation_messages m join conversations c on c.id = m.conversation_id
      left join users u on u.id = m.author_id
      where c.family_user_id in ${family} order by m.created, m.id`,
  );
  // The day's records about each child (decision 033): the photo release, the teachers' notes about the child,
  // meals and rest. Class notes and photos are the class's, not the family's record.
  const photoConsent = await rows(
    ctx,
    sql`select s.first_name as "child", case when pc.granted then 'Shared with other families'
        else 'Not shared with other families' end as "choice", pc.decided_at as "decided"
      from photo_consents pc join students s on s.id = pc.student_id
      where pc.student_id in ${mine} order by s.first_name`,
  );
  const childNotes = await rows(
    ctx,
    sql`select p.day, s.first_name as "child", cs.name as "session", p.body as text, p.created
      from day_posts p join day_post_children pc on pc.post_id = p.id
      join students s on s.id = pc.student_id join class_sessions cs on cs.id = p.class_session_id
      where p.kind = 'ChildNote' and p.deleted_at is null and pc.student_id in ${mine}
      order by p.day, p.created`,
  );
  const care = await rows(
    ctx,
    sql`select d.day, s.first_name as "child", cs.name as "session", d.breakfast, d.snack, d.lunch,
        d.rest_from as "restFromMinute", d.rest_to as "restToMinute", d.note
      from daily_care d join students s on s.id = d.student_id join class_sessions cs on cs.id = d.class_session_id
      where d.student_id in ${mine} order by d.day, s.first_name`,
  );
  // Forms the family signed (decision 036): the exact document signed and its SHA-256, the signature record.
  const signedForms = await rows(
    ctx,
    sql`select fs.id, v.content->>'titleEn' as "form", fs.version, s.first_name as "child", fs.signer_name as "signer",
        fs.signed_at as "signedAt", fs.ip_address as "ipAddress", fs.user_agent as "userAgent",
        fs.consent_version as "consentVersion", fs.sha256, fs.document
      from form_signatures fs join form_versions v on v.id = fs.form_version_id
      left join students s on s.id = fs.student_id
      where fs.student_id in ${mine} or (fs.student_id is null and fs.signer_user_id in ${family})
      order by fs.signed_at, fs.id`,
  );
  // Each child's health record (issue 26, decision 035): the profile, doses and documents (their files are
  // in the ZIP beside, under health-documents/).
  const health = await rows(
    ctx,
    sql`select s.first_name as "child", h.physician_name as "physicianName", h.physician_phone as "physicianPhone",
        h.insurance_carrier as "insuranceCarrier", h.insurance_member_id as "insuranceMemberId",
        h.dietary_needs as "dietaryNeeds", h.medications, h.physical_on::text as "physicalExam", h.updated
      from health_profiles h join students s on s.id = h.student_id
      where h.student_id in ${mine} order by s.first_name`,
  );
  const immunizations = await rows(
    ctx,
    sql`select s.first_name as "child", d.vaccine, d.given_on::text as "givenOn", d.created
      from immunization_doses d join students s on s.id = d.student_id
      where d.student_id in ${mine} order by s.first_name, d.vaccine, d.given_on`,
  );
  const healthDocuments = await rows(
    ctx,
    sql`select s.first_name as "child", d.kind, d.file_name as "fileName", d.content_type as "contentType",
        d.bytes, d.expires_on::text as "expiresOn", d.created, d.checked_at as "checked",
        'health-documents/' || d.id || '-' || d.file_name as "file"
      from health_documents d join students s on s.id = d.student_id
      where d.student_id in ${mine} order by s.first_name, d.created`,
  );
  const devices = await rows(
    ctx,
    sql`select (select u.first_name || ' ' || u.last_name from users u where u.id = p.user_id) as "person",
        p.browser, p.system, p.created, p.last_success_at as "lastNotified"
      from push_subscriptions p where p.user_id in ${family} order by p.created`,
  );
  const incidents = await incidentCopies(ctx, userId);
  // The medicine the center gave the children (decision 040), as the portal shows it.
  const medication = (await familyDosesForExport(ctx.db, userId)).map((d) => ({
    child: d.child,
    givenAt: d.givenAt,
    session: d.sessionName,
    medication: d.medication,
    dose: d.dose,
    givenBy: d.givenBy,
    note: d.note,
    authorizedBy: d.authorizedBy,
    authorizedAt: d.authorizedAt,
    corrected: d.corrected,
    voidedAt: d.voidedAt ?? '',
    voidReason: d.voidReason ?? '',
  }));
  return {
    parents,
    children,
    allergies,
    contacts,
    enrollments,
    waitlist,
    payments,
    attendance,
    messages,
    conversation,
    photoConsent,
    childNotes,
    care,
    health,
    immunizations,
    healthDocuments,
    devices,
    incidents,
    medication,
    signedForms,
  };
}

/**
 * The family's copies of incident reports about their children (decision 037), as the portal shows them in
 * the parent's language, with the family's signature: only their own children are named.
 */
async function incidentCopies(ctx: AppContext, userId: string): Promise<Row[]> {
  const childIds = await familyChildIds(ctx.db, userId);
  const [me] = await queryRows<{ language: string }>(
    ctx.db,
    sql`select language from users where id = ${userId}`,
  );
  const out: Row[] = [];
  for (const row of await familyIncidentList(ctx.db, childIds)) {
    const { incident, ownChildIds } = await familyIncident(ctx.db, userId, row.id);
    const copy = await familyIncidentView(
      ctx.db,
      incident,
      ownChildIds,
      me?.language ?? 'en',
      ctx.clock.timeZone,
    );
    out.push({
      occurredAt: copy.occurredAt,
      session: copy.sessionName,
      children: copy.children.map((c) => c.firstName).join(', '),
      copy: copy.copyText,
      signedBy: copy.acknowledgement?.signerName ?? '',
      signedAt: copy.acknowledgement?.at ?? '',
      comment: copy.acknowledgement?.comment ?? '',
    });
  }
  return out;
}

/** The CSV files of the export: file name → columns. */
const CSV_FILES: Record<string, string[]> = {
  'children.csv': [
    'firstName',
    'lastName',
    'dateOfBirth',
    'address1',
    'address2',
    'city',
    'state',
    'zipCode',
    'country',
  ],
  'allergies.csv': ['child', 'allergy'],
  'contacts.csv': [
    'firstName',
    'lastName',
    'relationship',
    'homePhone',
    'cellPhone',
    'emailAddress',
    'canPickup',
    'receiveSMS',
    'receiveEmail',
    'isActive',
    'children',
  ],
  'enrollments.csv': ['child', 'session', 'sessionStart', 'sessionEnd', 'status', 'created'],
  'waitlist.csv': ['child', 'session', 'status', 'created'],
  'payments.csv': [
    'created',
    'session',
    'status',
    'originalAmountCents',
    'finalAmountCents',
    'refundedAmountCents',
    'provider',
    'paidBy',
    'note',
  ],
  'attendance.csv': ['timestamp', 'child', 'session', 'event', 'adult', 'method'],
  'messages.csv': ['created', 'sentAt', 'subject', 'text'],
  'conversation.csv': ['created', 'from', 'side', 'text', 'edited', 'deleted', 'files'],
  'photo-consent.csv': ['child', 'choice', 'decided'],
  'child-notes.csv': ['day', 'child', 'session', 'text', 'created'],
  'care.csv': [
    'day',
    'child',
    'session',
    'breakfast',
    'snack',
    'lunch',
    'restFromMinute',
    'restToMinute',
    'note',
  ],
  'health.csv': [
    'child',
    'physicianName',
    'physicianPhone',
    'insuranceCarrier',
    'insuranceMemberId',
    'dietaryNeeds',
    'medications',
    'physicalExam',
    'updated',
  ],
  'immunizations.csv': ['child', 'vaccine', 'givenOn', 'created'],
  'health-documents.csv': ['child', 'kind', 'fileName', 'expiresOn', 'created', 'checked', 'file'],
  'devices.csv': ['person', 'browser', 'system', 'created', 'lastNotified'],
  'incidents.csv': ['occurredAt', 'session', 'children', 'copy', 'signedBy', 'signedAt', 'comment'],
  'medication.csv': [
    'child',
    'givenAt',
    'session',
    'medication',
    'dose',
    'givenBy',
    'note',
    'authorizedBy',
    'authorizedAt',
    'corrected',
    'voidedAt',
    'voidReason',
  ],
  'signed-forms.csv': [
    'id',
    'form',
    'version',
    'child',
    'signer',
    'signedAt',
    'ipAddress',
    'userAgent',
    'consentVersion',
    'sha256',
  ],
};

/**
 * The ZIP of the family's data for `userId` (see the module comment) and its file name
 * (`bright-oak-family-data-<date>.zip`). Audited.
 */
export async function familyExport(
  ctx: AppContext,
  userId: string,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const data = await familyData(ctx, userId);
  const now = ctx.clock.now();
  const document = {
    exportedAt: now.toISOString(),
    center: 'Bright Oak Learning Center',
    about:
      'Everything Bright Oak Learning Center holds about your family. Money is in cents. The CSV files hold the same tables for a spreadsheet.',
    ...data,
  };
  const files: Record<string, Uint8Array> = {
    'family.json': strToU8(`${JSON.stringify(document, null, 2)}\n`),
  };
  for (const [name, columns] of Object.entries(CSV_FILES)) {
    const key = name
      .replace('.csv', '')
      .replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as keyof typeof data;
    files[name] = strToU8(csvOf(columns, data[key]));
  }
  // Each signed form's PDF, as it was mailed (decision 036): their keys in one query, kept out of family.json.
  const storage = createStorage(ctx.config);
  const formIds = data.signedForms.map((form) => String(form.id));
  const pdfKeys = await queryRows<{ id: string; pdf_key: string }>(
    ctx.db,
    sql`select id, pdf_key from form_signatures where id in ${uuidList(formIds)}`,
  );
  for (const { id, pdf_key } of pdfKeys) {
    const file = isStorageKey(pdf_key) ? await storage.get(pdf_key) : null;
    if (file) files[`signed-forms/${id}.pdf`] = new Uint8Array(await buffer(file.stream));
  }
  // The health documents themselves (decision 035), read from the file storage.
  const stored = await queryRows<{ id: string; file_name: string; storage_key: string }>(
    ctx.db,
    sql`select d.id, d.file_name, d.storage_key from health_documents d
      where d.student_id in (select us.student_id from user_students us where us.user_id = ${userId})`,
  );
  for (const doc of stored) {
    const file = await storage.get(doc.storage_key);
    if (file)
      files[`health-documents/${doc.id}-${doc.file_name}`] = new Uint8Array(await buffer(file.stream));
  }
  await recordAudit(
    ctx.db,
    {
      actorUserId: userId,
      action: 'family.export',
      entityType: 'User',
      entityId: userId,
      before: null,
      after: { files: Object.keys(files) },
    },
    now,
  );
  return {
    bytes: zipSync(files, { mtime: now }),
    fileName: `bright-oak-family-data-${ctx.clock.today()}.zip`,
  };
}
