/**
 * A child's health record read whole (issue 26 part 1; decision 035): the profile, the physical, the doses,
 * the documents with their signed links, the allergies already on file, the staff's checks, and what the
 * child's programs require judged today (contract `judgeRequirements`). One reader for the family's page and
 * the staff's, so both see the same thing.
 */
import {
  type ChildHealth,
  type HealthCheck,
  type HealthDocument,
  type HealthDocumentKind,
  type HealthFacts,
  type HealthRecord,
  judgeRequirements,
  scheduleGaps,
  type Vaccine,
} from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import type { HealthChild } from './access.ts';
import { childrenRequirements } from './requirements.ts';

/** What reading a record needs: the links' signer and the instant and center's day it is read at. */
export type HealthView = { links: LinkSigner; now: Date; today: string };

type ProfileRow = {
  physician_name: string;
  physician_phone: string | null;
  insurance_carrier: string;
  insurance_member_id: string;
  dietary_needs: string;
  medications: string[];
  physical_on: string | null;
};
type DocumentRow = {
  id: string;
  student_id: string;
  kind: HealthDocumentKind;
  file_name: string;
  content_type: string;
  bytes: number;
  expires_on: string | null;
  created: Date | string;
  checked_at: Date | string | null;
  checker: string | null;
};

const iso = (v: Date | string) => new Date(v).toISOString();

/** SQL: `ids` as one `uuid[]` parameter (for `= any(…)`). */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The facts {@link judgeRequirements} reads, for each of `children` (two queries for any number). */
export async function loadHealthFacts(
  db: DbOrTx,
  children: ReadonlyArray<{ id: string; date_of_birth: string }>,
): Promise<Map<string, HealthFacts>> {
  const facts = new Map<string, HealthFacts>();
  for (const c of children)
    facts.set(c.id, { dateOfBirth: c.date_of_birth, doses: [], physicalOn: null, documents: [] });
  if (children.length === 0) return facts;
  const ids = uuidArray(children.map((c) => c.id));
  const rows = await queryRows<{
    student_id: string;
    source: 'dose' | 'physical' | 'document';
    a: string | null;
    b: string | null;
  }>(
    db,
    sql`select student_id, 'dose' as source, vaccine as a, given_on::text as b
        from immunization_doses where student_id = any(${ids})
      union all
      select student_id, 'physical', null, physical_on::text
        from health_profiles where student_id = any(${ids}) and physical_on is not null
      union all
      select student_id, 'document', kind, expires_on::text
        from health_documents where student_id = any(${ids}) and kind = 'ImmunizationCertificate'`,
  );
  for (const r of rows) {
    const f = facts.get(r.student_id);
    if (!f) continue;
    if (r.source === 'dose')
      (f.doses as Array<{ vaccine: Vaccine; givenOn: string }>).push({
        vaccine: r.a as Vaccine,
        givenOn: r.b!,
      });
    else if (r.source === 'physical') f.physicalOn = r.b;
    else
      (f.documents as Array<{ kind: HealthDocumentKind; expiresOn: string | null }>).push({
        kind: r.a as HealthDocumentKind,
        expiresOn: r.b,
      });
  }
  return facts;
}

/** A document row as the record lists it, with its links. */
export function toHealthDocument(row: DocumentRow, view: HealthView): HealthDocument {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    contentType: row.content_type,
    bytes: row.bytes,
    expiresOn: row.expires_on,
    uploaded: iso(row.created),
    url: view.links.sign(row.id, view.now),
    downloadUrl: view.links.sign(row.id, view.now, true),
    check: row.checked_at ? { checkedAt: iso(row.checked_at), checkedBy: row.checker } : null,
  };
}

/** The child's documents, newest first. */
export function loadDocuments(db: DbOrTx, studentId: string) {
  return queryRows<DocumentRow>(
    db,
    sql`select d.id, d.student_id, d.kind, d.file_name, d.content_type, d.bytes, d.expires_on::text as expires_on,
        d.created, d.checked_at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as checker
      from health_documents d left join users u on u.id = d.checked_by
      where d.student_id = ${studentId}
      order by d.created desc, d.id`,
  );
}

/** The whole record of `child` as `view` reads it. */
export async function loadChildHealth(
  db: DbOrTx,
  child: HealthChild,
  view: HealthView,
): Promise<ChildHealth> {
  const [profiles, doses, documents, allergies, checks, reqs, facts] = await Promise.all([
    queryRows<ProfileRow>(
      db,
      sql`select physician_name, physician_phone, insurance_carrier, insurance_member_id, dietary_needs,
          medications, physical_on::text as physical_on
        from health_profiles where student_id = ${child.id}`,
    ),
    queryRows<{ id: string; vaccine: Vaccine; given_on: string }>(
      db,
      sql`select id, vaccine, given_on::text as given_on from immunization_doses
        where student_id = ${child.id} order by vaccine, given_on, id`,
    ),
    loadDocuments(db, child.id),
    queryRows<{ name: string }>(
      db,
      sql`select name from allergies where student_id = ${child.id} order by lower(name)`,
    ),
    queryRows<{ record: HealthRecord; checked_at: Date | string; checker: string | null }>(
      db,
      sql`select c.record, c.checked_at,
          nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as checker
        from health_checks c left join users u on u.id = c.checked_by where c.student_id = ${child.id}`,
    ),
    childrenRequirements(db, [child.id], view.now, view.today),
    loadHealthFacts(db, [child]),
  ]);
  const profile = profiles[0];
  const checkOf = (record: HealthRecord): HealthCheck => {
    const row = checks.find((c) => c.record === record);
    return row ? { checkedAt: iso(row.checked_at), checkedBy: row.checker } : null;
  };
  const mine = reqs.get(child.id)!;
  return {
    studentId: child.id,
    firstName: child.first_name,
    lastName: child.last_name,
    dateOfBirth: child.date_of_birth,
    profile: {
      physicianName: profile?.physician_name ?? '',
      physicianPhone: profile?.physician_phone ?? null,
      insuranceCarrier: profile?.insurance_carrier ?? '',
      insuranceMemberId: profile?.insurance_member_id ?? '',
      dietaryNeeds: profile?.dietary_needs ?? '',
      medications: profile?.medications ?? [],
    },
    physicalOn: profile?.physical_on ?? null,
    doses: doses.map((d) => ({ id: d.id, vaccine: d.vaccine, givenOn: d.given_on })),
    documents: documents.map((d) => toHealthDocument(d, view)),
    allergies: allergies.map((a) => a.name),
    checks: {
      Immunizations: checkOf('Immunizations'),
      Profile: checkOf('Profile'),
      Physical: checkOf('Physical'),
    },
    compliance: judgeRequirements(facts.get(child.id)!, mine.requirements, view.today),
    programs: mine.programs,
    scheduleGaps: scheduleGaps(facts.get(child.id)!, view.today),
  };
}
