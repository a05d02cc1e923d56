/**
 * A child's health record (issue 26 part 1; decision 035), on both databases: the access matrix for every
 * record and document (anonymous, the parent, a co-parent, another family, the teacher of the child, a teacher
 * of another room, the director) with nothing leaked or changed; documents checked by their bytes, opened only
 * through signed links and gone with their row; the staff's checks cleared by a family's change; the
 * compliance list per session; the director's program requirements; and the enrollment gate (a blocking
 * requirement refuses a new enrollment with the missing items, a warning lets it through).
 */
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/adapters/storage.ts';
import { queryRows } from '../src/db/client.ts';
import { classSections, sessionStaff, users } from '../src/db/schema.ts';
import { runHealthReminders } from '../src/features/child-health/reminders.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

// Friday, November 20, 2026, 10:00 am in Redwood City.
const MORNING = '2026-11-20T18:00:00Z';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

type Item = {
  requirement: string;
  mode: string;
  status: string;
  expiresOn: string | null;
  missingDoses: Array<{ vaccine: string; have: number; need: number }>;
};
type Health = {
  studentId: string;
  doses: Array<{ id: string; vaccine: string; givenOn: string }>;
  documents: Array<{ id: string; kind: string; url: string; downloadUrl: string; check: unknown }>;
  checks: Record<string, { checkedAt: string; checkedBy: string | null } | null>;
  compliance: Item[];
  programs: string[];
  allergies: string[];
  physicalOn: string | null;
  profile: { physicianName: string; medications: string[]; physicianPhone: string | null };
};

