/**
 * Forms families sign (issue 26, part 2; decision 036), on both databases: the director's forms and their
 * versions (teachers, parents and anonymous refused); a parent signs with consent and their own name; the hash
 * is the SHA-256 of the stored canonical document and the check notices a tampered one; the signed PDF reads
 * back the signer and the hash and is mailed to both parents; the access matrix for every signature and its
 * PDF (parent, co-parent, other family, teacher of the child, teacher of another room, director, anonymous);
 * a new version asks for a new signature; blocking and warning forms at enrollment; the photo release writes
 * the photo consent; the session's signed forms; the export carries the signatures and closing the account
 * removes them.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/adapters/storage.ts';
import { queryRows } from '../src/db/client.ts';
import { classSections, sessionStaff } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

const MORNING = '2026-11-20T18:00:00Z';

type Signature = {
  id: string;
  sha256: string;
  pdfUrl: string;
  signerName: string;
  version: number;
  studentId: string | null;
};

const textOf = async (pdf: Buffer) =>
  (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, ' ');

const agreement = (programId: number, overrides: object = {}) => ({
  programId,
  kind: 'EnrollmentAgreement',
  scope: 'Child',
  requirement: 'Blocking',
  titleEn: 'Enrollment agreement',
  titleEs: 'Acuerdo de inscripción',
  bodyEn: '<p>We agree to the center’s hours, fees and policies.</p><script>alert(1)</script>',
  bodyEs: '<p>Aceptamos el horario, las tarifas y las normas del centro.</p>',
  fields: [
    {
      type: 'YesNo',
      labelEn: 'May we call 911 in an emergency?',
      labelEs: '¿Podemos llamar al 911?',
      required: true,
    },
    { type: 'Date', labelEn: 'First day', labelEs: 'Primer día', required: false },
    {
      type: 'Choice',
      labelEn: 'Pickup time',
      labelEs: 'Hora de recogida',
      required: true,
      choices: [
        { labelEn: '12:30', labelEs: '12:30' },
        { labelEn: '3:00', labelEs: '3:00' },
      ],
    },
  ],
  ...overrides,
});

describe.each(dbKinds)('signed forms on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let director: Family;
  let teacher: Family;
  let otherTeacher: Family;
  let chen: Family;
  let chenPartner: Family;
  let okafor: Family;
  let program: number;
  let acorn: number;
  let spring: number;
  let formId: string;
  let keys: string[];
  let first: Signature;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const ok = async (token: string | null, method: string, url: string, payload?: object, status = 200) => {
    const res = await as(token, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const answers = () => ({ [keys[0]!]: true, [keys[2]!]: '1' });
  const sign = (f: Family, studentId: string, body: object = {}, id = formId) =>
    as(f.token, 'POST', `/api/Forms/${id}/Sign`, {
      studentId,
      version: 1,
      answers: answers(),
      consent: true,
      signerName: `${f === chen ? 'Chen' : f === chenPartner ? 'Partner' : 'Okafor'} Family`,
      ...body,
    });
  const pdf = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return res;
  };

  beforeAll(async () => {
    clock = movableClock(MORNING);
    t = await createTestApp(kind, {
      clock,
      env: { SIGNUP_RATE_LIMIT: '10000' },
      ...(process.env.FORMS_DEBUG
        ? { logger: { level: 'error', stream: { write: (l: string) => console.error(l.slice(0, 3000)) } } }
        : {}),
    });
    a = api(t);
    director = await a.promote('Director', 'Admin');
    teacher = await a.promote('Rivera', 'Staff');
    otherTeacher = await a.promote('Lindqvist', 'Staff');
    const [p] = await t.database.db
      .insert(classSections)
      .values({ name: 'Morning Preschool' })
      .returning({ id: classSections.id });
    program = p!.id;
    acorn = await a.session({ name: 'Acorn Room', rosterSize: 6, classSectionId: program });
    const maple = await a.session({ name: 'Maple Room', rosterSize: 6 });
    spring = await a.session({ name: 'Spring Acorns', rosterSize: 6, classSectionId: program });
    await t.database.db.insert(sessionStaff).values([
      { classSessionId: acorn, userId: teacher.userId },
      { classSessionId: maple, userId: otherTeacher.userId },
    ]);
    chen = await a.family('Chen', 1);
    chenPartner = await a.family('Partner', 0);
    okafor = await a.family('Okafor', 1);
    await a.enrollPaid(chen, acorn);
    await a.enrollPaid(okafor, acorn);
    // Chen's partner joins the family.
    await a.share(chen, chenPartner);
  });
  afterAll(async () => {
    await t.close();
  });

  it('only the director writes, publishes and lists forms; the text is sanitised and fields get keys', async () => {
    expect((await as(null, 'GET', '/api/staff/forms')).statusCode).toBe(401);
    expect((await as(chen.token, 'GET', '/api/staff/forms')).statusCode).toBe(403);
    expect((await as(teacher.token, 'POST', '/api/staff/forms', agreement(program))).statusCode).toBe(403);
    const bad = await as(director.token, 'POST', '/api/staff/forms', {
      ...agreement(program),
      titleEn: '',
      fields: [{ type: 'Choice', labelEn: 'Pick', labelEs: 'Elija', required: true, choices: [] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('titleEn');
    const created = await ok(director.token, 'POST', '/api/staff/forms', agreement(program), 201);
    expect(created).toMatchObject({ status: 'Draft', currentVersion: null, hasDraft: true });
    expect(created.draft.bodyEn).not.toContain('script');
    formId = created.id;
    keys = created.draft.fields.map((f: { key: string }) => f.key);
    expect(new Set(keys).size).toBe(3);
    // Not asked for before it is published.
    expect(await ok(chen.token, 'GET', '/api/Forms')).toEqual([]);
    expect((await as(teacher.token, 'POST', `/api/staff/forms/${formId}/publish`)).statusCode).toBe(403);
    const published = await ok(director.token, 'POST', `/api/staff/forms/${formId}/publish`);
    expect(published).toMatchObject({ status: 'Published', currentVersion: 1, hasDraft: false });
    expect((await as(director.token, 'POST', `/api/staff/forms/${formId}/publish`)).statusCode).toBe(409);
    const list = await ok(director.token, 'GET', '/api/staff/forms');
    expect(list.map((f: { id: string }) => f.id)).toContain(formId);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where entity_id = ${formId} order by at, id`,
    );
    expect(audit.map((r) => r.action).sort()).toEqual(['form.create', 'form.publish']);
  });

  it('a parent sees the form to sign in their language and is refused without consent, with another name or a missing answer', async () => {
    const ava = chen.childIds[0]!;
    const list = await ok(chen.token, 'GET', '/api/Forms');
    expect(list).toEqual([
      expect.objectContaining({
        formId,
        studentId: ava,
        status: 'NeedsSignature',
        version: 1,
        requirement: 'Blocking',
      }),
    ]);
    const es = await t.app.inject({
      method: 'GET',
      url: `/api/Forms/${formId}?studentId=${ava}`,
      headers: { authorization: `Bearer ${chen.token}`, 'accept-language': 'es' },
    });
    expect(es.json()).toMatchObject({
      title: 'Acuerdo de inscripción',
      status: 'NeedsSignature',
      signature: null,
    });
    expect((await as(chen.token, 'GET', `/api/Forms/${formId}`)).statusCode).toBe(400);
    expect((await as(okafor.token, 'GET', `/api/Forms/${formId}?studentId=${ava}`)).statusCode).toBe(404);
    const noConsent = await sign(chen, ava, { consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(Object.keys(noConsent.json().fields)).toEqual(['consent']);
    const wrongName = await sign(chen, ava, { signerName: 'Someone Else' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().fields.signerName).toContain('Chen Family');
    const missing = await sign(chen, ava, { answers: { [keys[2]!]: '7' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(
      [`answers.${keys[0]}`, `answers.${keys[2]}`].sort(),
    );
    expect((await sign(chen, ava, { version: 2 })).statusCode).toBe(409);
    expect((await sign(okafor, ava)).statusCode).toBe(404);
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from form_signatures`,
    );
    expect(count!.n).toBe(0);
  });

  it('signing keeps the canonical document and its SHA-256, a PDF with the signer and hash, and mails both parents', async () => {
    const ava = chen.childIds[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Forms/${formId}/Sign`,
      payload: {
        studentId: ava,
        version: 1,
        answers: answers(),
        consent: true,
        signerName: '  chen   FAMILY ',
      },
      headers: { authorization: `Bearer ${chen.token}`, 'user-agent': 'FormsTest/1.0' },
    });
    expect(res.statusCode, res.body).toBe(201);
    first = res.json();
    expect(first).toMatchObject({ signerName: 'chen FAMILY', version: 1, studentId: ava });
    const [row] = await queryRows<{
      document: string;
      sha256: string;
      user_agent: string;
      ip_address: string;
    }>(
      t.database.db,
      sql`select document, sha256, user_agent, ip_address from form_signatures where id = ${first.id}`,
    );
    expect(createHash('sha256').update(row!.document, 'utf8').digest('hex')).toBe(row!.sha256);
    expect(first.sha256).toBe(row!.sha256);
    expect(row!.user_agent).toBe('FormsTest/1.0');
    const doc = JSON.parse(row!.document);
    expect(doc).toMatchObject({ title: 'Enrollment agreement', form: { id: formId, version: 1 } });
    expect(doc.answers.map((x: { answer: unknown }) => x.answer)).toEqual([true, null, '3:00']);
    const file = await pdf(first.pdfUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = await textOf(file.rawPayload);
    expect(text).toContain('chen FAMILY');
    expect(text).toContain(row!.sha256);
    expect(text).toContain('Enrollment agreement');
    await t.flush();
    const mails = (await t.mails()).filter((m) => m.subject.includes('Enrollment agreement'));
    expect(mails.map((m) => m.to).sort()).toEqual([chen.email, chenPartner.email].sort());
    expect(mails[0]!.text).toContain(`/dashboard/forms/${formId}?child=${ava}`);
    expect((await ok(chen.token, 'GET', '/api/Forms'))[0].status).toBe('Signed');
  });

  it('every signature and its PDF: the family and co-parent, the child’s teacher and the director; nobody else', async () => {
    const parentUrl = `/api/FormSignatures/${first.id}`;
    const staffUrl = `/api/staff/form-signatures/${first.id}`;
    for (const f of [chen, chenPartner])
      expect((await ok(f.token, 'GET', parentUrl)).sha256).toBe(first.sha256);
    expect((await as(okafor.token, 'GET', parentUrl)).statusCode).toBe(404);
    expect((await as(null, 'GET', parentUrl)).statusCode).toBe(401);
    for (const s of [teacher, director]) expect((await ok(s.token, 'GET', staffUrl)).id).toBe(first.id);
    expect((await as(otherTeacher.token, 'GET', staffUrl)).statusCode).toBe(404);
    expect((await as(chen.token, 'GET', staffUrl)).statusCode).toBe(403);
    expect((await as(null, 'GET', staffUrl)).statusCode).toBe(401);
    expect((await as(otherTeacher.token, 'GET', `${staffUrl}/verify`)).statusCode).toBe(404);
    // The PDF only through a signed link: no signature, another id's signature, an expired one.
    const url = new URL(first.pdfUrl, 'http://x');
    expect((await pdf(url.pathname)).statusCode).toBe(404);
    const other = (await ok(director.token, 'GET', staffUrl)).pdfUrl as string;
    expect((await pdf(other)).statusCode).toBe(200);
    expect((await pdf(`${url.pathname.replace(first.id, formId)}${url.search}`)).statusCode).toBe(404);
    clock.set('2026-11-21T18:00:00Z');
    expect((await pdf(first.pdfUrl)).statusCode).toBe(404);
    clock.set(MORNING);
  });

  it('the check recomputes the hash: it matches, and a tampered stored document does not', async () => {
    const url = `/api/staff/form-signatures/${first.id}/verify`;
    expect(await ok(director.token, 'GET', url)).toMatchObject({ matches: true, storedSha256: first.sha256 });
    expect(await ok(teacher.token, 'GET', url)).toMatchObject({ matches: true });
    await expect(
      t.database.db.execute(sql`update form_signatures set document = 'x' where id = ${first.id}`),
    ).rejects.toThrow();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table form_signatures disable trigger form_signatures_no_update`);
      await tx.execute(
        sql`update form_signatures set document = replace(document, '"3:00"', '"12:30"') where id = ${first.id}`,
      );
      await tx.execute(sql`alter table form_signatures enable trigger form_signatures_no_update`);
    });
    const tampered = await ok(director.token, 'GET', url);
    expect(tampered.matches).toBe(false);
    expect(tampered.computedSha256).not.toBe(first.sha256);
  });

  it('a blocking form keeps a new enrollment from completing until it is signed; a warning only says so', async () => {
    const ben = okafor.childIds[0]!;
    const page = await ok(okafor.token, 'GET', `/api/ClassSessionEnrollment/${spring}`);
    const child = page.find((s: { id: string }) => s.id === ben);
    expect(child.canEnroll).toBe(false);
    expect(child.eligibility).toContain('Enrollment agreement');
    expect(child.formsToSign).toEqual([{ formId, title: 'Enrollment agreement', blocking: true }]);
    const refused = await a.enroll(okafor, spring);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Enrollment agreement');
    // A warning form beside it.
    const trip = await ok(
      director.token,
      'POST',
      '/api/staff/forms',
      agreement(program, {
        kind: 'FieldTripPermission',
        requirement: 'Warning',
        titleEn: 'Field trip permission',
        titleEs: 'Permiso de excursión',
        fields: [],
      }),
      201,
    );
    await ok(director.token, 'POST', `/api/staff/forms/${trip.id}/publish`);
    expect((await sign(okafor, ben)).statusCode).toBe(201);
    const after = (await ok(okafor.token, 'GET', `/api/ClassSessionEnrollment/${spring}`)).find(
      (s: { id: string }) => s.id === ben,
    );
    expect(after.canEnroll).toBe(true);
    expect(after.eligibility).toBe('Ava can enroll now.');
    expect(after.formsToSign).toEqual([{ formId: trip.id, title: 'Field trip permission', blocking: false }]);
    expect((await a.enroll(okafor, spring)).statusCode).toBe(201);
  });

  it('a new version asks for a new signature from its publish time; the signed one stays as it was', async () => {
    const ava = chen.childIds[0]!;
    await ok(
      director.token,
      'PUT',
      `/api/staff/forms/${formId}`,
      agreement(program, {
        bodyEn: '<p>We agree to the new hours: 8:00 to 12:30.</p>',
        fields: agreement(program).fields.map((f, i) => ({ ...f, key: keys[i] })),
      }),
    );
    const draft = await ok(director.token, 'GET', `/api/staff/forms/${formId}`);
    expect(draft).toMatchObject({ currentVersion: 1, hasDraft: true });
    // Until it is published, version 1 is still the one signed.
    const before = await ok(chen.token, 'GET', '/api/Forms');
    expect(before.find((f: { formId: string }) => f.formId === formId).status).toBe('Signed');
    const v2 = await ok(director.token, 'POST', `/api/staff/forms/${formId}/publish`);
    expect(v2.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const mine = (await ok(chen.token, 'GET', '/api/Forms')).find(
      (f: { formId: string }) => f.formId === formId,
    );
    expect(mine).toMatchObject({ status: 'NeedsResign', signedVersion: 1, version: 2 });
    await expect(
      t.database.db.execute(sql`update form_versions set content = '{}'::jsonb where form_id = ${formId}`),
    ).rejects.toThrow();
    const session = await ok(teacher.token, 'GET', `/api/staff/sessions/${acorn}/forms`);
    const row = session.children.find((c: { studentId: string }) => c.studentId === ava);
    expect(row.forms.find((f: { formId: string }) => f.formId === formId)).toMatchObject({
      status: 'NeedsResign',
      signedVersion: 1,
    });
    expect((await sign(chenPartner, ava)).statusCode).toBe(409);
    const again = await sign(chenPartner, ava, { version: 2 });
    expect(again.statusCode, again.body).toBe(201);
    expect(
      (await ok(chen.token, 'GET', '/api/Forms')).find((f: { formId: string }) => f.formId === formId).status,
    ).toBe('Signed');
  });

  it('a session’s signed forms: its teacher and the director; another room, a parent and anonymous cannot', async () => {
    const url = `/api/staff/sessions/${acorn}/forms`;
    const view = await ok(director.token, 'GET', url);
    expect(view.forms.map((f: { title: string }) => f.title).sort()).toEqual([
      'Enrollment agreement',
      'Field trip permission',
    ]);
    expect(view.children).toHaveLength(2);
    const signed = view.children
      .flatMap((c: { forms: { pdfUrl: string | null }[] }) => c.forms)
      .find((f: { pdfUrl: string | null }) => f.pdfUrl);
    expect((await pdf(signed.pdfUrl)).statusCode).toBe(200);
    expect((await as(teacher.token, 'GET', url)).statusCode).toBe(200);
    expect((await as(otherTeacher.token, 'GET', url)).statusCode).toBe(404);
    expect((await as(chen.token, 'GET', url)).statusCode).toBe(403);
    expect((await as(null, 'GET', url)).statusCode).toBe(401);
  });

  it('role × route: every staff forms route for anonymous, a parent, the teacher, another room’s teacher and the director; refusals change nothing', async () => {
    const body = agreement(program, { titleEn: 'Matrix form', titleEs: 'Formulario de prueba' });
    const routes: Array<[string, string, object | undefined, number[]]> = [
      // [method, url, body, statuses for anonymous, parent, teacher, other teacher, director]
      ['GET', '/api/staff/forms', undefined, [401, 403, 403, 403, 200]],
      ['POST', '/api/staff/forms', body, [401, 403, 403, 403, 201]],
      ['GET', `/api/staff/forms/${formId}`, undefined, [401, 403, 403, 403, 200]],
      ['PUT', `/api/staff/forms/${formId}`, agreement(program), [401, 403, 403, 403, 200]],
      ['POST', `/api/staff/forms/${formId}/publish`, undefined, [401, 403, 403, 403, 200]],
      ['GET', `/api/staff/sessions/${acorn}/forms`, undefined, [401, 403, 200, 404, 200]],
      ['GET', `/api/staff/form-signatures/${first.id}`, undefined, [401, 403, 200, 404, 200]],
      ['GET', `/api/staff/form-signatures/${first.id}/verify`, undefined, [401, 403, 200, 404, 200]],
    ];
    const counts = async () =>
      (
        await queryRows<{ f: number; v: number; a: number }>(
          t.database.db,
          sql`select (select count(*)::int from forms) as f, (select count(*)::int from form_versions) as v,
            (select count(*)::int from audit_events where action like 'form.%') as a`,
        )
      )[0]!;
    for (const [method, url, payload, statuses] of routes) {
      const who = [null, chen.token, teacher.token, otherTeacher.token, director.token];
      for (let i = 0; i < who.length; i++) {
        const before = await counts();
        const res = await as(who[i]!, method, url, payload);
        expect(res.statusCode, `${method} ${url} as #${i}: ${res.body}`).toBe(statuses[i]);
        if (res.statusCode >= 400) {
          expect(await counts()).toEqual(before);
          expect(res.body).not.toContain('Enrollment agreement');
        }
      }
    }
    // Archive last: then the form takes no more writes.
    const archive = `/api/staff/forms/${formId}/archive`;
    for (const [token, status] of [
      [null, 401],
      [chen.token, 403],
      [teacher.token, 403],
    ] as const)
      expect((await as(token, 'POST', archive)).statusCode).toBe(status);
    const matrix = (await ok(director.token, 'GET', '/api/staff/forms')).find(
      (f: { title: string }) => f.title === 'Matrix form',
    );
    expect((await as(director.token, 'POST', `/api/staff/forms/${matrix.id}/archive`)).statusCode).toBe(200);
    expect((await as(director.token, 'POST', `/api/staff/forms/${matrix.id}/archive`)).statusCode).toBe(409);
    expect((await as(director.token, 'PUT', `/api/staff/forms/${matrix.id}`, body)).statusCode).toBe(409);
  });

  it('a photo release needs a yes/no question; signing it sets the child’s photo consent the day feed reads', async () => {
    const ava = chen.childIds[0]!;
    const base = agreement(program, {
      kind: 'PhotoRelease',
      requirement: 'Optional',
      titleEn: 'Photo release',
      titleEs: 'Autorización de fotos',
    });
    const refused = await as(director.token, 'POST', '/api/staff/forms', { ...base, fields: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.fields).toBeTruthy();
    const release = await ok(
      director.token,
      'POST',
      '/api/staff/forms',
      {
        ...base,
        fields: [
          {
            type: 'YesNo',
            labelEn: 'May other families see photos of your child?',
            labelEs: '¿Otras familias pueden ver fotos?',
            required: true,
          },
        ],
      },
      201,
    );
    await ok(director.token, 'POST', `/api/staff/forms/${release.id}/publish`);
    const key = release.draft.fields[0].key;
    const signed = await as(chen.token, 'POST', `/api/Forms/${release.id}/Sign`, {
      studentId: ava,
      version: 1,
      answers: { [key]: false },
      consent: true,
      signerName: 'Chen Family',
    });
    expect(signed.statusCode, signed.body).toBe(201);
    expect((await ok(chen.token, 'GET', `/api/Student/${ava}/PhotoConsent`)).consent).toBe('Refused');
    const yes = await as(chen.token, 'POST', `/api/Forms/${release.id}/Sign`, {
      studentId: ava,
      version: 1,
      answers: { [key]: true },
      consent: true,
      signerName: 'Chen Family',
    });
    expect(yes.statusCode).toBe(201);
    expect((await ok(chen.token, 'GET', `/api/Student/${ava}/PhotoConsent`)).consent).toBe('Granted');
  });

  it('archiving stops asking; the export carries the signatures and PDFs; closing the account removes them', async () => {
    const trip = (await ok(director.token, 'GET', '/api/staff/forms')).find(
      (f: { title: string }) => f.title === 'Field trip permission',
    );
    await ok(director.token, 'POST', `/api/staff/forms/${trip.id}/archive`);
    expect(
      (await ok(okafor.token, 'GET', '/api/Forms')).map((f: { formId: string }) => f.formId),
    ).not.toContain(trip.id);
    const exported = await as(chen.token, 'GET', '/api/Family/Export');
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(strFromU8(files['signed-forms.csv']!)).toContain(first.sha256);
    expect(Object.keys(files).filter((n) => n.startsWith('signed-forms/')).length).toBeGreaterThanOrEqual(3);
    // A family with nothing enrolled signs the photo release, then closes the account: the rows and PDFs go.
    const lee = await a.family('Lee', 1);
    const release = (await ok(director.token, 'GET', '/api/staff/forms')).find(
      (f: { kind: string }) => f.kind === 'PhotoRelease',
    );
    const key = (await ok(director.token, 'GET', `/api/staff/forms/${release.id}`)).draft.fields[0].key;
    const signed = await as(lee.token, 'POST', `/api/Forms/${release.id}/Sign`, {
      studentId: lee.childIds[0],
      version: 1,
      answers: { [key]: true },
      consent: true,
      signerName: 'Lee Family',
    });
    expect(signed.statusCode, signed.body).toBe(201);
    const [{ pdf_key }] = (await queryRows<{ pdf_key: string }>(
      t.database.db,
      sql`select pdf_key from form_signatures where signer_user_id = ${lee.userId}`,
    )) as [{ pdf_key: string }];
    const storage = createStorage(t.ctx.config);
    expect(await storage.get(pdf_key)).not.toBeNull();
    const closed = await as(lee.token, 'POST', '/api/Family/Close', { password: 'a good long password' });
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    const [after] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from form_signatures where signer_user_id = ${lee.userId}`,
    );
    expect(after!.n).toBe(0);
    expect(await storage.get(pdf_key)).toBeNull();
  });
});
