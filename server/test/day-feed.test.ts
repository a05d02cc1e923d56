/**
 * The day's notes and photos (issue 25; decision 033), on both databases: every access rule (the family, a
 * co-parent, a co-parent who left, another family, the teacher of the child, a teacher of another room, a
 * teacher taken off the session, the director, anonymous); photo consent (the teacher's warning, the photo kept
 * from other families, consent granted later); photos cleaned of their metadata behind signed links; edits and
 * deletes (audited); meals and rest; the daily summary sent once; photos removed after the retention period on
 * the app clock.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/adapters/storage.ts';
import { queryRows } from '../src/db/client.ts';
import { attendance, sessionStaff, students } from '../src/db/schema.ts';
import { createTestApp, dbKinds, doorRecord, type TestApp } from './helpers.ts';
import { makeClassroom } from './support/classroom.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

// Friday, November 20, 2026, 10:00 am in Redwood City: the morning program is in class.
const MORNING = '2026-11-20T18:00:00Z';
const TODAY = '2026-11-20';

type Post = {
  id: string;
  kind: string;
  body: string;
  children: Array<{ studentId: string; firstName: string }>;
  photos: Array<{ id: string; url: string; downloadUrl: string; width: number; height: number }>;
  editable: boolean;
};
type Feed = {
  firstName: string;
  consent: string;
  days: Array<{
    day: string;
    checkIn: { at: string; adultName: string | null } | null;
    care: { lunch: string | null; restFrom: number | null } | null;
    posts: Post[];
  }>;
};

describe.each(dbKinds)('the day’s feed on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let director: Family;
  let teacher: Family;
  let coTeacher: Family;
  let otherTeacher: Family;
  let chen: Family;
  let chenPartner: Family;
  let okafor: Family;
  let lee: Family;
  let acorn: number;
  let ava: string;
  let ben: string;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const day = `/api/staff/sessions/${0}/day`;
  const dayOf = (id: number) => day.replace('/0/', `/${id}/`);
  const post = async (f: Family, body: object, status = 201) => {
    const res = await as(f.token, 'POST', `${dayOf(acorn)}/posts`, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as Post & { message?: string; params?: { names: string } };
  };
  const feedOf = async (f: Family, studentId: string) => {
    const res = await as(f.token, 'GET', `/api/Student/${studentId}/Feed`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Feed;
  };
  const postsIn = (feed: Feed) => feed.days.flatMap((d) => d.posts);
  const bodiesIn = (feed: Feed) => postsIn(feed).map((p) => p.body);
  const upload = async (f: Family) => {
    const photo = await sharp({ create: { width: 2600, height: 1300, channels: 3, background: '#c8a2c8' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Oak Street 12' } })
      .toBuffer();
    const boundary = `----lc${Date.now()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="garden.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/day-photos',
      payload: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${f.token}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; width: number; height: number; url: string };
  };
  const at = async (iso: string) => {
    await t.ctx.work.idle();
    clock.set(iso);
    for (const f of [director, teacher, coTeacher, otherTeacher, chen, chenPartner, okafor, lee])
      await a.signIn(f);
  };
  beforeAll(async () => {
    clock = movableClock(MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000', PHOTO_RETENTION_DAYS: '30' } });
    a = api(t);
    let helpers: Family[];
    ({ director, teacher, helpers, otherTeacher, acorn, chen, chenPartner, okafor, lee, ava } =
      await makeClassroom(t, a, { acornHelpers: ['Nakamura'] }));
    coTeacher = helpers[0]!;
    ben = okafor.childIds[0]!;
    // Every test family's first child is called Ava; Ben is the Okafors'.
    await t.database.db.update(students).set({ firstName: 'Ben' }).where(eq(students.id, ben));
    // Ava's family granted photo consent; Ben's has not been asked yet.
    expect(
      (await as(chen.token, 'PUT', `/api/Student/${ava}/PhotoConsent`, { consent: 'Granted' })).statusCode,
    ).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the session’s teachers and the director open its day; another room, a parent and anonymous cannot', async () => {
    for (const reader of [teacher, coTeacher, director]) {
      const res = await as(reader.token, 'GET', dayOf(acorn));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.meetsToday).toBe(true);
      expect(
        body.children.map((c: { firstName: string; consent: string }) => [c.firstName, c.consent]),
      ).toEqual([
        ['Ava', 'Granted'],
        ['Ben', 'NotAsked'],
      ]);
    }
    expect((await as(otherTeacher.token, 'GET', dayOf(acorn))).statusCode).toBe(404);
    expect(
      (await as(otherTeacher.token, 'POST', `${dayOf(acorn)}/posts`, { kind: 'ClassNote', body: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await as(chen.token, 'GET', dayOf(acorn))).statusCode).toBe(403);
    expect((await as(null, 'GET', dayOf(acorn))).statusCode).toBe(401);
    expect((await as(teacher.token, 'GET', dayOf(999_999))).statusCode).toBe(404);
  });

  it('a class note reaches every family of the class and both parents, not another room or another family’s child id', async () => {
    const note = await post(teacher, {
      kind: 'ClassNote',
      body: 'We planted sunflower seeds in the garden today!',
    });
    expect(note.editable).toBe(true);
    for (const [f, child] of [
      [chen, ava],
      [chenPartner, ava],
      [okafor, ben],
    ] as const)
      expect(bodiesIn(await feedOf(f, child))).toContain('We planted sunflower seeds in the garden today!');
    expect(bodiesIn(await feedOf(lee, lee.childIds[0]!))).toEqual([]);
    for (const [f, child] of [
      [okafor, ava],
      [lee, ava],
      [chen, ben],
    ] as const) {
      const res = await as(f.token, 'GET', `/api/Student/${child}/Feed`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('sunflower');
    }
    expect((await as(okafor.token, 'GET', `/api/Student/${ava}/PhotoConsent`)).statusCode).toBe(404);
    expect(
      (await as(okafor.token, 'PUT', `/api/Student/${ava}/PhotoConsent`, { consent: 'Refused' })).statusCode,
    ).toBe(404);
    expect((await as(null, 'GET', `/api/Student/${ava}/Feed`)).statusCode).toBe(401);
  });

  it('a note about one child reaches that child’s family only, and names no other family’s child', async () => {
    await post(teacher, {
      kind: 'ChildNote',
      body: 'Ava read a whole page to her friends.',
      studentIds: [ava],
    });
    expect(bodiesIn(await feedOf(chenPartner, ava))).toContain('Ava read a whole page to her friends.');
    expect(bodiesIn(await feedOf(okafor, ben))).not.toContain('Ava read a whole page to her friends.');
    const wrong = await post(
      teacher,
      { kind: 'ChildNote', body: 'Lee’s child?', studentIds: [lee.childIds[0]] },
      400,
    );
    expect(JSON.stringify(wrong)).toContain('studentIds');
    const none = await post(teacher, { kind: 'ChildNote', body: 'Whose?' }, 400);
    expect(JSON.stringify(none)).toContain('Choose the one child this note is about.');
  });

  it('a photo with a child without consent: the teacher is warned; posted anyway, only that child’s own family sees it', async () => {
    const photo = await upload(teacher);
    expect([photo.width, photo.height]).toEqual([2048, 1024]);
    const warned = await post(
      teacher,
      { kind: 'Photo', body: 'Digging for worms', studentIds: [ava, ben], photoIds: [photo.id] },
      409,
    );
    expect(warned.message).toContain('Ben Okafor');
    expect(warned.message).toContain('Only their own family would see this photo');
    expect(warned.params?.names).toBe('Ben Okafor');
    const posted = await post(teacher, {
      kind: 'Photo',
      body: 'Digging for worms',
      studentIds: [ava, ben],
      photoIds: [photo.id],
      acknowledgeConsent: true,
    });
    expect(posted.children.map((c) => c.firstName)).toEqual(['Ava', 'Ben']);
    // Ben's family sees it (Ava's family consented), with only their own child named.
    const benFeed = postsIn(await feedOf(okafor, ben)).find((p) => p.body === 'Digging for worms');
    expect(benFeed?.children.map((c) => c.firstName)).toEqual(['Ben']);
    // Ava's family, another family to Ben, does not, though Ava is in it; nor does another room.
    for (const f of [chen, chenPartner])
      expect(bodiesIn(await feedOf(f, ava))).not.toContain('Digging for worms');
    expect(bodiesIn(await feedOf(lee, lee.childIds[0]!))).not.toContain('Digging for worms');
    // The staff see it.
    const staff = (await as(director.token, 'GET', dayOf(acorn))).json().posts as Post[];
    expect(staff.map((p) => p.body)).toContain('Digging for worms');

    // The photo opens through its link without its metadata, and downloads; a changed signature does not.
    const link = benFeed!.photos[0]!;
    const got = await t.app.inject({ method: 'GET', url: link.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('Oak Street'))).toBe(false);
    const saved = await t.app.inject({ method: 'GET', url: link.downloadUrl });
    expect(saved.headers['content-disposition']).toMatch(/^attachment/);
    expect(
      (await t.app.inject({ method: 'GET', url: link.url.replace(/signature=[^&]+/, 'signature=AAAA') }))
        .statusCode,
    ).toBe(404);

    // Once Ben's family grants consent, Ava's family sees it at once; refusing again hides it again.
    expect(
      (await as(okafor.token, 'PUT', `/api/Student/${ben}/PhotoConsent`, { consent: 'Granted' })).statusCode,
    ).toBe(200);
    const avaFeed = postsIn(await feedOf(chen, ava)).find((p) => p.body === 'Digging for worms');
    expect(avaFeed?.children.map((c) => c.firstName)).toEqual(['Ava']);
    const refused = await as(okafor.token, 'PUT', `/api/Student/${ben}/PhotoConsent`, { consent: 'Refused' });
    expect(refused.json().consent).toBe('Refused');
    expect(refused.json().decidedBy).toBe('Okafor Family');
    expect(bodiesIn(await feedOf(chen, ava))).not.toContain('Digging for worms');
  });

  it('a class photo nobody is tagged in reaches the class; a photo for the tagged children only reaches theirs', async () => {
    const everyone = await upload(teacher);
    await post(teacher, { kind: 'Photo', body: 'Our finished mural', photoIds: [everyone.id] });
    const onlyAva = await upload(teacher);
    await post(teacher, {
      kind: 'Photo',
      body: 'Ava at the easel',
      photoIds: [onlyAva.id],
      studentIds: [ava],
      forClass: false,
    });
    expect(bodiesIn(await feedOf(okafor, ben))).toContain('Our finished mural');
    expect(bodiesIn(await feedOf(okafor, ben))).not.toContain('Ava at the easel');
    expect(bodiesIn(await feedOf(chen, ava))).toEqual(
      expect.arrayContaining(['Our finished mural', 'Ava at the easel']),
    );
    // Someone else's upload cannot be posted, nor one already posted.
    const mine = await upload(coTeacher);
    expect((await post(teacher, { kind: 'Photo', photoIds: [mine.id] }, 400)).message).toMatch(
      /no longer available/,
    );
    expect((await post(teacher, { kind: 'Photo', photoIds: [everyone.id] }, 400)).message).toMatch(
      /no longer available/,
    );
  });

  it('the author changes or deletes a post that day (audited); a colleague cannot, the director can; a deleted photo’s link is gone', async () => {
    const note = await post(teacher, { kind: 'ClassNote', body: 'Pajama day is on Tuesday.' });
    expect(
      (await as(coTeacher.token, 'PATCH', `/api/staff/day-posts/${note.id}`, { body: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await as(otherTeacher.token, 'PATCH', `/api/staff/day-posts/${note.id}`, { body: 'x' })).statusCode,
    ).toBe(404);
    expect((await as(chen.token, 'PATCH', `/api/staff/day-posts/${note.id}`, { body: 'x' })).statusCode).toBe(
      403,
    );
    const edited = await as(teacher.token, 'PATCH', `/api/staff/day-posts/${note.id}`, {
      body: 'Pajama day is on Wednesday.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(bodiesIn(await feedOf(chen, ava))).toContain('Pajama day is on Wednesday.');
    const audit = await queryRows<{ before: { body: string }; after: { body: string } }>(
      t.database.db,
      sql`select before, after from audit_events where action = 'day_post.edit' and entity_id = ${note.id}`,
    );
    expect(audit.map((r) => [r.before.body, r.after.body])).toEqual([
      ['Pajama day is on Tuesday.', 'Pajama day is on Wednesday.'],
    ]);

    const photo = await upload(teacher);
    const pic = await post(teacher, { kind: 'Photo', body: 'Snack time', photoIds: [photo.id] });
    const link = pic.photos[0]!.url;
    expect((await as(teacher.token, 'DELETE', `/api/staff/day-posts/${pic.id}`)).statusCode).toBe(204);
    expect(bodiesIn(await feedOf(okafor, ben))).not.toContain('Snack time');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from day_photos where id = ${photo.id}`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_events where action = 'day_post.delete'`,
        )
      )[0]!.n,
    ).toBe(1);

    // The next day the author may no longer change it; the director still may.
    await at('2026-11-21T18:00:00Z');
    expect(
      (await as(teacher.token, 'PATCH', `/api/staff/day-posts/${note.id}`, { body: 'Later' })).statusCode,
    ).toBe(403);
    expect(
      (
        await as(director.token, 'PATCH', `/api/staff/day-posts/${note.id}`, {
          body: 'Pajama day is on Wednesday!',
        })
      ).statusCode,
    ).toBe(200);
    // Saturday: the session does not meet, so nothing is posted to it.
    const closed = await post(teacher, { kind: 'ClassNote', body: 'Saturday?' }, 409);
    expect(closed.message).toContain('does not meet today');
    await at(MORNING);
  });

  it('meals and rest are noted per child and reach the child’s family with the day’s check-in', async () => {
    const saved = await as(teacher.token, 'PUT', `${dayOf(acorn)}/care/${ava}`, {
      breakfast: 'All',
      lunch: 'Some',
      restFrom: 12 * 60 + 30,
      restTo: 13 * 60 + 45,
      note: 'Asked for more carrots',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bad = await as(teacher.token, 'PUT', `${dayOf(acorn)}/care/${ava}`, { restFrom: 800, restTo: 700 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.restTo).toBe('The rest ends after it begins.');
    expect(
      (await as(otherTeacher.token, 'PUT', `${dayOf(acorn)}/care/${ava}`, { lunch: 'All' })).statusCode,
    ).toBe(404);
    expect(
      (await as(teacher.token, 'PUT', `${dayOf(acorn)}/care/${lee.childIds[0]}`, { lunch: 'All' }))
        .statusCode,
    ).toBe(404);
    await t.database.db.insert(attendance).values(
      doorRecord({
        kind: 'CheckIn',
        studentId: ava,
        classSessionId: acorn,
        timestamp: new Date('2026-11-20T16:31:00Z'),
        adultName: 'Grandma Li',
      }),
    );
    const feed = await feedOf(chen, ava);
    expect(feed.days[0]!.day).toBe(TODAY);
    expect(feed.days[0]!.care?.lunch).toBe('Some');
    expect(feed.days[0]!.checkIn?.adultName).toBe('Grandma Li');
    const staff = (await as(teacher.token, 'GET', dayOf(acorn))).json();
    const row = staff.children.find((c: { studentId: string }) => c.studentId === ava);
    expect(row.care.restTo).toBe(13 * 60 + 45);
    expect(row.checkIn).toBe('2026-11-20T16:31:00.000Z');
  });

  it('a teacher taken off the session loses its day at once', async () => {
    await t.database.db.delete(sessionStaff).where(eq(sessionStaff.userId, coTeacher.userId));
    expect((await as(coTeacher.token, 'GET', dayOf(acorn))).statusCode).toBe(404);
    expect(
      (await as(coTeacher.token, 'POST', `${dayOf(acorn)}/posts`, { kind: 'ClassNote', body: 'Hi' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(coTeacher.token, 'PUT', `${dayOf(acorn)}/care/${ava}`, { lunch: 'All' })).statusCode,
    ).toBe(404);
  });

  it('the daily summary goes once, after the day ends, to parents who chose it, in their language; nothing when there is nothing', async () => {
    expect((await as(chen.token, 'GET', '/api/UserAuthentication/DailySummary')).json()).toEqual({
      dailySummary: false,
    });
    for (const f of [chen, lee])
      expect(
        (await as(f.token, 'PUT', '/api/UserAuthentication/DailySummary', { dailySummary: true })).statusCode,
      ).toBe(200);
    await t.database.db.execute(sql`update users set language = 'es' where id = ${lee.userId}`);
    await t.flush();
    const before = (await t.mails()).length;
    // 5:55 pm: not yet.
    await at('2026-11-21T01:55:00Z');
    await t.flush();
    expect((await t.mails()).length).toBe(before);
    // 6:05 pm: Ava's day, once.
    await at('2026-11-21T02:05:00Z');
    await t.flush();
    await t.flush();
    const summaries = (await t.mails()).slice(before).filter((m) => m.to === chen.email);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.subject).toContain('Ava’s day at the center');
    expect(summaries[0]!.text).toContain('Arrived at 8:31 AM with Grandma Li.');
    expect(summaries[0]!.text).toContain('ate all of breakfast');
    expect(summaries[0]!.text).toContain('Rested from 12:30 PM to 1:45 PM.');
    expect(summaries[0]!.text).toContain('Ava read a whole page to her friends.');
    expect(summaries[0]!.text).not.toContain('Digging for worms');
    expect(summaries[0]!.text).toContain(`/dashboard/children/${ava}/feed`);
    // Lee's child had nothing today: no mail. Okafor did not choose it.
    expect(
      (await t.mails()).slice(before).filter((m) => m.to === lee.email || m.to === okafor.email),
    ).toEqual([]);
    const sends = await queryRows<{ mailed: boolean }>(
      t.database.db,
      sql`select mailed from daily_summary_sends where user_id = ${lee.userId}`,
    );
    expect(sends.map((s) => s.mailed)).toEqual([false]);
  });

  it('a parent who leaves the family loses the children’s feed at once; the family keeps it', async () => {
    expect((await as(chenPartner.token, 'POST', '/api/Family/Leave')).statusCode).toBe(200);
    expect((await as(chenPartner.token, 'GET', `/api/Student/${ava}/Feed`)).statusCode).toBe(404);
    expect((await as(chenPartner.token, 'GET', `/api/Student/${ava}/PhotoConsent`)).statusCode).toBe(404);
    expect(bodiesIn(await feedOf(chen, ava)).length).toBeGreaterThan(0);
  });

  it('photos are removed with their files after the center’s retention period', async () => {
    const stored = await queryRows<{ storage_key: string }>(
      t.database.db,
      sql`select storage_key from day_photos`,
    );
    expect(stored.length).toBeGreaterThan(0);
    const feed = await feedOf(okafor, ben);
    const link = postsIn(feed).find((p) => p.body === 'Our finished mural')!.photos[0]!.url;
    await at('2026-12-19T18:00:00Z');
    await t.flush();
    expect(
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from day_photos`))[0]!.n,
    ).toBeGreaterThan(0);
    await at('2026-12-21T18:00:00Z');
    await t.flush();
    expect(
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from day_photos`))[0]!.n,
    ).toBe(0);
    const storage = createStorage(t.config);
    for (const { storage_key } of stored) expect(await storage.get(storage_key)).toBeNull();
    const photoPosts = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from day_posts where kind = 'Photo' and deleted_at is null`,
    );
    expect(photoPosts[0]!.n).toBe(0);
    expect(bodiesIn(await feedOf(chen, ava))).toContain('We planted sunflower seeds in the garden today!');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    expect((await t.database.db.select().from(students).where(eq(students.id, ava))).length).toBe(1);
  });
});