describe.each(dbKinds)('health records on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let director: Family;
  let teacher: Family;
  let otherTeacher: Family;
  let chen: Family;
  let chenPartner: Family;
  let okafor: Family;
  let lee: Family;
  let program: number;
  let acorn: number;
  let spring: number;
  let ava: string;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const healthOf = (id: string) => `/api/Student/${id}/Health`;
  const staffHealthOf = (id: string) => `/api/staff/children/${id}/health`;
  const read = async (f: Family, id = ava) => {
    const res = await as(f.token, 'GET', healthOf(id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Health;
  };
  const upload = async (f: Family | null, child: string, bytes: Buffer, fields: Record<string, string>) => {
    const boundary = `----lc${Date.now()}`;
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shots.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    return t.app.inject({
      method: 'POST',
      url: `${healthOf(child)}/Documents`,
      payload: Buffer.concat([
        Buffer.from(parts.join('') + head),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(f ? { authorization: `Bearer ${f.token}` } : {}),
      },
    });
  };
  const counts = async () =>
    (
      await queryRows<{ doses: number; documents: number; audits: number }>(
        t.database.db,
        sql`select (select count(*)::int from immunization_doses) as doses,
          (select count(*)::int from health_documents) as documents,
          (select count(*)::int from audit_events where action like 'health.%') as audits`,
      )
    )[0]!;

  beforeAll(async () => {
    clock = movableClock(MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    director = await a.promote('Director', 'Admin');
    teacher = await a.promote('Rivera', 'Staff');
    otherTeacher = await a.promote('Lindqvist', 'Staff');
    const [section] = await t.database.db
      .insert(classSections)
      .values({ name: 'Morning Program' })
      .returning({ id: classSections.id });
    program = section!.id;
    acorn = await a.session({ name: 'Acorn Room', classSectionId: program, rosterSize: 6 });
    const maple = await a.session({ name: 'Maple Room', rosterSize: 6 });
    spring = await a.session({ name: 'Spring Acorn', classSectionId: program, rosterSize: 6 });
    await t.database.db.insert(sessionStaff).values([
      { classSessionId: acorn, userId: teacher.userId },
      { classSessionId: maple, userId: otherTeacher.userId },
    ]);
    chen = await a.family('Chen', 1);
    chenPartner = await a.family('Partner', 0);
    okafor = await a.family('Okafor', 1);
    lee = await a.family('Lee', 1);
    await a.enrollPaid(chen, acorn);
    await a.enrollPaid(okafor, acorn);
    await a.enrollPaid(lee, maple);
    await a.share(chen, chenPartner);
    ava = chen.childIds[0]!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the director sets a program’s requirements; a teacher, a parent and anonymous cannot', async () => {
    const body = {
      requirements: [
        { requirement: 'Immunizations', mode: 'Blocks', months: null },
        { requirement: 'Physical', mode: 'Warns', months: 12 },
      ],
    };
    const url = `/api/staff/programs/${program}/health-requirements`;
    expect((await as(teacher.token, 'PUT', url, body)).statusCode).toBe(403);
    expect((await as(chen.token, 'PUT', url, body)).statusCode).toBe(403);
    expect((await as(null, 'PUT', url, body)).statusCode).toBe(401);
    expect((await as(teacher.token, 'GET', '/api/staff/health-requirements')).statusCode).toBe(403);
    expect(
      (await as(director.token, 'PUT', '/api/staff/programs/999999/health-requirements', body)).statusCode,
    ).toBe(404);
    const twice = await as(director.token, 'PUT', url, {
      requirements: [body.requirements[0], body.requirements[0]],
    });
    expect(twice.statusCode).toBe(400);
    const res = await as(director.token, 'PUT', url, body);
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json() as Array<{ programId: number; requirements: unknown[] }>).find(
      (p) => p.programId === program,
    );
    expect(mine!.requirements).toEqual(body.requirements);
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'program.health_requirements'`,
    );
    expect(audit!.n).toBe(1);
  });

  it('the family and a co-parent read the record; another family, another room and anonymous cannot', async () => {
    const mine = await read(chen);
    expect(mine.programs).toEqual(['Morning Program']);
    expect(mine.compliance.map((i) => [i.requirement, i.status])).toEqual([
      ['Immunizations', 'Missing'],
      ['Physical', 'Missing'],
    ]);
    expect((await read(chenPartner)).studentId).toBe(ava);
    expect((await as(okafor.token, 'GET', healthOf(ava))).statusCode).toBe(404);
    expect((await as(lee.token, 'GET', healthOf(ava))).statusCode).toBe(404);
    expect((await as(teacher.token, 'GET', healthOf(ava))).statusCode).toBe(404);
    expect((await as(null, 'GET', healthOf(ava))).statusCode).toBe(401);
    expect((await as(chen.token, 'GET', healthOf('not-a-uuid'))).statusCode).toBe(404);
    // Staff: the child's teacher and the director; a teacher of another room 404; a parent 403.
    expect((await as(teacher.token, 'GET', staffHealthOf(ava))).statusCode).toBe(200);
    expect((await as(director.token, 'GET', staffHealthOf(ava))).statusCode).toBe(200);
    expect((await as(otherTeacher.token, 'GET', staffHealthOf(ava))).statusCode).toBe(404);
    expect((await as(chen.token, 'GET', staffHealthOf(ava))).statusCode).toBe(403);
    expect((await as(null, 'GET', staffHealthOf(ava))).statusCode).toBe(401);
  });

  it('doses, the profile and the physical: the family and a co-parent write; others change nothing', async () => {
    const before = await counts();
    const dose = { vaccine: 'MMR', givenOn: '2023-01-20' };
    for (const f of [okafor, lee, teacher, otherTeacher])
      expect((await as(f.token, 'POST', `${healthOf(ava)}/Immunizations`, dose)).statusCode).toBe(404);
    expect((await as(null, 'POST', `${healthOf(ava)}/Immunizations`, dose)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);

    const added = await as(chenPartner.token, 'POST', `${healthOf(ava)}/Immunizations`, dose);
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json() as Health).doses.map((d) => d.vaccine)).toEqual(['MMR']);
    const future = await as(chen.token, 'POST', `${healthOf(ava)}/Immunizations`, {
      vaccine: 'MMR',
      givenOn: '2026-12-01',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.givenOn).toMatch(/after today/);
    const unborn = await as(chen.token, 'POST', `${healthOf(ava)}/Immunizations`, {
      vaccine: 'MMR',
      givenOn: '2021-12-01',
    });
    expect(unborn.statusCode).toBe(400);
    expect(
      (
        await as(chen.token, 'POST', `${healthOf(ava)}/Immunizations`, {
          vaccine: 'Smallpox',
          givenOn: '2023-01-01',
        })
      ).statusCode,
    ).toBe(400);

    const profile = {
      physicianName: 'Dr. Priya Raman',
      physicianPhone: '(650) 555-0142',
      insuranceCarrier: 'Blue Shield of California',
      insuranceMemberId: 'XEH 4417 2209',
      dietaryNeeds: 'Vegetarian; no gelatin.',
      medications: ['Albuterol inhaler, 2 puffs before outdoor play'],
    };
    for (const f of [okafor, teacher])
      expect((await as(f.token, 'PUT', `${healthOf(ava)}/Profile`, profile)).statusCode).toBe(404);
    const saved = await as(chen.token, 'PUT', `${healthOf(ava)}/Profile`, profile);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Health).profile.physicianPhone).toBe('+16505550142');
    const badPhone = await as(chen.token, 'PUT', `${healthOf(ava)}/Profile`, {
      ...profile,
      physicianPhone: '12',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().fields.physicianPhone).toBeTruthy();

    const exam = await as(chen.token, 'PUT', `${healthOf(ava)}/Physical`, { examOn: '2026-01-05' });
    expect(exam.statusCode, exam.body).toBe(200);
    const physical = (exam.json() as Health).compliance.find((i) => i.requirement === 'Physical')!;
    expect(physical).toMatchObject({ status: 'Complete', expiresOn: '2027-01-05' });
    expect((await counts()).audits).toBe(before.audits + 3);

    // Another family's dose id answers 404 and removes nothing.
    const doseId = (await read(chen)).doses[0]!.id;
    expect(
      (await as(okafor.token, 'DELETE', `${healthOf(okafor.childIds[0]!)}/Immunizations/${doseId}`))
        .statusCode,
    ).toBe(404);
    expect((await read(chen)).doses).toHaveLength(1);
  });

  it('documents: checked by their bytes, opened through signed links only, gone with their row', async () => {
    const refused = await upload(chen, ava, Buffer.from('just some words, not a PDF'), { kind: 'Other' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.file).toMatch(/PDF, JPEG or PNG/);
    const noKind = await upload(chen, ava, PDF, { kind: 'Recipe' });
    expect(noKind.statusCode).toBe(400);
    for (const f of [okafor, teacher])
      expect((await upload(f, ava, PDF, { kind: 'Other' })).statusCode).toBe(404);
    expect((await upload(null, ava, PDF, { kind: 'Other' })).statusCode).toBe(401);

    const res = await upload(chen, ava, PDF, { kind: 'ImmunizationCertificate', expiresOn: '2027-06-30' });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as { id: string; url: string; downloadUrl: string; kind: string };
    expect(doc.kind).toBe('ImmunizationCertificate');
    const file = await t.app.inject({ method: 'GET', url: doc.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: doc.downloadUrl })).headers['content-disposition'],
    ).toMatch(/^attachment/);
    const forged = doc.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/HealthDocuments/${doc.id}` })).statusCode).toBe(
      404,
    );

    // The certificate makes the immunizations count: Complete.
    const now = await read(chen);
    expect(now.compliance.find((i) => i.requirement === 'Immunizations')!.status).toBe('Complete');
    // The teacher of the child sees it with a link of their own; another room does not.
    const staffView = await as(teacher.token, 'GET', staffHealthOf(ava));
    expect((staffView.json() as Health).documents.map((d) => d.id)).toEqual([doc.id]);
    expect((await as(otherTeacher.token, 'GET', staffHealthOf(ava))).body).not.toContain(doc.id);

    // Removing: another family 404 (nothing gone); the family: the row, the file and the links.
    expect((await as(okafor.token, 'DELETE', `${healthOf(ava)}/Documents/${doc.id}`)).statusCode).toBe(404);
    const extra = (await upload(chen, ava, PDF, { kind: 'DoctorNote' })).json() as {
      id: string;
      url: string;
    };
    const gone = await as(chenPartner.token, 'DELETE', `${healthOf(ava)}/Documents/${extra.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: extra.url })).statusCode).toBe(404);
    expect((await read(chen)).documents.map((d) => d.id)).toEqual([doc.id]);
  });

  it('staff check a record; a family’s change clears the check; another room cannot check', async () => {
    const check = { record: 'Immunizations', checked: true };
    const url = `${staffHealthOf(ava)}/checks`;
    expect((await as(otherTeacher.token, 'PUT', url, check)).statusCode).toBe(404);
    expect((await as(chen.token, 'PUT', url, check)).statusCode).toBe(403);
    const res = await as(teacher.token, 'PUT', url, check);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Health).checks.Immunizations!.checkedBy).toBe('Rivera Family');
    const doc = (await read(chen)).documents[0]!;
    const docCheck = await as(director.token, 'PUT', url, {
      record: 'Document',
      documentId: doc.id,
      checked: true,
    });
    expect(docCheck.statusCode).toBe(200);
    expect((await as(director.token, 'PUT', url, { record: 'Document', checked: true })).statusCode).toBe(
      400,
    );
    const okaforDoc = await upload(okafor, okafor.childIds[0]!, PDF, { kind: 'Other' });
    expect(
      (
        await as(director.token, 'PUT', url, {
          record: 'Document',
          documentId: okaforDoc.json().id,
          checked: true,
        })
      ).statusCode,
    ).toBe(404);

    // The family sees the check; adding a dose clears it (the profile's stays).
    expect((await read(chenPartner)).checks.Immunizations).not.toBeNull();
    await as(teacher.token, 'PUT', url, { record: 'Profile', checked: true });
    await as(chen.token, 'POST', `${healthOf(ava)}/Immunizations`, {
      vaccine: 'Varicella',
      givenOn: '2023-01-20',
    });
    const after = await read(chen);
    expect(after.checks.Immunizations).toBeNull();
    expect(after.checks.Profile).not.toBeNull();
  });

  it('the compliance list: the session’s teacher and the director; not another room, a parent or anonymous', async () => {
    const url = `/api/staff/sessions/${acorn}/health`;
    expect((await as(otherTeacher.token, 'GET', url)).statusCode).toBe(404);
    expect((await as(chen.token, 'GET', url)).statusCode).toBe(403);
    expect((await as(null, 'GET', url)).statusCode).toBe(401);
    expect((await as(director.token, 'GET', '/api/staff/sessions/999999/health')).statusCode).toBe(404);
    const res = await as(teacher.token, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as {
      programName: string;
      children: Array<{ studentId: string; complete: boolean; items: Item[] }>;
    };
    expect(list.programName).toBe('Morning Program');
    const byId = new Map(list.children.map((c) => [c.studentId, c]));
    expect(byId.get(ava)!.complete).toBe(true);
    const ben = byId.get(okafor.childIds[0]!)!;
    expect(ben.complete).toBe(false);
    expect(ben.items.find((i) => i.requirement === 'Immunizations')!.missingDoses[0]).toEqual({
      vaccine: 'DTaP',
      have: 0,
      need: 4,
    });
    const incomplete = await as(director.token, 'GET', `${url}?incomplete=true`);
    expect((incomplete.json() as typeof list).children.map((c) => c.studentId)).toEqual([okafor.childIds[0]]);
  });

  it('a blocking requirement refuses a new enrollment with what is missing; a warning lets it through', async () => {
    const eligibility = async (f: Family) => {
      const res = await as(f.token, 'GET', `/api/ClassSessionEnrollment/${spring}`);
      expect(res.statusCode, res.body).toBe(200);
      return (
        res.json() as Array<{
          id: string;
          canEnroll: boolean;
          eligibility: string;
          health?: { blocking: Item[]; warnings: Item[] };
        }>
      )[0]!;
    };
    const ben = await eligibility(okafor);
    expect(ben.canEnroll).toBe(false);
    expect(ben.health!.blocking.map((i) => i.requirement)).toEqual(['Immunizations']);
    expect(ben.eligibility).toMatch(/can’t enroll in Spring Acorn until the health record is complete/);
    expect(ben.eligibility).toMatch(
      /DTaP \(diphtheria, tetanus, whooping cough\): 0 of 4 doses; .*MMR \(measles, mumps, rubella\): 0 of 1 dose;/,
    );
    const refused = await a.enroll(okafor, spring);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/health record/);
    // In Spanish, for a Spanish page.
    const es = await t.app.inject({
      method: 'GET',
      url: `/api/ClassSessionEnrollment/${spring}`,
      headers: { authorization: `Bearer ${okafor.token}`, 'accept-language': 'es' },
    });
    expect(es.json()[0].eligibility).toMatch(/no puede inscribirse en Spring Acorn/);

    // A certificate clears the block; the physical (a warning) is still listed beside the family's sentence,
    // which stays the plain one, and lets Ben enroll.
    const cert = await upload(okafor, okafor.childIds[0]!, PDF, { kind: 'ImmunizationCertificate' });
    expect(cert.statusCode).toBe(201);
    const now = await eligibility(okafor);
    expect(now.canEnroll).toBe(true);
    expect(now.health!.warnings.map((i) => i.requirement)).toEqual(['Physical']);
    expect(now.eligibility).toBe('Ava can enroll now.');
    await a.enrollPaid(okafor, spring);
  });

  it('the dashboard summary lists only what is missing or expiring, per child of the family', async () => {
    const res = await as(lee.token, 'GET', '/api/Health/Summary');
    expect(res.json()).toEqual({ children: [] });
    const okaforSummary = (await as(okafor.token, 'GET', '/api/Health/Summary')).json() as {
      children: Array<{ studentId: string; items: Item[] }>;
    };
    expect(okaforSummary.children[0]!.items.map((i) => [i.requirement, i.status])).toEqual([
      ['Physical', 'Missing'],
    ]);
    expect((await as(null, 'GET', '/api/Health/Summary')).statusCode).toBe(401);
  });

  it('the family’s data export holds the record and the files; closing the account deletes both', async () => {
    const lone = await a.family('Nguyen', 1);
    const child = lone.childIds[0]!;
    await as(lone.token, 'POST', `${healthOf(child)}/Immunizations`, {
      vaccine: 'Polio',
      givenOn: '2022-06-01',
    });
    await as(lone.token, 'PUT', `${healthOf(child)}/Profile`, {
      physicianName: 'Dr. Alma Ortiz',
      physicianPhone: '',
      insuranceCarrier: 'Kaiser Permanente',
      insuranceMemberId: 'K-55201',
      dietaryNeeds: 'Dairy-free',
      medications: [],
    });
    const doc = (await upload(lone, child, PDF, { kind: 'CourtOrder' })).json() as {
      id: string;
      url: string;
    };
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/Family/Export',
      headers: { authorization: `Bearer ${lone.token}` },
    });
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(strFromU8(files['immunizations.csv']!)).toContain('Polio');
    expect(strFromU8(files['health.csv']!)).toContain('Dr. Alma Ortiz');
    expect(strFromU8(files['health-documents.csv']!)).toContain('CourtOrder');
    expect(Buffer.from(files[`health-documents/${doc.id}-shots.pdf`]!).equals(PDF)).toBe(true);
    // Another family's export holds none of it.
    const otherRes = await t.app.inject({
      method: 'GET',
      url: '/api/Family/Export',
      headers: { authorization: `Bearer ${okafor.token}` },
    });
    expect(otherRes.statusCode, otherRes.body.slice(0, 200)).toBe(200);
    const other = unzipSync(new Uint8Array(otherRes.rawPayload));
    expect(strFromU8(other['health.csv']!)).not.toContain('Dr. Alma Ortiz');
    expect(Object.keys(other).some((k) => k.includes(doc.id))).toBe(false);

    const [{ storage_key }] = (await queryRows<{ storage_key: string }>(
      t.database.db,
      sql`select storage_key from health_documents where id = ${doc.id}`,
    )) as [{ storage_key: string }];
    const closed = await as(lone.token, 'POST', '/api/Family/Close', { password: 'a good long password' });
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*)::int from health_documents where id = ${doc.id})
        + (select count(*)::int from immunization_doses where student_id = ${child})
        + (select count(*)::int from health_profiles where student_id = ${child}) as n`,
    );
    expect(left[0]!.n).toBe(0);
    expect(await createStorage(t.ctx.config).get(storage_key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: doc.url })).statusCode).toBe(404);
  });

  it('reminders: 30 and 7 days before a physical runs out, to both parents in their language, once each', async () => {
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, chenPartner.userId));
    const remindersTo = async (email: string) =>
      (await t.mails()).filter((m) => m.to === email && /runs out|vence/.test(m.subject));
    // Ava's physical (January 5, 2026) counts 12 months: until January 5, 2027. Nothing before December 6.
    await t.ctx.work.idle();
    clock.set('2026-12-05T18:00:00Z');
    await t.flush();
    expect(await remindersTo(chen.email)).toHaveLength(0);
    await t.ctx.work.idle();
    clock.set('2026-12-06T18:00:00Z');
    await t.flush();
    await t.flush();
    // The dashboard says it is expiring (30 days before).
    await a.signIn(chen);
    const summary = (await as(chen.token, 'GET', '/api/Health/Summary')).json() as {
      children: Array<{ items: Item[] }>;
    };
    expect(summary.children[0]!.items).toEqual([
      {
        requirement: 'Physical',
        mode: 'Warns',
        status: 'Expiring',
        expiresOn: '2027-01-05',
        missingDoses: [],
      },
    ]);
    const first = await remindersTo(chen.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Ava’s physical exam runs out on Tuesday, January 5, 2027');
    expect(first[0]!.text).toContain('runs out in 30 days');
    expect(first[0]!.text).toContain(`/dashboard/children/${ava}/health`);
    const es = await remindersTo(chenPartner.email);
    expect(es).toHaveLength(1);
    expect(es[0]!.subject).toMatch(/^El examen físico de Ava vence el martes, 5 de enero de 2027/);
    // Two processes' rounds at once still send each reminder once.
    const deps = {
      database: t.database,
      clock,
      appUrl: 'http://localhost',
      push: { deliver: async () => ({ devices: 0, sent: 0, removed: 0, failed: 0 }) },
    };
    const both = await Promise.all([runHealthReminders(deps), runHealthReminders(deps)]);
    expect(both.map((r) => r.reminded)).toEqual([0, 0]);
    clock.set('2026-12-29T18:00:00Z');
    const racing = await Promise.all([runHealthReminders(deps), runHealthReminders(deps)]);
    expect(racing[0]!.reminded + racing[1]!.reminded).toBe(1);
    await t.flush();
    const second = await remindersTo(chen.email);
    expect(second).toHaveLength(2);
    expect(second[1]!.text).toContain('runs out in 7 days');
    clock.set('2027-01-04T18:00:00Z');
    await t.flush();
    expect(await remindersTo(chen.email)).toHaveLength(2);
    clock.set(MORNING);
    for (const f of [chen, chenPartner, okafor, lee, teacher, otherTeacher, director]) await a.signIn(f);
  });
});
