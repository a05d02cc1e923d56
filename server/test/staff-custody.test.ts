/**
 * Custody restrictions and the director's corrections (issue 24, "Records staff can keep"; decision 026), on
 * every database kind: each new route by role (anonymous, parent, the child's teacher, another teacher, the
 * director) with what must not leak or change; the door refusing a restricted adult by name (English and
 * Spanish) with the office alerted on Today and by mail; a parent listing a restricted person flagged, not
 * refused; the court order kept for the director only; corrections with a required reason, audited and
 * mailed to the parents in their language, and undone whole when a step fails; hostile ids answer 404.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sessionStaff, studentRestrictions, trustees, userStudents, users } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { doorApp } from './support/door-app.ts';

const PDF = Buffer.from('%PDF-1.4\n% a court order, page 1\n%%EOF\n');

describe.each(dbKinds)('custody restrictions and corrections on %s', (kind) => {
  const door = doorApp(kind);
  const { kiosk, as, rows, addContact, issue, child } = door;
  let teacher: string;
  let otherTeacher: string;
  let ava: string;
  let restrictionId: string;

  const restrictions = () => door.t.database.db.select().from(studentRestrictions);
  const audit = (action: string) =>
    queryRows<{ entity_id: string; before: string | null; after: string | null }>(
      door.t.database.db,
      sql`select entity_id, before::text as before, after::text as after from audit_events
        where action = ${action} order by seq`,
    );
  const mailsTo = async (to: string) => {
    await door.t.flush();
    return (await door.t.mails()).filter((m) => m.to === to);
  };

  beforeAll(async () => {
    const mine = await door.a.promote('Tess', 'Staff');
    teacher = mine.token;
    await door.t.database.db.insert(sessionStaff).values({ classSessionId: door.acorn, userId: mine.userId });
    otherTeacher = (await door.a.promote('Omar', 'Staff')).token;
    ava = door.rivera.childIds[0]!;
  });

  it('lets only the director add a restriction; the rest are refused and nothing is stored', async () => {
    const body = {
      fullName: 'Marco Rivera',
      description: 'Father',
      note: 'Court order on file. Call the office if he comes; stay calm and keep Ava in the room.',
      document: { fileName: 'order.pdf', mimeType: 'application/pdf', data: PDF.toString('base64') },
    };
    const url = `/api/staff/children/${ava}/restrictions`;
    expect((await as(null, 'POST', url, body)).statusCode).toBe(401);
    expect((await as(door.rivera.token, 'POST', url, body)).statusCode).toBe(403);
    expect((await as(teacher, 'POST', url, body)).statusCode).toBe(403);
    expect((await as(otherTeacher, 'POST', url, body)).statusCode).toBe(403);
    expect(await restrictions()).toHaveLength(0);

    const missing = await as(door.admin, 'POST', url, { ...body, fullName: 'Marco' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.fullName).toMatch(/first and last name/);
    const fake = await as(door.admin, 'POST', url, {
      ...body,
      document: {
        fileName: 'order.pdf',
        mimeType: 'application/pdf',
        data: Buffer.from('<html>').toString('base64'),
      },
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().fields.document).toMatch(/PDF, JPEG or PNG/);
    expect(
      (await as(door.admin, 'POST', '/api/staff/children/not-a-uuid/restrictions', body)).statusCode,
    ).toBe(404);
    expect(
      (
        await as(
          door.admin,
          'POST',
          '/api/staff/children/00000000-0000-4000-8000-000000000000/restrictions',
          body,
        )
      ).statusCode,
    ).toBe(404);
    expect(await restrictions()).toHaveLength(0);

    const added = await as(door.admin, 'POST', url, body);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      fullName: 'Marco Rivera',
      description: 'Father',
      documentName: 'order.pdf',
    });
    restrictionId = added.json().id;
    const [row] = await restrictions();
    expect(row!.nameKey).toBe('marco rivera');
    const [entry] = await audit('student.restriction.add');
    expect(entry!.entity_id).toBe(ava);
    expect(JSON.parse(entry!.after!)).toMatchObject({ fullName: 'Marco Rivera', document: 'order.pdf' });
  });

  it('keeps the court order for the director only', async () => {
    const url = `/api/staff/children/${ava}/restrictions/${restrictionId}/document`;
    expect((await as(null, 'GET', url)).statusCode).toBe(401);
    expect((await as(door.rivera.token, 'GET', url)).statusCode).toBe(403);
    expect((await as(teacher, 'GET', url)).statusCode).toBe(403);
    expect((await as(otherTeacher, 'GET', url)).statusCode).toBe(403);
    const file = await as(door.admin, 'GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Another child's id with this restriction, or a made-up one: not found.
    const ben = door.rivera.childIds[1]!;
    expect(
      (await as(door.admin, 'GET', `/api/staff/children/${ben}/restrictions/${restrictionId}/document`))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(door.admin, 'GET', `/api/staff/children/${ava}/restrictions/nope/document`)).statusCode,
    ).toBe(404);
  });

  it('shows the restriction to the child’s staff only, never to the family', async () => {
    const page = `/api/staff/children/${ava}`;
    const director = await as(door.admin, 'GET', page);
    expect(director.json().restrictions).toEqual([
      expect.objectContaining({
        fullName: 'Marco Rivera',
        note: expect.stringMatching(/keep Ava in the room/),
      }),
    ]);
    const mine = await as(teacher, 'GET', page);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().restrictions[0].fullName).toBe('Marco Rivera');
    // The correction forms' starting values (the address, contacts' children) are the director's only.
    expect(mine.json().correction).toBeNull();
    expect(director.json().correction.familyChildren).toHaveLength(2);
    expect((await as(otherTeacher, 'GET', page)).statusCode).toBe(404);
    expect((await as(door.rivera.token, 'GET', page)).statusCode).toBe(403);

    const roster = await as(teacher, 'GET', `/api/staff/sessions/${door.acorn}/roster`);
    expect(roster.statusCode).toBe(200);
    const row = roster.json().enrolled.find((c: { studentId: string }) => c.studentId === ava);
    expect(row.doNotRelease).toEqual([{ name: 'Marco Rivera', note: expect.stringMatching(/Court order/) }]);
    expect((await as(otherTeacher, 'GET', `/api/staff/sessions/${door.acorn}/roster`)).statusCode).toBe(404);

    for (const url of ['/api/Student', `/api/Student/${ava}`, '/api/Student/Trustees', '/api/Family']) {
      const res = await as(door.rivera.token, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/Marco|Court order/);
    }
    const zip = await as(door.rivera.token, 'GET', '/api/Family/Export');
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes('Marco')).toBe(false);
  });

  it('flags a parent listing the restricted person to the office, without telling the parent', async () => {
    const marco = await addContact(door.rivera, 'Márco');
    const alerts = await audit('custody.alert');
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(alerts[0]!.after!)).toMatchObject({
      kind: 'contactListed',
      personName: 'Marco Rivera',
    });
    const office = await mailsTo(door.t.config.centerEmail);
    expect(office.at(-1)!.subject).toBe('Custody alert: Marco Rivera listed as a contact for Ava Rivera');
    // The parent's own reply and mail say nothing of it.
    const contact = await as(door.rivera.token, 'GET', `/api/Student/Trustees/${marco}`);
    expect(contact.body).not.toMatch(/restrict|custody/i);
    const parentMail = await mailsTo(door.rivera.email);
    expect(parentMail.every((m) => !/custody|Marco/i.test(m.text))).toBe(true);
    // Saving the same contact again does not raise a second alert.
    const again = await as(door.rivera.token, 'PUT', `/api/Student/Trustees/${marco}`, {
      firstName: 'Márco',
      lastName: 'Rivera',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0111',
      canPickup: true,
      studentIds: door.rivera.childIds,
    });
    expect(again.statusCode).toBe(200);
    expect(await audit('custody.alert')).toHaveLength(1);
  });

  it('refuses the restricted adult at the kiosk by name, keeps the child in, and alerts the office', async () => {
    const [marco] = await door.t.database.db.select().from(trustees).where(eq(trustees.firstName, 'Márco'));
    const code = await issue(door.rivera, marco!.id, '2468');
    const checkIn = await kiosk(door.kioskToken, '/api/kiosk/check-in', {
      code: door.rosaCode,
      children: [child(door.rivera)],
    });
    expect(checkIn.json().results[0].outcome).toBe('done');

    const refused = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code,
      children: [child(door.rivera), child(door.rivera, 1)],
      pin: '2468',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'We cannot release Ava to Márco Rivera. Please wait here a moment: someone from the office is coming to help.',
    );
    const spanish = await door.t.app.inject({
      method: 'POST',
      url: '/api/kiosk/check-out',
      payload: { code, children: [child(door.rivera)], pin: '2468' },
      headers: { authorization: `Kiosk ${door.kioskToken}`, 'accept-language': 'es' },
    });
    expect(spanish.statusCode).toBe(403);
    expect(spanish.json().message).toMatch(/^No podemos entregar a Ava a Márco Rivera\./);
    expect((await rows(ava)).filter((r) => r.kind === 'CheckOut')).toHaveLength(0);
    expect(await door.refusals()).toContain('Do not release');

    const alerts = (await audit('custody.alert')).map((a) => JSON.parse(a.after!));
    expect(alerts.filter((a) => a.kind === 'doorRefused')).toHaveLength(2);
    const office = await mailsTo(door.t.config.centerEmail);
    expect(office.at(-1)!.subject).toBe('Custody alert: pickup of Ava Rivera refused');
    expect(office.at(-1)!.text).toMatch(/at the door kiosk “Front door”/);

    const today = await as(door.admin, 'GET', '/api/staff/today');
    expect(today.json().custodyAlerts[0]).toMatchObject({
      kind: 'doorRefused',
      studentId: ava,
      childName: 'Ava Rivera',
      personName: 'Marco Rivera',
    });
    expect((await as(teacher, 'GET', '/api/staff/today')).json().custodyAlerts).toBeNull();

    // Rosa, who is not restricted, still collects Ava.
    const rosa = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera)],
      pin: '4321',
    });
    expect(rosa.json().results[0].outcome).toBe('done');
  });

  it('refuses a hand pickup naming the restricted adult, whatever the accents and case', async () => {
    const ben = door.rivera.childIds[1]!;
    const added = await as(door.admin, 'POST', `/api/staff/children/${ben}/restrictions`, {
      fullName: 'Marco Rivera',
    });
    expect(added.statusCode).toBe(201);
    await as(teacher, 'POST', '/api/staff/attendance', {
      studentId: ben,
      classSessionId: door.acorn,
      kind: 'CheckIn',
      adultName: 'Rosa Rivera',
    });
    const res = await as(teacher, 'POST', '/api/staff/attendance', {
      studentId: ben,
      classSessionId: door.acorn,
      kind: 'CheckOut',
      adultName: '  MARCO   rivéra ',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Ben may not be released to/);
    expect((await rows(ben)).filter((r) => r.kind === 'CheckOut')).toHaveLength(0);
    const last = (await audit('custody.alert')).at(-1)!;
    expect(last.entity_id).toBe(ben);
  });

  it('lets only the director lift a restriction; its document goes with it', async () => {
    const url = `/api/staff/children/${ava}/restrictions/${restrictionId}`;
    expect((await as(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await as(door.rivera.token, 'DELETE', url)).statusCode).toBe(403);
    expect((await as(teacher, 'DELETE', url)).statusCode).toBe(403);
    expect((await as(otherTeacher, 'DELETE', url)).statusCode).toBe(403);
    const ben = door.rivera.childIds[1]!;
    expect(
      (await as(door.admin, 'DELETE', `/api/staff/children/${ben}/restrictions/${restrictionId}`)).statusCode,
    ).toBe(404);
    expect((await restrictions()).some((r) => r.id === restrictionId)).toBe(true);
    expect((await as(door.admin, 'DELETE', url)).statusCode).toBe(204);
    expect((await restrictions()).some((r) => r.id === restrictionId)).toBe(false);
    expect((await as(door.admin, 'GET', `${url}/document`)).statusCode).toBe(404);
    expect(await audit('student.restriction.remove')).toHaveLength(1);
  });

  it('corrects a child’s details with a required reason, audited and mailed in the parents’ language', async () => {
    const url = `/api/staff/children/${ava}/details`;
    const details = { firstName: 'Ava', lastName: 'Rivera-Lopez', dateOfBirth: '2022-01-15' };
    const body = {
      details,
      allergies: ['Peanuts', 'Bee stings'],
      reason: 'The family’s new surname from the court papers',
    };
    expect((await as(null, 'PUT', url, body)).statusCode).toBe(401);
    expect((await as(door.rivera.token, 'PUT', url, body)).statusCode).toBe(403);
    expect((await as(teacher, 'PUT', url, body)).statusCode).toBe(403);
    expect((await as(otherTeacher, 'PUT', url, body)).statusCode).toBe(403);
    const noReason = await as(door.admin, 'PUT', url, { ...body, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toMatch(/say why/);
    const badDate = await as(door.admin, 'PUT', url, {
      ...body,
      details: { ...details, dateOfBirth: '2030-01-01' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(await audit('student.correct')).toHaveLength(0);
    expect((await as(door.admin, 'PUT', '/api/staff/children/nope/details', body)).statusCode).toBe(404);

    await door.t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, door.rivera.userId));
    // A second parent of Ava's (a co-parent's account is mapped to every child of the family), in English.
    const coParent = await door.a.family('Dana', 0);
    await door.t.database.db.insert(userStudents).values({ userId: coParent.userId, studentId: ava });
    const res = await as(door.admin, 'PUT', url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().child).toMatchObject({
      lastName: 'Rivera-Lopez',
      allergies: ['Bee stings', 'Peanuts'],
    });
    const [entry] = await audit('student.correct');
    expect(JSON.parse(entry!.before!)).toMatchObject({ lastName: 'Rivera', allergies: ['Peanuts'] });
    expect(JSON.parse(entry!.after!)).toMatchObject({
      lastName: 'Rivera-Lopez',
      allergies: ['Bee stings', 'Peanuts'],
      reason: 'The family’s new surname from the court papers',
    });
    // Found by subject: a new account's welcome mail may be delivered after it.
    const mail = (await mailsTo(door.rivera.email)).find(
      (m) => m.subject === 'Actualizamos el expediente de Ava',
    )!;
    expect(mail, 'the Spanish-speaking parent’s mail').toBeDefined();
    expect(mail.text).toMatch(/Lo que cambió: el nombre y las alergias\./);
    expect(mail.text).toMatch(/El motivo: «The family’s new surname from the court papers»/);
    const english = (await mailsTo(coParent.email)).find((m) => m.subject === 'We updated Ava’s record')!;
    expect(english, 'the co-parent’s mail in English').toBeDefined();
    expect(english.text).toMatch(/What changed: name and allergies\./);
    await door.t.database.db.delete(userStudents).where(eq(userStudents.userId, coParent.userId));
    await door.t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, door.rivera.userId));
  });

  it('corrects a contact’s pickup right, and undoes the whole save when a step fails', async () => {
    const url = `/api/staff/children/${ava}/contacts/${door.rosaId}`;
    const contact = {
      firstName: 'Rosa',
      lastName: 'Rivera',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      emailAddress: 'rosa@example.com',
      canPickup: false,
      studentIds: door.rivera.childIds,
    };
    const body = { contact, reason: 'Rosa asked us to take her off pickups while she is away' };
    expect((await as(null, 'PUT', url, body)).statusCode).toBe(401);
    expect((await as(door.rivera.token, 'PUT', url, body)).statusCode).toBe(403);
    expect((await as(teacher, 'PUT', url, body)).statusCode).toBe(403);
    expect((await as(otherTeacher, 'PUT', url, body)).statusCode).toBe(403);
    // Hostile ids: another family's child, a contact not listed for the child.
    const okaforChild = door.okafor.childIds[0]!;
    expect(
      (await as(door.admin, 'PUT', `/api/staff/children/${okaforChild}/contacts/${door.rosaId}`, body))
        .statusCode,
    ).toBe(404);
    expect((await as(door.admin, 'PUT', `/api/staff/children/${ava}/contacts/nope`, body)).statusCode).toBe(
      404,
    );

    const mailsBefore = (await mailsTo(door.rivera.email)).length;
    const failing = await as(door.admin, 'PUT', url, {
      ...body,
      contact: { ...contact, firstName: 'Rosalind', studentIds: [...door.rivera.childIds, okaforChild] },
    });
    expect(failing.statusCode).toBe(400);
    expect(failing.json().fields['contact.studentIds']).toMatch(/this family only/);
    const [rosa] = await door.t.database.db.select().from(trustees).where(eq(trustees.id, door.rosaId));
    expect(rosa).toMatchObject({ firstName: 'Rosa', canPickup: true });
    expect(await audit('trustee.correct')).toHaveLength(0);
    expect((await mailsTo(door.rivera.email)).length).toBe(mailsBefore);

    const res = await as(door.admin, 'PUT', url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().contacts.find((c: { id: string }) => c.id === door.rosaId).canPickup).toBe(false);
    const [entry] = await audit('trustee.correct');
    expect(JSON.parse(entry!.before!)).toMatchObject({ canPickup: true });
    expect(JSON.parse(entry!.after!)).toMatchObject({ canPickup: false, reason: body.reason });
    const mail = (await mailsTo(door.rivera.email)).find(
      (m) => m.subject === 'We updated Rosa Rivera’s details for Ava',
    )!;
    expect(mail, 'the parent’s mail about Rosa').toBeDefined();
    expect(mail.text).toMatch(/What changed: who may pick up\./);
    expect(mail.text).toMatch(/Rosa asked us to take her off pickups/);
  });
});
