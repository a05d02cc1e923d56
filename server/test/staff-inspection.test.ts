/**
 * An inspector's visit (issue 26, decision 039) at the Acorn and Maple Rooms (support/passes-staff-app.ts): only
 * the director reads a session's records or their PDF, and reading changes nothing; the page's records are the
 * door's: each day the session meets in the range, a closed day said as closed, who brought each child and
 * when, who took them and when; the PDF says the same in the reader's language; a bad range is told by its
 * field and an unknown session is 404. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { Inspection } from '@lc/contract';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { classSections, classSessions, closures } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { EVERYONE, passesStaffApp, statusFor } from './support/passes-staff-app.ts';

const textOf = async (pdf: Buffer | string) =>
  (await extractText(new Uint8Array(Buffer.from(pdf as Buffer)), { mergePages: true })).text.replace(
    /\s+/g,
    ' ',
  );

describe.each(dbKinds)('an inspector’s records on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, counts, record, token } = desk;
  const url = (classSessionId: number, query = 'from=2026-11-16&to=2026-11-22') =>
    `/api/staff/inspection/${classSessionId}?${query}`;
  const pdfUrl = (classSessionId: number, query = 'from=2026-11-16&to=2026-11-22') =>
    `/api/staff/inspection/${classSessionId}/pdf?${query}`;
  const pdf = (language: string) =>
    desk.t.app.inject({
      method: 'GET',
      url: pdfUrl(desk.acorn),
      headers: { 'accept-language': language, authorization: `Bearer ${desk.admin.token}` },
    });

  it('answers the director only, for the page and the PDF, and changes nothing (role × route)', async () => {
    desk.clock.set('2026-11-20T16:05:00Z');
    const before = await counts();
    for (const path of [url(desk.acorn), pdfUrl(desk.acorn)]) {
      for (const who of EVERYONE) {
        const res = await as(token(who), 'GET', path);
        // The assigned teacher's own room is still refused: the records hold the staff's and every child's.
        expect(res.statusCode, `${who} ${path}`).toBe(
          statusFor(who, 200, { 'teacher assigned': 403, 'teacher not assigned': 403 }),
        );
        if (res.statusCode !== 200) expect(res.body, who).not.toMatch(/Rivera|Acorn/);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('lists the days the room meets with who brought and took each child, and a closed day as closed', async () => {
    await desk.t.database.db.insert(closures).values({
      startsOn: '2026-11-17',
      endsOn: '2026-11-17',
      classSessionId: null,
      kind: 'Closed',
      reason: 'Teacher training day',
    });
    desk.clock.set('2026-11-20T16:31:00Z'); // 8:31 am: Rosa brings both children
    for (const studentId of [desk.ava, desk.ben]) {
      const res = await record(desk.teacher.token, {
        studentId,
        classSessionId: desk.acorn,
        kind: 'CheckIn',
        trusteeId: desk.rosa,
      });
      expect(res.statusCode).toBe(201);
    }
    desk.clock.set('2026-11-20T20:32:00Z'); // 12:32 pm: Rosa takes Ava home; Ben stays
    await desk.t.ctx.work.idle();
    expect(
      (
        await record(desk.teacher.token, {
          studentId: desk.ava,
          classSessionId: desk.acorn,
          kind: 'CheckOut',
          trusteeId: desk.rosa,
        })
      ).statusCode,
    ).toBe(201);

    const res = await as(desk.admin.token, 'GET', url(desk.acorn));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const records = res.json() as Inspection;
    expect(records.session).toMatchObject({
      classSessionId: desk.acorn,
      name: 'Acorn Room',
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      teachers: ['Teacher Family'],
    });
    expect(records.children.map((c) => [c.firstName, c.allergies, c.withdrawnAt])).toEqual([
      ['Ava', ['Peanuts'], null],
      ['Ben', [], null],
    ]);
    // Monday to Friday of the week; Saturday and Sunday are not meeting days.
    expect(records.days.map((d) => d.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    const day = (d: string) => records.days.find((x) => x.day === d)!;
    expect(day('2026-11-17').closure).toEqual({
      kind: 'Closed',
      dismissAt: null,
      reason: 'Teacher training day',
    });
    expect(day('2026-11-16')).toEqual({
      day: '2026-11-16',
      closure: null,
      attendance: [],
      staff: [],
      ratio: { points: [], minutesOver: 0 },
      medication: [],
    });
    // Friday: nobody clocked in to the room, so each drop-off put it over its ratio until Ava went home and
    // after (decision 038); 8:31 am to 12:32 pm is 241 minutes.
    expect(day('2026-11-20').ratio.points.map((p) => [p.children, p.adults, p.required, p.state])).toEqual([
      [1, 0, 1, 'over'],
      [2, 0, 1, 'over'],
      [1, 0, 1, 'over'],
    ]);
    expect(day('2026-11-20').ratio.minutesOver).toBe(241);
    expect(records.session.childrenPerAdult).toBe(12);
    // No program requirement or form applies to the test's room; its teacher has no certification on file.
    expect(records.children.map((c) => [c.health, c.forms])).toEqual([
      [{ complete: true, items: [] }, []],
      [{ complete: true, items: [] }, []],
    ]);
    expect(records.staff).toEqual([{ name: 'Teacher Family', certifications: [] }]);
    expect(day('2026-11-19').attendance).toEqual([
      {
        studentId: desk.ava,
        arrivedAt: '2026-11-19T16:40:00.000Z',
        broughtBy: 'Rivera Family',
        leftAt: null,
        pickedUpBy: null,
      },
    ]);
    expect(day('2026-11-20').attendance).toEqual([
      {
        studentId: desk.ava,
        arrivedAt: '2026-11-20T16:31:00.000Z',
        broughtBy: 'Rosa Contact',
        leftAt: '2026-11-20T20:32:00.000Z',
        pickedUpBy: 'Rosa Contact',
      },
      {
        studentId: desk.ben,
        arrivedAt: '2026-11-20T16:31:00.000Z',
        broughtBy: 'Rosa Contact',
        leftAt: null,
        pickedUpBy: null,
      },
    ]);
    // The Maple Room's child is on the Maple Room's records only.
    expect(JSON.stringify(records)).not.toContain('Lindqvist');
  });

  it('holds the room’s incident reports with each family’s signature, and not another room’s', async () => {
    const report = (classSessionId: number, studentId: string, place: string, who = desk.teacher.token) =>
      as(who, 'POST', '/api/staff/incidents', {
        classSessionId,
        occurredAt: '2026-11-20T10:15',
        place,
        kind: 'Injury',
        whatHappened: 'Slipped on the wet step coming in from the garden and scraped a knee.',
        firstAid: 'Washed and bandaged the knee; an ice pack for ten minutes.',
        witnesses: 'Ms. Teacher',
        children: [{ studentId }],
      });
    const acornReport = await report(desk.acorn, desk.ava, 'Garden steps');
    expect(acornReport.statusCode, acornReport.body).toBe(201);
    const mapleReport = await report(
      desk.maple,
      desk.lindqvist.childIds[0]!,
      'Maple reading nook',
      desk.otherTeacher.token,
    );
    expect(mapleReport.statusCode, mapleReport.body).toBe(201);
    const id = acornReport.json().id as string;
    const copy = (await as(desk.rivera.token, 'GET', `/api/Incidents/${id}`)).json();
    const signed = await as(desk.rivera.token, 'POST', `/api/Incidents/${id}/Acknowledge`, {
      signedName: 'Rivera Family',
      consent: true,
      copySha256: copy.copySha256,
    });
    expect(signed.statusCode, signed.body).toBeLessThan(300);

    const records = (await as(desk.admin.token, 'GET', url(desk.acorn))).json() as Inspection;
    expect(records.incidents).toEqual([
      {
        id,
        occurredAt: '2026-11-20T18:15:00.000Z',
        place: 'Garden steps',
        kind: 'Injury',
        whatHappened: 'Slipped on the wet step coming in from the garden and scraped a knee.',
        firstAid: 'Washed and bandaged the knee; an ice pack for ten minutes.',
        witnesses: 'Ms. Teacher',
        urgent: false,
        reviewed: false,
        children: [{ name: 'Ava Rivera', signedBy: 'Rivera Family', signedAt: expect.any(String) }],
      },
    ]);
    expect(JSON.stringify(records)).not.toContain('Maple reading nook');
  });

  it('writes the same records in the PDF, in English and in Spanish', async () => {
    const english = await pdf('en');
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(
      'attachment; filename="inspection-acorn-room-2026-11-16-to-2026-11-22.pdf"',
    );
    const text = await textOf(english.rawPayload);
    for (const fact of [
      'Licensing records: Acorn Room',
      'From Monday, November 16, 2026 to Sunday, November 22, 2026',
      'Teachers: Teacher Family',
      '2 children',
      'Ava Rivera',
      'Peanuts',
      'The center was closed: Teacher training day.',
      'Friday, November 20, 2026',
      '8:31 AM Rosa Contact 12:32 PM Rosa Contact',
      'Ben Rivera 8:31 AM Rosa Contact Not checked out',
      'Monday, November 16, 2026 No one clocked in to this room. No ratio was recorded this day. No child was checked in.',
      'Licensing ratio: 12 children per adult',
      'Most children at once: 2; over ratio for 241 minutes.',
      'Over ratio at 8:31 AM: children 2, adults on duty 0, adults needed 1.',
      'Staff certifications',
      'Teacher Family No certification on file',
      'Incident reports',
      'Friday, November 20 at 10:15 AM: Injury, Garden steps',
      'First aid: Washed and bandaged the knee',
      'Ava Rivera: the family signed their copy (Rivera Family,',
      'Not reviewed by the director yet.',
    ])
      expect(text).toContain(fact);
    expect(text).not.toContain('Lindqvist');
    expect(text).not.toContain('Maple reading nook');

    const spanish = await textOf((await pdf('es')).rawPayload);
    for (const fact of [
      'Registros de licencia: Acorn Room',
      'El centro estuvo cerrado: Teacher training day.',
      'viernes, 20 de noviembre de 2026',
      'Sin registro de salida',
      'Informes de incidentes',
      'Lesión en Garden steps',
    ])
      expect(spanish).toContain(fact);
  });

  it('tells a bad range by its field, and answers 404 for a session that does not exist', async () => {
    const backwards = await as(desk.admin.token, 'GET', url(desk.acorn, 'from=2026-11-20&to=2026-11-16'));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ to: 'The last day must be on or after the first day.' });
    const long = await as(desk.admin.token, 'GET', url(desk.acorn, 'from=2026-01-01&to=2026-11-16'));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.to).toBe('An inspection covers at most 92 days; choose a shorter range.');
    for (const id of ['999999', 'abc']) {
      const res = await as(desk.admin.token, 'GET', `/api/staff/inspection/${id}`);
      expect(res.statusCode, id).toBe(id === 'abc' ? 400 : 404);
    }
  });

  it('covers the last seven days to today when the range is left out', async () => {
    desk.clock.set('2026-11-20T22:00:00Z');
    const res = await as(desk.admin.token, 'GET', `/api/staff/inspection/${desk.acorn}`);
    expect(res.statusCode).toBe(200);
    const records = res.json() as Inspection;
    expect([records.from, records.to]).toEqual(['2026-11-14', '2026-11-20']);
    expect(records.days.map((d) => d.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
  });

  it('holds the staff on duty with their certifications, the forms each child has signed and the health records missing', async () => {
    desk.clock.set('2026-11-20T22:00:00Z');
    const { db } = desk.t.database;
    const [program] = await db
      .insert(classSections)
      .values({ name: 'Morning Program' })
      .returning({ id: classSections.id });
    await db
      .update(classSessions)
      .set({ classSectionId: program!.id })
      .where(eq(classSessions.id, desk.acorn));
    const ok = async (who: string, method: string, path: string, body?: object, status = 200) => {
      const res = await as(who, method, path, body);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(status);
      return res.json();
    };
    // The program asks for immunizations (nobody has entered any) and a signed enrollment agreement.
    await ok(desk.admin.token, 'PUT', `/api/staff/programs/${program!.id}/health-requirements`, {
      requirements: [{ requirement: 'Immunizations', mode: 'Blocks', months: null }],
    });
    const form = await ok(
      desk.admin.token,
      'POST',
      '/api/staff/forms',
      {
        programId: program!.id,
        kind: 'EnrollmentAgreement',
        scope: 'Child',
        requirement: 'Blocking',
        titleEn: 'Enrollment agreement',
        titleEs: 'Acuerdo de inscripción',
        bodyEn: '<p>Hours are 8:30 to 12:30, Monday to Friday.</p>',
        bodyEs: '<p>El horario es de 8:30 a 12:30, de lunes a viernes.</p>',
        fields: [],
      },
      201,
    );
    await ok(desk.admin.token, 'POST', `/api/staff/forms/${form.id}/publish`);
    // Ava's parent signs for Ava; Ben's agreement is not signed.
    await ok(
      desk.rivera.token,
      'POST',
      `/api/Forms/${form.id}/Sign`,
      {
        studentId: desk.ava,
        version: 1,
        answers: {},
        consent: true,
        signerName: 'Rivera Family',
      },
      201,
    );
    // The teacher's CPR card, and Thursday's shift the director entered for a missed clock-in.
    await ok(
      desk.admin.token,
      'POST',
      `/api/staff/team/${desk.teacher.userId}/certifications`,
      { kind: 'Cpr', issuedOn: '2025-06-01', expiresOn: '2027-06-01' },
      201,
    );
    await ok(
      desk.admin.token,
      'POST',
      '/api/staff/duty/punches',
      {
        userId: desk.teacher.userId,
        classSessionId: desk.acorn,
        inAt: '2026-11-19T16:25:00.000Z',
        outAt: '2026-11-19T20:35:00.000Z',
        reason: 'Forgot to clock in at the tablet; on duty all morning.',
      },
      201,
    );

    const records = (await ok(desk.admin.token, 'GET', url(desk.acorn))) as Inspection;
    expect(records.session.programName).toBe('Morning Program');
    expect(records.forms).toEqual([
      { formId: form.id, title: 'Enrollment agreement', version: 1, requirement: 'Blocking' },
    ]);
    const child = (studentId: string) => records.children.find((c) => c.studentId === studentId)!;
    expect(child(desk.ava).forms).toEqual([
      { formId: form.id, status: 'Signed', signedVersion: 1, signedAt: '2026-11-20T22:00:00.000Z' },
    ]);
    expect(child(desk.ben).forms.map((f) => [f.status, f.signedVersion, f.signedAt])).toEqual([
      ['NeedsSignature', null, null],
    ]);
    for (const studentId of [desk.ava, desk.ben]) {
      expect(child(studentId).health).toMatchObject({
        complete: false,
        items: [{ requirement: 'Immunizations', mode: 'Blocks', status: 'Missing' }],
      });
    }
    expect(records.staff).toEqual([
      {
        name: 'Teacher Family',
        certifications: [
          expect.objectContaining({ kind: 'Cpr', issuedOn: '2025-06-01', expiresOn: '2027-06-01' }),
        ],
      },
    ]);
    const thursday = records.days.find((d) => d.day === '2026-11-19')!;
    expect(thursday.staff).toEqual([
      { name: 'Teacher Family', inAt: '2026-11-19T16:25:00.000Z', outAt: '2026-11-19T20:35:00.000Z' },
    ]);
    expect(records.days.find((d) => d.day === '2026-11-18')!.staff).toEqual([]);
    // The PDF carries the same facts.
    const text = await textOf((await pdf('en-US')).rawPayload);
    expect(text).toContain('Enrollment agreement');
    expect(text).toContain('CPR');
    expect(text).toMatch(/Teacher Family/);
  });
});
