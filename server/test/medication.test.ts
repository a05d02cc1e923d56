/**
 * The medication log (issue 26; decision 040), on both databases: the rule (no signed authorization → refused
 * with the sentence; a newer version published → refused until signed again; signed → logged, with the
 * parent's filled answers shown to the teacher); the access matrix of every staff route (anonymous, a parent,
 * a teacher of another room, the teacher of the child, the director) and of the family's log (the parent, the
 * co-parent, another family); a double submit with one client key logs one dose; the parents are told (mail
 * and push) naming only their child; a correction keeps the original and a void keeps the entry; the
 * inspector's records and the family export hold the doses; closing the account keeps the log without the child.
 */
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { classSections, students } from '../src/db/schema.ts';
import type { PendingPush } from '../src/ports.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { catchPushes, makeClassroom } from './support/classroom.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

// Friday, November 20, 2026, 10:00 am in Redwood City: the morning program is in class.
const MORNING = '2026-11-20T18:00:00Z';

type Dose = {
  id: string;
  studentId: string | null;
  childName: string;
  medication: string;
  dose: string;
  givenBy: string;
  replacesId: string | null;
  reason: string | null;
  supersededAt: string | null;
  voidedAt: string | null;
  correctable: boolean;
  authorization: { signedBy: string; version: number };
};
type Log = {
  children: Array<{
    studentId: string;
    firstName: string;
    refusal: string | null;
    authorization: { signedBy: string; answers: Array<{ label: string; answer: string | boolean }> } | null;
  }>;
  doses: Dose[];
};

const medicalForm = (programId: number) => ({
  programId,
  kind: 'MedicalAuthorization',
  scope: 'Child',
  requirement: 'Warning',
  titleEn: 'Medication authorization',
  titleEs: 'Autorización de medicinas',
  bodyEn: '<p>You authorize our staff to give your child the medicine named below, as written.</p>',
  bodyEs:
    '<p>Autoriza a nuestro personal a darle a su hijo o hija la medicina indicada, como está escrita.</p>',
  fields: [
    { type: 'ShortText', labelEn: 'Medicine', labelEs: 'Medicina', required: true },
    { type: 'ShortText', labelEn: 'Dose', labelEs: 'Dosis', required: true },
    { type: 'ShortText', labelEn: 'When to give it', labelEs: 'Cuándo darla', required: false },
  ],
});

