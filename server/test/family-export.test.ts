/**
 * "Download our data" (issue 13): the family's ZIP holds family.json and a CSV per table with everything the
 * center keeps about them — and nothing of another family, and no secret (password hash, pass credential,
 * PIN). On every database kind.
 */
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance } from '../src/db/schema.ts';
import { createTestApp, dbKinds, doorRecord, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

describe.each(dbKinds)('download our data on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let rivera: Family;
  let lindqvist: Family;
  let session: number;

  const call = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);

  const setUp = async (family: Family, contactName: string, allergy: string) => {
    expect(
      (await call(family.token, 'POST', `/api/Student/${family.childIds[0]}/Allergies`, { name: allergy }))
        .statusCode,
    ).toBe(201);
    const contact = await call(family.token, 'POST', '/api/Student/Trustees', {
      firstName: contactName,
      lastName: 'Grand',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      canPickup: true,
      studentIds: family.childIds,
    });
    expect(contact.statusCode).toBe(201);
    expect(
      (await call(family.token, 'POST', `/api/Student/Trustees/${contact.json().id}/Pass`, { pin: '2468' }))
        .statusCode,
    ).toBe(201);
    await a.enrollPaid(family, session);
    await t.database.db.insert(attendance).values(
      doorRecord({
        kind: 'CheckIn',
        studentId: family.childIds[0]!,
        classSessionId: session,
        timestamp: new Date('2026-11-23T16:40:00Z'),
        method: 'Staff',
        adultName: `${contactName} Grand`,
      }),
    );
  };

  const download = async (family: Family) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Family/Export',
      headers: { authorization: `Bearer ${family.token}` },
    });
    expect(res.statusCode).toBe(200);
    return { res, files: unzipSync(new Uint8Array(res.rawPayload)) };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: movableClock('2026-11-23T18:00:00Z'),
      env: { SIGNUP_RATE_LIMIT: '1000' },
    });
    a = api(t);
    session = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 6 });
    rivera = await a.family('Rivera', 2);
    lindqvist = await a.family('Lindqvist', 1);
    await setUp(rivera, 'Rosalind', 'Peanuts');
    await setUp(lindqvist, 'Gunnhild', 'Sesame');
    // A conversation with the center (issue 25) and a phone that gets notifications.
    for (const [family, body] of [
      [rivera, 'Ava loved the garden today!'],
      [lindqvist, 'Gunnhild picks up on Friday.'],
    ] as const)
      expect((await call(family.token, 'POST', '/api/Messages', { body })).statusCode).toBe(201);
    const device = await call(rivera.token, 'POST', '/api/Push/Subscriptions', {
      endpoint: 'https://push.example/rivera-phone',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    });
    expect(device.statusCode, device.body).toBeLessThan(300);
    const consent = await call(rivera.token, 'PUT', `/api/Student/${rivera.childIds[0]}/PhotoConsent`, {
      consent: 'Granted',
    });
    expect(consent.statusCode, consent.body).toBe(200);
    await t.flush();
  });
  afterAll(() => t?.close());

  it('answers 401 to someone signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Family/Export' })).statusCode).toBe(401);
  });

  it('holds everything about the family in family.json and a CSV per table', async () => {
    const { res, files } = await download(rivera);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="bright-oak-family-data-2026-11-23.zip"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(files).sort()).toEqual(
      [
        'allergies.csv',
        'attendance.csv',
        'children.csv',
        'contacts.csv',
        'enrollments.csv',
        'family.json',
        'messages.csv',
        'conversation.csv',
        'photo-consent.csv',
        'child-notes.csv',
        'care.csv',
        'devices.csv',
        'incidents.csv',
        'medication.csv',
        'signed-forms.csv',
        'health.csv',
        'immunizations.csv',
        'health-documents.csv',
        'payments.csv',
        'waitlist.csv',
      ].sort(),
    );
    const data = JSON.parse(strFromU8(files['family.json']!));
    expect(data.parents).toEqual([
      expect.objectContaining({ firstName: 'Rivera', emailAddress: rivera.email }),
    ]);
    expect(data.children.map((c: { firstName: string }) => c.firstName)).toEqual(['Ava', 'Ben']);
    expect(data.children[0].dateOfBirth).toBe('2022-01-15');
    expect(data.allergies).toEqual([expect.objectContaining({ child: 'Ava', allergy: 'Peanuts' })]);
    expect(data.contacts).toEqual([
      expect.objectContaining({ firstName: 'Rosalind', canPickup: true, children: ['Ava', 'Ben'] }),
    ]);
    expect(data.contacts[0].pickupPasses).toHaveLength(1);
    expect(data.enrollments.map((e: { child: string; status: string }) => [e.child, e.status])).toEqual([
      ['Ava', 'Enrolled'],
      ['Ben', 'Enrolled'],
    ]);
    expect(data.payments).toEqual([expect.objectContaining({ status: 'Paid', session: 'Acorn Room' })]);
    expect(data.payments[0].finalAmountCents).toBeGreaterThan(0);
    expect(data.attendance).toEqual([
      expect.objectContaining({ child: 'Ava', event: 'Drop-off', adult: 'Rosalind Grand' }),
    ]);
    expect(data.messages.length).toBeGreaterThan(0);
    expect(data.messages.some((m: { subject: string }) => /Acorn Room/.test(m.subject))).toBe(true);

    expect(data.conversation).toEqual([
      expect.objectContaining({ from: 'Rivera Family', side: 'Family', text: 'Ava loved the garden today!' }),
    ]);
    expect(data.devices).toEqual([expect.objectContaining({ person: 'Rivera Family' })]);
    expect(data.photoConsent).toEqual([
      expect.objectContaining({ child: 'Ava', choice: 'Shared with other families' }),
    ]);
    expect(data.childNotes).toEqual([]);
    expect(parse(strFromU8(files['care.csv']!))[0]).toEqual([
      'day',
      'child',
      'session',
      'breakfast',
      'snack',
      'lunch',
      'restFromMinute',
      'restToMinute',
      'note',
    ]);
    // A device's push address and keys are not the family's to take away (decision 034).
    expect(JSON.stringify(data.devices)).not.toContain('push.example');

    const children = parse(strFromU8(files['children.csv']!));
    expect(children[0]).toEqual([
      'firstName',
      'lastName',
      'dateOfBirth',
      'address1',
      'address2',
      'city',
      'state',
      'zipCode',
      'country',
    ]);
    expect(children.slice(1).map((r: string[]) => r[0])).toEqual(['Ava', 'Ben']);
    expect(parse(strFromU8(files['payments.csv']!))).toHaveLength(2);
    expect(parse(strFromU8(files['attendance.csv']!))[1]).toEqual(
      expect.arrayContaining(['Ava', 'Acorn Room', 'Drop-off', 'Rosalind Grand']),
    );
  });

  it('holds nothing of another family and no secret', async () => {
    const { files } = await download(rivera);
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    for (const other of ['Lindqvist', 'Gunnhild', 'Sesame', lindqvist.email, 'picks up on Friday'])
      expect(everything).not.toContain(other);
    // No password hash, no pass credential or PIN hash (Argon2 hashes start with $argon2).
    expect(everything).not.toContain('$argon2');
    expect(everything).not.toMatch(/credential|pin_hash|pinHash|password/i);
    const theirs = Object.values((await download(lindqvist)).files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(theirs).toContain('Gunnhild');
    expect(theirs).not.toContain('Rosalind');
  });

  it('keeps each download in the audit trail', async () => {
    const rows = await t.database.db.query.auditEvents.findMany({
      where: (e, { eq, and }) => and(eq(e.action, 'family.export'), eq(e.actorUserId, rivera.userId)),
    });
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});
