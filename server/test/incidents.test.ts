/**
 * Incident reports (issue 26, part 3; decision 037), on both databases: every access rule (anonymous, a parent,
 * another family, a co-parent, the teacher of the child, a teacher of another room, the director); the family's
 * copy names only its own child (in the API reply, the mail and the push payload); signing (the typed name,
 * the copy's hash, either parent once, the address and browser kept); the reporter's correction window; the
 * director's review and follow-ups; Today's counts; the session's reports for other domains; the export.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { students } from '../src/db/schema.ts';
import { familyData } from '../src/features/family/export.ts';
import { sessionIncidents } from '../src/features/incidents/incident-reads.ts';
import type { PendingPush } from '../src/ports.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { catchPushes, makeClassroom } from './support/classroom.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

// Friday, November 20, 2026, 10:00 am in Redwood City: the morning program is in class.
const MORNING = '2026-11-20T18:00:00Z';

type Staff = {
  id: string;
  place: string;
  whatHappened: string;
  children: Array<{ studentId: string | null; name: string; acknowledgement: { signerName: string } | null }>;
  correctable: boolean;
  reviewedAt: string | null;
  followUps: Array<{ body: string; shared: boolean }>;
};
type Copy = {
  id: string;
  children: Array<{ studentId: string; firstName: string; note: string }>;
  otherChildren: number;
  acknowledgement: { signerName: string; at: string; comment: string } | null;
  followUps: Array<{ body: string }>;
  copyText: string;
  copySha256: string;
};

describe.each(dbKinds)('incident reports on %s', (kind) => {
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
  let acorn: number;
  let ava: string;
  let ben: string;
  const pushes: PendingPush[] = [];

  const as = (token: string | null, method: string, url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const report = (over: object = {}) => ({
    classSessionId: acorn,
    occurredAt: '2026-11-20T09:40',
    place: 'Playground, by the slide',
    kind: 'Injury',
    whatHappened: 'Two children bumped heads while racing to the slide.',
    firstAid: 'Ice pack for ten minutes; both went back to play.',
    witnesses: 'Ms. Rivera',
    urgent: false,
    children: [
      { studentId: ava, note: 'A small bump above the left eyebrow.', parentCalled: true },
      { studentId: ben, note: 'A red mark on the forehead.', parentCalled: false },
    ],
    ...over,
  });
  const create = async (f: Family, body: object = report(), status = 201) => {
    const res = await as(f.token, 'POST', '/api/staff/incidents', body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as Staff;
  };
  const copyOf = async (f: Family, id: string, status = 200) => {
    const res = await as(f.token, 'GET', `/api/Incidents/${id}`);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as Copy;
  };
  const signIn = async () => {
    await t.ctx.work.idle();
    for (const f of [director, teacher, otherTeacher, chen, chenPartner, okafor, lee]) await a.signIn(f);
  };

  beforeAll(async () => {
    clock = movableClock(MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    ({ director, teacher, otherTeacher, acorn, chen, chenPartner, okafor, lee, ava } = await makeClassroom(
      t,
      a,
    ));
    ben = okafor.childIds[0]!;
    await t.database.db.update(students).set({ firstName: 'Ben' }).where(eq(students.id, ben));
    // Every parent has a phone with notifications on; the pushes are caught, not sent.
    await catchPushes(t, [chen, chenPartner, okafor, lee], pushes);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reporting: the session’s teacher and the director; another room 404, a parent 403, anonymous 401; children of the session only', async () => {
    expect((await as(null, 'POST', '/api/staff/incidents', report())).statusCode).toBe(401);
    expect((await as(chen.token, 'POST', '/api/staff/incidents', report())).statusCode).toBe(403);
    const other = await as(otherTeacher.token, 'POST', '/api/staff/incidents', report());
    expect(other.statusCode).toBe(404);
    // Lee's child is in another room.
    const wrong = await create(teacher, report({ children: [{ studentId: lee.childIds[0] }] }), 400);
    expect(JSON.stringify(wrong)).toContain('children');
    const future = await create(teacher, report({ occurredAt: '2026-11-20T11:30' }), 400);
    expect(JSON.stringify(future)).toContain('occurredAt');
    const none = await create(teacher, report({ children: [], place: '' }), 400);
    expect(JSON.stringify(none)).toContain('Choose at least one child who was involved.');
    expect((await queryRows(t.database.db, sql`select id from incidents`)).length).toBe(0);
  });

  it('the families are told at once, each naming only their own child (mail, push, copy); the staff see both', async () => {
    pushes.length = 0;
    const made = await create(teacher);
    expect(made.children.map((c) => c.name)).toEqual(['Ava Chen', 'Ben Okafor']);
    expect(made.correctable).toBe(true);
    await t.flush();
    const mails = (await t.mails()).filter((m) => m.subject.includes('incident report'));
    const to = (f: Family) => mails.filter((m) => m.to === f.email);
    for (const f of [chen, chenPartner]) {
      expect(to(f)).toHaveLength(1);
      expect(to(f)[0]!.subject).toContain('Ava');
      expect(to(f)[0]!.text).not.toContain('Ben');
      expect(to(f)[0]!.text).toContain(`/dashboard/incidents/${made.id}`);
    }
    expect(to(okafor)).toHaveLength(1);
    expect(to(okafor)[0]!.text).toContain('Ben');
    expect(to(okafor)[0]!.text).not.toContain('Ava');
    expect(to(lee)).toHaveLength(0);
    const pushOf = (f: Family) => pushes.filter((p) => p.userId === f.userId);
    expect(pushOf(chen)[0]!.payload.title).toBe('An incident report about Ava');
    expect(JSON.stringify(pushOf(chen))).not.toContain('Ben');
    expect(JSON.stringify(pushOf(okafor))).not.toContain('Ava');
    expect(pushOf(lee)).toHaveLength(0);

    const chenCopy = await copyOf(chen, made.id);
    expect(chenCopy.children.map((c) => c.firstName)).toEqual(['Ava']);
    expect(chenCopy.otherChildren).toBe(1);
    expect(JSON.stringify(chenCopy)).not.toContain('Ben');
    expect(JSON.stringify(chenCopy)).not.toContain('forehead');
    expect(chenCopy.copyText).toContain('Another child was also involved.');
    expect(chenCopy.copySha256).toBe(createHash('sha256').update(chenCopy.copyText).digest('hex'));
    const okaforCopy = await copyOf(okafor, made.id);
    expect(JSON.stringify(okaforCopy)).not.toContain('Ava');
    expect(JSON.stringify(okaforCopy)).not.toContain('eyebrow');
    // Spanish for a parent whose browser reads Spanish.
    const es = await as(chen.token, 'GET', `/api/Incidents/${made.id}`, undefined, {
      'accept-language': 'es',
    });
    expect(es.json().copyText).toContain('También estuvo involucrado otro niño.');

    await copyOf(chenPartner, made.id);
    for (const f of [lee, director, teacher]) {
      const res = await as(f.token, 'GET', `/api/Incidents/${made.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('slide');
    }
    expect((await as(null, 'GET', `/api/Incidents/${made.id}`)).statusCode).toBe(401);
    const list = (await as(chen.token, 'GET', '/api/Incidents')).json();
    expect(list.incidents).toEqual([
      expect.objectContaining({ id: made.id, childNames: ['Ava'], acknowledged: false }),
    ]);
    expect((await as(lee.token, 'GET', '/api/Incidents')).json().incidents).toEqual([]);

    // Staff: the child's teacher and the director; another room 404, a parent 403, anonymous 401.
    for (const f of [teacher, director])
      expect((await as(f.token, 'GET', `/api/staff/incidents/${made.id}`)).statusCode).toBe(200);
    expect((await as(otherTeacher.token, 'GET', `/api/staff/incidents/${made.id}`)).statusCode).toBe(404);
    expect((await as(otherTeacher.token, 'GET', '/api/staff/incidents')).json().total).toBe(0);
    expect((await as(chen.token, 'GET', `/api/staff/incidents/${made.id}`)).statusCode).toBe(403);
    expect((await as(null, 'GET', `/api/staff/incidents/${made.id}`)).statusCode).toBe(401);
    expect((await as(teacher.token, 'GET', '/api/staff/incidents/not-an-id')).statusCode).toBe(404);
  });

  it('signing: the account holder’s name, the copy read, either parent once; address, browser and hash kept', async () => {
    const made = await create(teacher, report({ occurredAt: '2026-11-20T09:50', place: 'Art table' }));
    const copy = await copyOf(chenPartner, made.id);
    const sign = (f: Family, body: object) =>
      as(f.token, 'POST', `/api/Incidents/${made.id}/Acknowledge`, body, {
        'user-agent': 'PhoneBrowser/1.0',
      });
    const wrongName = await sign(chenPartner, {
      signedName: 'Someone Else',
      consent: true,
      copySha256: copy.copySha256,
    });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().fields.signedName).toContain('Partner Family');
    const noConsent = await sign(chenPartner, {
      signedName: 'Partner Family',
      consent: false,
      copySha256: copy.copySha256,
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fields.consent).toBeTruthy();
    const stale = await sign(chenPartner, {
      signedName: 'partner  family',
      consent: true,
      copySha256: 'a'.repeat(64),
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await sign(lee, { signedName: 'Lee Family', consent: true, copySha256: copy.copySha256 })).statusCode,
    ).toBe(404);
    const ok = await sign(chenPartner, {
      signedName: 'partner  family',
      consent: true,
      comment: 'Thank you. Should we watch for anything tonight?',
      copySha256: copy.copySha256,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().acknowledgement.signerName).toBe('Partner Family');
    // The other parent sees who signed and when, and cannot sign again.
    const seen = await copyOf(chen, made.id);
    expect(seen.acknowledgement).toEqual(
      expect.objectContaining({
        signerName: 'Partner Family',
        comment: 'Thank you. Should we watch for anything tonight?',
      }),
    );
    expect(
      (await sign(chen, { signedName: 'Chen Family', consent: true, copySha256: seen.copySha256 }))
        .statusCode,
    ).toBe(409);
    const [kept] = await queryRows<{
      ip: string;
      user_agent: string;
      copy_sha256: string;
      copy_text: string;
    }>(
      t.database.db,
      (await import('drizzle-orm'))
        .sql`select ip, user_agent, copy_sha256, copy_text from incident_acknowledgements
        where incident_id = ${made.id}`,
    );
    expect(kept!.user_agent).toBe('PhoneBrowser/1.0');
    expect(kept!.ip).toBeTruthy();
    expect(kept!.copy_text).toBe(copy.copyText);
    expect(kept!.copy_sha256).toBe(createHash('sha256').update(copy.copyText).digest('hex'));
    // Each family's list says whether that family signed: the Okafors have signed nothing.
    const okaforList = (await as(okafor.token, 'GET', '/api/Incidents')).json().incidents as Array<{
      id: string;
      acknowledged: boolean;
    }>;
    expect(okaforList.map((i) => i.acknowledged)).toEqual([false, false]);
    const chenList = (await as(chen.token, 'GET', '/api/Incidents')).json().incidents as Array<{
      id: string;
      acknowledged: boolean;
    }>;
    expect(chenList.find((i) => i.id === made.id)?.acknowledged).toBe(true);
    expect(chenList.filter((i) => i.id !== made.id).map((i) => i.acknowledged)).toEqual([false]);
    // The staff see Ava's family signed, Ben's not yet; the teacher can no longer correct it.
    const staff = (await as(teacher.token, 'GET', `/api/staff/incidents/${made.id}`)).json() as Staff;
    expect(staff.children.map((c) => c.acknowledgement?.signerName ?? null)).toEqual([
      'Partner Family',
      null,
    ]);
    expect(staff.correctable).toBe(false);
    const fix = await as(teacher.token, 'PATCH', `/api/staff/incidents/${made.id}`, {
      ...report(),
      classSessionId: undefined,
    });
    expect(fix.statusCode).toBe(403);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      (await import('drizzle-orm'))
        .sql`select action from audit_events where entity_id = ${made.id} order by at`,
    );
    expect(audit.map((r) => r.action)).toEqual(['incident.report', 'incident.acknowledge']);
  });

  it('correcting: the reporter within 30 minutes, audited; not another teacher or after the window; never after the review', async () => {
    const made = await create(
      teacher,
      report({ occurredAt: '2026-11-20T09:55', children: [{ studentId: ava }] }),
    );
    const body = {
      ...report({ place: 'Garden path', children: [{ studentId: ava }, { studentId: ben }] }),
    } as Record<string, unknown>;
    delete body.classSessionId;
    expect((await as(otherTeacher.token, 'PATCH', `/api/staff/incidents/${made.id}`, body)).statusCode).toBe(
      404,
    );
    expect((await as(director.token, 'PATCH', `/api/staff/incidents/${made.id}`, body)).statusCode).toBe(403);
    const fixed = await as(teacher.token, 'PATCH', `/api/staff/incidents/${made.id}`, body);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().place).toBe('Garden path');
    // Ben, added by the correction, has his family told.
    await t.flush();
    expect(
      (await t.mails()).filter((m) => m.to === okafor.email && m.subject.includes('incident')),
    ).toHaveLength(3);
    const [audit] = await queryRows<{ before: { place: string }; after: { place: string } }>(
      t.database.db,
      (await import('drizzle-orm'))
        .sql`select before, after from audit_events where action = 'incident.correct' and entity_id = ${made.id}`,
    );
    expect([audit!.before.place, audit!.after.place]).toEqual(['Playground, by the slide', 'Garden path']);
    // Ava was listed by mistake: a second correction takes her out. Her family is told, with no link to a
    // report that is no longer theirs, and their copy is gone; Ben's family hears nothing new.
    const okaforMails = (await t.mails()).filter((m) => m.to === okafor.email).length;
    const withoutAva = { ...body, children: [{ studentId: ben }] };
    const taken = await as(teacher.token, 'PATCH', `/api/staff/incidents/${made.id}`, withoutAva);
    expect(taken.statusCode, taken.body).toBe(200);
    await t.flush();
    const removal = (await t.mails()).filter(
      (m) => m.to === chen.email && m.subject === 'A correction to an incident report about Ava',
    );
    expect(removal).toHaveLength(1);
    expect(removal[0]!.text).toContain('it does not involve Ava after all');
    expect(removal[0]!.text).not.toContain(made.id);
    expect(removal[0]!.text).not.toContain('Ben');
    expect((await t.mails()).filter((m) => m.to === okafor.email)).toHaveLength(okaforMails);
    await copyOf(chen, made.id, 404);
    clock.advanceMinutes(31);
    await signIn();
    expect((await as(teacher.token, 'PATCH', `/api/staff/incidents/${made.id}`, body)).statusCode).toBe(403);
    // The director reviews; the teacher may not; nothing changes it after.
    expect((await as(teacher.token, 'POST', `/api/staff/incidents/${made.id}/review`)).statusCode).toBe(403);
    expect((await as(otherTeacher.token, 'POST', `/api/staff/incidents/${made.id}/review`)).statusCode).toBe(
      403,
    );
    const reviewed = await as(director.token, 'POST', `/api/staff/incidents/${made.id}/review`);
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().reviewedBy).toEqual({ firstName: 'Director', lastName: 'Family' });
    expect((await as(director.token, 'POST', `/api/staff/incidents/${made.id}/review`)).statusCode).toBe(409);
    expect((await as(teacher.token, 'PATCH', `/api/staff/incidents/${made.id}`, body)).statusCode).toBe(409);
  });

  it('follow-ups: the director’s; a shared one reaches the families (naming only their child); a private one does not', async () => {
    const made = await create(teacher, report({ occurredAt: '2026-11-20T10:05' }));
    const url = `/api/staff/incidents/${made.id}/follow-ups`;
    expect((await as(teacher.token, 'POST', url, { body: 'x' })).statusCode).toBe(403);
    expect((await as(chen.token, 'POST', url, { body: 'x' })).statusCode).toBe(403);
    await t.flush();
    const before = (await t.mails()).length;
    pushes.length = 0;
    const quiet = await as(director.token, 'POST', url, {
      body: 'Spoke with both teachers about the slide line.',
    });
    expect(quiet.statusCode, quiet.body).toBe(201);
    clock.advanceMinutes(1);
    const shared = await as(director.token, 'POST', url, {
      body: 'We added a “wait your turn” line at the slide.',
      shareWithFamily: true,
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json().followUps.map((f: { shared: boolean }) => f.shared)).toEqual([false, true]);
    await t.flush();
    const sent = (await t.mails()).slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([chen.email, chenPartner.email, okafor.email].sort());
    expect(sent.find((m) => m.to === okafor.email)!.text).not.toContain('Ava');
    expect(pushes.map((p) => p.userId).sort()).toEqual(
      [chen.userId, chenPartner.userId, okafor.userId].sort(),
    );
    const copy = await copyOf(chen, made.id);
    expect(copy.followUps.map((f) => f.body)).toEqual(['We added a “wait your turn” line at the slide.']);
  });

  it('the list filters, Today’s counts, the session’s reports for other domains and the family’s export', async () => {
    const all = (await as(director.token, 'GET', '/api/staff/incidents')).json();
    expect(all.total).toBe(4);
    const waiting = (await as(director.token, 'GET', '/api/staff/incidents?filter=awaitingReview')).json();
    expect(waiting.total).toBe(3);
    const unsigned = (
      await as(teacher.token, 'GET', '/api/staff/incidents?filter=awaitingAcknowledgement')
    ).json();
    expect(unsigned.total).toBe(4);
    expect((await as(director.token, 'GET', '/api/staff/incidents?from=2026-11-21')).json().total).toBe(0);
    expect((await as(director.token, 'GET', '/api/staff/incidents?from=bad')).statusCode).toBe(400);
    const today = (await as(teacher.token, 'GET', '/api/staff/today')).json();
    expect(today.incidents).toEqual({ awaitingAcknowledgement: 4, awaitingReview: 3 });
    expect((await as(otherTeacher.token, 'GET', '/api/staff/today')).json().incidents).toEqual({
      awaitingAcknowledgement: 0,
      awaitingReview: 0,
    });
    const reports = await sessionIncidents(t.ctx.db, acorn, '2026-11-20', '2026-11-20');
    expect(reports.map((r) => r.occurredAt)).toEqual([...reports.map((r) => r.occurredAt)].sort());
    expect(reports).toHaveLength(4);
    expect(await sessionIncidents(t.ctx.db, acorn, '2026-11-21', '2026-11-30')).toEqual([]);
    const data = await familyData(t.ctx, okafor.userId);
    expect(data.incidents).toHaveLength(4);
    expect(JSON.stringify(data.incidents)).not.toContain('Ava');
    expect(String(data.incidents[0]!.copy)).toContain('Ben');
  });

  it('every staff route by role: anonymous 401, a parent 403, another room 404, the teacher and the director as their rights say', async () => {
    const made = await create(
      teacher,
      report({ occurredAt: '2026-11-20T10:20', children: [{ studentId: ben }] }),
    );
    const fix = { ...report({ children: [{ studentId: ben }] }), classSessionId: undefined };
    const routes: Array<[string, string, object | undefined, Record<string, number>]> = [
      ['GET', '/api/staff/incidents', undefined, { teacher: 200, director: 200, other: 200 }],
      ['GET', `/api/staff/incidents/${made.id}`, undefined, { teacher: 200, director: 200, other: 404 }],
      [
        'POST',
        '/api/staff/incidents',
        report({ occurredAt: '2026-11-20T10:21' }),
        { teacher: 201, director: 201, other: 404 },
      ],
      ['PATCH', `/api/staff/incidents/${made.id}`, fix, { teacher: 200, director: 403, other: 404 }],
      [
        'POST',
        `/api/staff/incidents/${made.id}/follow-ups`,
        { body: 'Called home.' },
        { teacher: 403, director: 201, other: 403 },
      ],
      [
        'POST',
        `/api/staff/incidents/${made.id}/review`,
        undefined,
        { teacher: 403, director: 200, other: 403 },
      ],
    ];
    for (const [method, url, body, expected] of routes) {
      expect((await as(null, method, url, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await as(okafor.token, method, url, body)).statusCode, `${method} ${url} parent`).toBe(403);
      for (const [who, f] of [
        ['other', otherTeacher],
        ['teacher', teacher],
        ['director', director],
      ] as const)
        expect((await as(f.token, method, url, body)).statusCode, `${method} ${url} ${who}`).toBe(
          expected[who],
        );
    }
  });

  it('both parents signing at once: one signature, the other told the family already signed (row lock and unique key)', async () => {
    const made = await create(
      teacher,
      report({ occurredAt: '2026-11-20T10:25', children: [{ studentId: ava }] }),
    );
    const copy = await copyOf(chen, made.id);
    const sign = (f: Family, name: string) =>
      as(f.token, 'POST', `/api/Incidents/${made.id}/Acknowledge`, {
        signedName: name,
        consent: true,
        copySha256: copy.copySha256,
      });
    const answers = await Promise.all([sign(chen, 'Chen Family'), sign(chenPartner, 'Partner Family')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from incident_acknowledgements where incident_id = ${made.id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('closing an account removes the family’s signatures; the center keeps the report and the child’s name', async () => {
    const leeChild = lee.childIds[0]!;
    const noSession = await create(
      otherTeacher,
      report({
        classSessionId: undefined,
        occurredAt: '2026-11-20T10:26',
        children: [{ studentId: leeChild }],
      }),
      400,
    );
    expect(JSON.stringify(noSession)).toContain('classSessionId');
    const [maple] = await queryRows<{ class_session_id: number }>(
      t.database.db,
      sql`select class_session_id from class_session_enrollments where student_id = ${leeChild}`,
    );
    const reported = await create(
      otherTeacher,
      report({
        classSessionId: maple!.class_session_id,
        occurredAt: '2026-11-20T10:26',
        children: [{ studentId: leeChild }],
      }),
    );
    const copy = await copyOf(lee, reported.id);
    const signed = await as(lee.token, 'POST', `/api/Incidents/${reported.id}/Acknowledge`, {
      signedName: 'Lee Family',
      consent: true,
      copySha256: copy.copySha256,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // The session is over for Lee's child, so the family may close its account.
    await t.database.db.execute(
      sql`update class_session_enrollments set status = 'Withdrawn' where student_id = ${leeChild}`,
    );
    const closed = await as(lee.token, 'POST', '/api/Family/Close', { password: 'a good long password' });
    expect(closed.statusCode, closed.body).toBe(204);
    const kept = (await as(director.token, 'GET', `/api/staff/incidents/${reported.id}`)).json() as Staff;
    expect(kept.whatHappened).toBe(report().whatHappened);
    expect(kept.children).toEqual([
      expect.objectContaining({ studentId: null, name: 'Ava Lee', acknowledgement: null }),
    ]);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from incident_acknowledgements where incident_id = ${reported.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