describe.each(dbKinds)('the medication log on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let director: Family;
  let teacher: Family;
  let otherTeacher: Family;
  let helper: Family;
  let chen: Family;
  let chenPartner: Family;
  let okafor: Family;
  let program: number;
  let acorn: number;
  let formId: string;
  let keys: string[];
  let ava: string;
  let ben: string;
  let first: Dose;
  const pushes: PendingPush[] = [];

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const ok = async (token: string | null, method: string, url: string, payload?: object, status = 200) => {
    const res = await as(token, method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const dose = (over: object = {}) => ({
    classSessionId: acorn,
    studentId: ava,
    medication: 'Albuterol inhaler',
    dose: '2 puffs',
    givenAt: '2026-11-20T09:45',
    note: 'Wheezing after running outside; calm again within ten minutes.',
    ...over,
  });
  const count = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from medication_doses`))[0]!
      .n;
  const audits = async () =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_events where action like 'medication.%'`,
      )
    )[0]!.n;
  const sign = (f: Family, name: string, version = 1) =>
    ok(
      f.token,
      'POST',
      `/api/Forms/${formId}/Sign`,
      {
        studentId: ava,
        version,
        answers: { [keys[0]!]: 'Albuterol inhaler', [keys[1]!]: '2 puffs', [keys[2]!]: 'If she wheezes' },
        consent: true,
        signerName: name,
      },
      201,
    );

  beforeAll(async () => {
    clock = movableClock(MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    const [p] = await t.database.db
      .insert(classSections)
      .values({ name: 'Morning Preschool' })
      .returning({ id: classSections.id });
    program = p!.id;
    let helpers: Family[];
    ({ director, teacher, helpers, otherTeacher, acorn, chen, chenPartner, okafor, ava } =
      await makeClassroom(t, a, {
        program,
        acornHelpers: ['Nguyen'],
      }));
    helper = helpers[0]!;
    ben = okafor.childIds[0]!;
    await t.database.db.update(students).set({ firstName: 'Ben' }).where(eq(students.id, ben));
    const created = await ok(director.token, 'POST', '/api/staff/forms', medicalForm(program), 201);
    formId = created.id;
    keys = created.draft.fields.map((f: { key: string }) => f.key);
    await ok(director.token, 'POST', `/api/staff/forms/${formId}/publish`);
    await catchPushes(t, [chen, chenPartner, okafor], pushes);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a dose for a child without a signed authorization, with the sentence the page shows', async () => {
    const log = (await ok(teacher.token, 'GET', `/api/staff/sessions/${acorn}/medication`)) as Log;
    const row = log.children.find((c) => c.studentId === ava)!;
    expect(row.authorization).toBeNull();
    expect(row.refusal).toBe(
      'Ava has no signed medication authorization. Ask a parent to sign it in the portal before giving medicine.',
    );
    const res = await as(teacher.token, 'POST', '/api/staff/medication', dose());
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.studentId).toBe(
      'Ava has no signed medication authorization. Ask a parent to sign it in the portal before giving medicine.',
    );
    expect(await count()).toBe(0);
  });

  it('staff routes: anonymous 401, a parent 403, a teacher of another room 404, nothing written or shown', async () => {
    expect((await as(null, 'GET', `/api/staff/sessions/${acorn}/medication`)).statusCode).toBe(401);
    expect((await as(chen.token, 'GET', `/api/staff/sessions/${acorn}/medication`)).statusCode).toBe(403);
    const other = await as(otherTeacher.token, 'GET', `/api/staff/sessions/${acorn}/medication`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Ava');
    expect((await as(null, 'POST', '/api/staff/medication', dose())).statusCode).toBe(401);
    expect((await as(chen.token, 'POST', '/api/staff/medication', dose())).statusCode).toBe(403);
    expect((await as(otherTeacher.token, 'POST', '/api/staff/medication', dose())).statusCode).toBe(404);
    expect((await as(director.token, 'GET', `/api/staff/sessions/${acorn}/medication`)).statusCode).toBe(200);
    expect(await count()).toBe(0);
  });

  it('logs a dose under the signed authorization and shows the teacher what the parent filled in', async () => {
    await sign(chen, 'Chen Family');
    const log = (await ok(teacher.token, 'GET', `/api/staff/sessions/${acorn}/medication`)) as Log;
    const row = log.children.find((c) => c.studentId === ava)!;
    expect(row.refusal).toBeNull();
    expect(row.authorization).toMatchObject({ signedBy: 'Chen Family' });
    expect(row.authorization!.answers).toEqual([
      { label: 'Medicine', answer: 'Albuterol inhaler' },
      { label: 'Dose', answer: '2 puffs' },
      { label: 'When to give it', answer: 'If she wheezes' },
    ]);
    // Ben's family has not signed: his row says so.
    expect(log.children.find((c) => c.studentId === ben)!.refusal).toContain('Ben has no signed');
    // A child of another room, a time to come.
    expect(
      (await as(teacher.token, 'POST', '/api/staff/medication', dose({ studentId: 'nope' }))).statusCode,
    ).toBe(400);
    const future = await as(
      teacher.token,
      'POST',
      '/api/staff/medication',
      dose({ givenAt: '2026-11-20T10:30' }),
    );
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().fields)).toEqual(['givenAt']);
    pushes.length = 0;
    const key = '0f8e7a9c-5d1b-4c39-9a8e-2b7f6c1d4e55';
    first = await ok(teacher.token, 'POST', '/api/staff/medication', dose({ clientKey: key }), 201);
    expect(first).toMatchObject({
      childName: 'Ava Chen',
      medication: 'Albuterol inhaler',
      dose: '2 puffs',
      givenBy: 'Rivera Family',
      correctable: true,
      authorization: { signedBy: 'Chen Family', version: 1 },
    });
    // A double submit with the same key: the same dose, nothing new, nobody told twice.
    const again = await ok(teacher.token, 'POST', '/api/staff/medication', dose({ clientKey: key }), 201);
    expect(again.id).toBe(first.id);
    expect(await count()).toBe(1);
    expect(await audits()).toBe(1);
    await t.flush();
    const mails = (await t.mails()).filter((m) => m.subject.includes('was given Albuterol inhaler'));
    expect(mails.map((m) => m.to).sort()).toEqual([chen.email, chenPartner.email].sort());
    expect(mails[0]!.subject).toBe('Ava was given Albuterol inhaler at Bright Oak Learning Center');
    expect(mails[0]!.text).toContain('2 puffs');
    expect(mails[0]!.text).toContain(`/dashboard/children/${ava}/medication`);
    expect(mails.some((m) => m.to === okafor.email)).toBe(false);
    await t.ctx.work.idle();
    expect(pushes.map((p) => p.userId).sort()).toEqual([chen.userId, chenPartner.userId].sort());
    expect(pushes[0]!.payload.title).toBe('Ava was given medicine');
    expect(JSON.stringify(pushes)).not.toContain('Ben');
  });

  it('the family reads its child’s log (parent and co-parent); another family gets 404', async () => {
    for (const f of [chen, chenPartner]) {
      const mine = await ok(f.token, 'GET', `/api/Student/${ava}/Medication`);
      expect(mine.firstName).toBe('Ava');
      expect(mine.doses).toHaveLength(1);
      expect(mine.doses[0]).toMatchObject({ medication: 'Albuterol inhaler', givenBy: 'Rivera Family' });
    }
    const other = await as(okafor.token, 'GET', `/api/Student/${ava}/Medication`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Albuterol');
    expect((await as(null, 'GET', `/api/Student/${ava}/Medication`)).statusCode).toBe(401);
    expect((await as(okafor.token, 'GET', `/api/Student/${ben}/Medication`)).json().doses).toEqual([]);
  });

  it('a correction keeps the original; only the giver or the director changes an entry; a void keeps it too', async () => {
    const body = { ...dose(), dose: '1 puff', reason: 'I wrote two puffs; she had one.' };
    const url = `/api/staff/medication/${first.id}/correct`;
    expect((await as(null, 'POST', url, body)).statusCode).toBe(401);
    expect((await as(chen.token, 'POST', url, body)).statusCode).toBe(403);
    expect((await as(otherTeacher.token, 'POST', url, body)).statusCode).toBe(404);
    // Another teacher of the same room reads it but may not change it.
    expect((await as(helper.token, 'POST', url, body)).statusCode).toBe(403);
    expect(await count()).toBe(1);
    const corrected = (await ok(teacher.token, 'POST', url, body)) as Dose;
    expect(corrected).toMatchObject({ dose: '1 puff', replacesId: first.id, reason: body.reason });
    expect((await as(teacher.token, 'POST', url, body)).statusCode).toBe(409);
    const log = (await ok(director.token, 'GET', `/api/staff/sessions/${acorn}/medication`)) as Log;
    const original = log.doses.find((d) => d.id === first.id)!;
    expect(original).toMatchObject({ dose: '2 puffs', correctable: false });
    expect(original.supersededAt).not.toBeNull();
    expect(log.doses).toHaveLength(2);
    // The family sees the corrected entry only, marked corrected.
    const family = await ok(chen.token, 'GET', `/api/Student/${ava}/Medication`);
    expect(family.doses).toHaveLength(1);
    expect(family.doses[0]).toMatchObject({ dose: '1 puff', corrected: true });
    // The director voids it: kept, with the reason.
    const voidUrl = `/api/staff/medication/${corrected.id}/void`;
    for (const [token, status] of [
      [null, 401],
      [chen.token, 403],
      [otherTeacher.token, 404],
      [helper.token, 403],
    ] as const) {
      const res = await as(token, 'POST', voidUrl, { reason: 'Wrong child.' });
      expect(res.statusCode).toBe(status);
      expect(res.body).not.toContain('Albuterol');
    }
    const [still] = await queryRows<{ voided_at: Date | null }>(
      t.database.db,
      sql`select voided_at from medication_doses where id = ${corrected.id}`,
    );
    expect(still!.voided_at).toBeNull();
    const voided = await ok(director.token, 'POST', voidUrl, { reason: 'Logged for the wrong day.' });
    expect(voided.voidReason).toBe('Logged for the wrong day.');
    expect(await count()).toBe(2);
    expect((await ok(chen.token, 'GET', `/api/Student/${ava}/Medication`)).doses[0].voidReason).toBe(
      'Logged for the wrong day.',
    );
    const actions = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where action like 'medication.%'`,
    );
    expect(actions.map((r) => r.action).sort()).toEqual([
      'medication.correct',
      'medication.give',
      'medication.void',
    ]);
  });

  it('a new version of the authorization refuses doses until a parent signs it', async () => {
    await ok(director.token, 'PUT', `/api/staff/forms/${formId}`, {
      ...medicalForm(program),
      bodyEn: '<p>You authorize our staff to give the medicine below, as written, for this school year.</p>',
      fields: medicalForm(program).fields.map((f, i) => ({ ...f, key: keys[i] })),
    });
    await ok(director.token, 'POST', `/api/staff/forms/${formId}/publish`);
    const before = await count();
    const refused = await as(
      director.token,
      'POST',
      '/api/staff/medication',
      dose({ givenAt: '2026-11-20T09:55' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.studentId).toContain('older version');
    expect(await count()).toBe(before);
    // The co-parent signs the new version: doses are logged again.
    await sign(chenPartner, 'Partner Family', 2);
    const given = await ok(
      director.token,
      'POST',
      '/api/staff/medication',
      dose({ givenAt: '2026-11-20T09:55' }),
      201,
    );
    expect(given.authorization).toMatchObject({ signedBy: 'Partner Family', version: 2 });
  });

  it('the inspector’s records list each day’s doses with the authorization; the export holds them', async () => {
    const inspection = await ok(
      director.token,
      'GET',
      `/api/staff/inspection/${acorn}?from=2026-11-16&to=2026-11-20`,
    );
    const friday = inspection.days.find((d: { day: string }) => d.day === '2026-11-20');
    expect(
      friday.medication.map((m: { dose: string; voidReason: string | null; authorizedBy: string }) => [
        m.dose,
        m.voidReason,
        m.authorizedBy,
      ]),
    ).toEqual([
      ['1 puff', 'Logged for the wrong day.', 'Chen Family'],
      ['2 puffs', null, 'Partner Family'],
    ]);
    const thursday = inspection.days.find((d: { day: string }) => d.day === '2026-11-19');
    expect(thursday.medication).toEqual([]);
    const zip = await t.app.inject({
      method: 'GET',
      url: '/api/Family/Export',
      headers: { authorization: `Bearer ${chen.token}` },
    });
    expect(zip.statusCode, zip.body.slice(0, 300)).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const csv = strFromU8(files['medication.csv']!);
    expect(csv.split('\n')[0]).toContain('medication');
    expect(csv).toContain('Albuterol inhaler');
    expect(csv).toContain('Partner Family');
    const okaforZip = await t.app.inject({
      method: 'GET',
      url: '/api/Family/Export',
      headers: { authorization: `Bearer ${okafor.token}` },
    });
    expect(strFromU8(unzipSync(new Uint8Array(okaforZip.rawPayload))['medication.csv']!)).not.toContain(
      'Albuterol',
    );
  });

  it('erasing the child (account closure) keeps the log for licensing, with the names as logged', async () => {
    // What closing the account does to the child's rows (family/close-account.ts), without its preconditions.
    await t.database.db.execute(sql`delete from class_session_enrollments where student_id = ${ava}`);
    await t.database.db.execute(sql`delete from students where id = ${ava}`);
    const rows = await queryRows<{
      student_id: string | null;
      form_signature_id: string | null;
      child_name: string;
    }>(t.database.db, sql`select student_id, form_signature_id, child_name from medication_doses`);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.student_id === null && r.form_signature_id === null)).toBe(true);
    expect(new Set(rows.map((r) => r.child_name))).toEqual(new Set(['Ava Chen']));
    const inspection = await ok(
      director.token,
      'GET',
      `/api/staff/inspection/${acorn}?from=2026-11-20&to=2026-11-20`,
    );
    expect(inspection.days[0].medication).toHaveLength(2);
  });
});
