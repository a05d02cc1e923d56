/**
 * Pickup passes from the family's side (issue 11): every family pass route × (the owner, another family,
 * nobody signed in) — another family's contact answers 404 and nothing changes; issuing with a PIN and the
 * email it sends (link and code, never the PIN); re-issuing and turning off; a contact who may no longer
 * pick up pauses the pass; the adult's photo; the holder opening their pass with its code; and the family's
 * attendance history, which shows only their own children. Rosa's tests build on each other. Deleting a
 * contact and the parent's own contact are in passes-family-contacts.test.ts, the shared set-up in
 * support/family-passes.ts.
 */
import { describe, expect, it } from 'vitest';
import { attendance } from '../src/db/schema.ts';
import { dbKinds, doorRecord } from './helpers.ts';
import { familyPasses, multipart, NOW, PNG } from './support/family-passes.ts';

describe.each(dbKinds)('family pickup passes on %s', (kind) => {
  const family = familyPasses(kind);
  const { rosaBody, call, passUrl, upload, holderCard, addContact, newMails, credentialIn, passCount } =
    family;

  /** The credential of Rosa's current pass, read from her email. */
  let rosaCredential: string;
  let rosaPassId: string;

  it('answers 401 on every family pass route to a caller who is not signed in', async () => {
    const routes: Array<[string, string, object?]> = [
      ['GET', passUrl(family.rosa)],
      ['POST', passUrl(family.rosa), { pin: '2468' }],
      ['DELETE', passUrl(family.rosa)],
      ['GET', `${passUrl(family.rosa)}/Card`],
      ['GET', `${passUrl(family.rosa)}/Photo`],
      ['POST', '/api/Student/Trustees/Self'],
      ['GET', '/api/Student/Attendance'],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await upload(null, family.rosa, multipart(PNG, 'rosa.png', 'image/png'))).statusCode).toBe(401);
    expect(await passCount(family.rosa)).toBe(0);
  });

  it('shows no pass yet, then issues one and emails Rosa the link and code — never the PIN', async () => {
    const before = await call(family.owner.token, 'GET', passUrl(family.rosa));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      pass: null,
      cannotIssue: null,
      wallets: { apple: false, google: false },
    });
    await newMails();

    const issued = await call(family.owner.token, 'POST', passUrl(family.rosa), { pin: ' 482913 ' });
    expect(issued.statusCode).toBe(201);
    expect(issued.json()).toMatchObject({
      trusteeId: family.rosa,
      holderName: 'Rosa Rivera',
      status: 'Active',
      statusReason: null,
      isActive: true,
      revokedAt: null,
      applePassAuthenticationToken: null,
      expiresAt: '2027-11-20T18:00:00.000Z',
    });
    rosaPassId = issued.json().id;

    const mails = (await newMails()).filter((m) => m.to === `rosa.${kind}@example.com`);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your pickup pass for Ava and Ben at Bright Oak Learning Center');
    expect(mail.text).toContain(`${family.t.config.appUrl}/pass#`);
    rosaCredential = credentialIn(mail.text)!;
    expect(rosaCredential).toHaveLength(26);
    const grouped = rosaCredential.replace(/(.{4})(?=.)/g, '$1 ');
    expect(mail.text).toContain(grouped);
    // The PIN is nowhere in the mail (the random credential could contain its digits by chance: left out).
    expect(mail.text.replaceAll(rosaCredential, '').replaceAll(grouped, '')).not.toContain('482913');

    const state = (await call(family.owner.token, 'GET', passUrl(family.rosa))).json();
    expect(state.pass).toMatchObject({ id: rosaPassId, status: 'Active' });

    const card = await call(family.owner.token, 'GET', `${passUrl(family.rosa)}/Card`);
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({
      holderName: 'Rosa Rivera',
      relationship: 'Grandparent',
      children: ['Ava', 'Ben'],
      status: 'Active',
      code: grouped,
      appleWalletUrl: null,
      googleWalletUrl: null,
    });
    expect(card.json().qrSvg).toMatch(/^<svg/);
  });

  it('opens the holder’s card with the code from the email, with no login, in any spacing or case', async () => {
    const card = await holderCard(rosaCredential);
    expect(card.statusCode).toBe(200);
    expect(card.headers['cache-control']).toBe('no-store');
    expect(card.json()).toMatchObject({
      holderName: 'Rosa Rivera',
      children: ['Ava', 'Ben'],
      status: 'Active',
    });
    const typed = await holderCard(rosaCredential.toLowerCase().replace(/(.{4})(?=.)/g, '$1 '));
    expect(typed.statusCode).toBe(200);
  });

  it('refuses a code that is not a pass code (400) or opens no pass (404), by the code field', async () => {
    const short = await holderCard('abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.code).toBe('Enter the code printed on the pass');
    expect((await call(null, 'POST', '/api/passes/card', {})).statusCode).toBe(400);
    const unknown = await holderCard('Z'.repeat(26));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fields.code).toBe('We could not find a pass with that code');
    expect((await holderCard('this is not a pass code at all!!')).statusCode).toBe(404);
  });

  it('refuses a PIN that is not 4 to 6 digits, by its field, and issues nothing', async () => {
    for (const pin of ['123', '1234567', '12a4', '', '12 34']) {
      const res = await call(family.owner.token, 'POST', passUrl(family.rosa), { pin });
      expect(res.statusCode, `PIN "${pin}"`).toBe(400);
      expect(res.json().fields.pin).toBe('Choose a PIN of 4 to 6 digits');
    }
    const missing = await call(family.owner.token, 'POST', passUrl(family.rosa), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.pin).toBe('Choose a PIN of 4 to 6 digits');
    expect(await passCount(family.rosa)).toBe(1);
    expect((await call(family.owner.token, 'GET', passUrl(family.rosa))).json().pass.id).toBe(rosaPassId);
  });

  it('refuses a pass for a contact who may not pick up, or who is inactive, with the reason', async () => {
    const noPickup = await addContact(
      family.owner.token,
      rosaBody({ firstName: 'Nia', emailAddress: null, canPickup: false }),
    );
    const state = (await call(family.owner.token, 'GET', passUrl(noPickup))).json();
    expect(state.cannotIssue).toBe('Tick “Can pick up” for this contact before issuing a pickup pass.');
    const refused = await call(family.owner.token, 'POST', passUrl(noPickup), { pin: '2468' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Tick “Can pick up” for this contact before issuing a pickup pass.');

    const inactive = await addContact(
      family.owner.token,
      rosaBody({ firstName: 'Ike', emailAddress: null, isActive: false }),
    );
    const off = await call(family.owner.token, 'POST', passUrl(inactive), { pin: '2468' });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Turn this contact back on before issuing a pass.');
    expect(await passCount(noPickup)).toBe(0);
    expect(await passCount(inactive)).toBe(0);
  });

  it('saves a PNG photo and serves it to the family only; refuses a text file by its field', async () => {
    const text = await upload(
      family.owner.token,
      family.rosa,
      multipart(Buffer.from('not a photo\n'), 'rosa.png', 'image/png'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.file).toBe('Choose a JPEG or PNG photo of at most 5 MB');
    expect((await call(family.owner.token, 'GET', `${passUrl(family.rosa)}/Photo`)).statusCode).toBe(404);

    const saved = await upload(family.owner.token, family.rosa, multipart(PNG, 'rosa.png', 'image/png'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().pass.imageUrl).toBe(`${passUrl(family.rosa)}/Photo`);

    const photo = await call(family.owner.token, 'GET', `${passUrl(family.rosa)}/Photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    // No pass, no photo: Theo has none yet.
    expect(
      (await upload(family.other.token, family.theirs, multipart(PNG, 'theo.png', 'image/png'))).statusCode,
    ).toBe(404);
  });

  it('answers another family 404 on every route for our contact, and changes nothing', async () => {
    const routes: Array<[string, string, object?]> = [
      ['GET', passUrl(family.rosa)],
      ['POST', passUrl(family.rosa), { pin: '1357' }],
      ['DELETE', passUrl(family.rosa)],
      ['GET', `${passUrl(family.rosa)}/Card`],
      ['GET', `${passUrl(family.rosa)}/Photo`],
      ['GET', passUrl('not-a-uuid')],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(family.other.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Rosa');
    }
    const photo = await upload(family.other.token, family.rosa, multipart(PNG, 'x.png', 'image/png'));
    expect(photo.statusCode).toBe(404);

    // Rosa's pass is the same one, still working; no pass was issued to her by the other family.
    expect(await passCount(family.rosa)).toBe(1);
    const state = (await call(family.owner.token, 'GET', passUrl(family.rosa))).json();
    expect(state.pass).toMatchObject({
      id: rosaPassId,
      status: 'Active',
      imageUrl: `${passUrl(family.rosa)}/Photo`,
    });
    expect((await holderCard(rosaCredential)).json().status).toBe('Active');
    const photoBytes = await call(family.owner.token, 'GET', `${passUrl(family.rosa)}/Photo`);
    expect(photoBytes.rawPayload.equals(PNG)).toBe(true);
    // And the owner cannot reach the other family's contact either.
    expect((await call(family.owner.token, 'POST', passUrl(family.theirs), { pin: '1357' })).statusCode).toBe(
      404,
    );
    expect(await passCount(family.theirs)).toBe(0);
  });

  it('re-issuing revokes the old pass at once; the new one keeps the photo', async () => {
    await newMails();
    const reissued = await call(family.owner.token, 'POST', passUrl(family.rosa), { pin: '1357' });
    expect(reissued.statusCode).toBe(201);
    expect(reissued.json().id).not.toBe(rosaPassId);
    expect(reissued.json().imageUrl).toBe(`${passUrl(family.rosa)}/Photo`);

    const old = await holderCard(rosaCredential);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({
      status: 'Revoked',
      statusReason: 'This pass has been turned off by the family.',
    });

    const mail = (await newMails()).find((m) => m.to === `rosa.${kind}@example.com`)!;
    rosaCredential = credentialIn(mail.text)!;
    rosaPassId = reissued.json().id;
    expect((await holderCard(rosaCredential)).json().status).toBe('Active');
    expect((await call(family.owner.token, 'GET', passUrl(family.rosa))).json().pass.id).toBe(rosaPassId);
    expect(await passCount(family.rosa)).toBe(2);
  });

  it('pauses the pass while “Can pick up” is unticked, and brings it back when ticked again', async () => {
    const untick = await call(
      family.owner.token,
      'PUT',
      `/api/Student/Trustees/${family.rosa}`,
      rosaBody({ canPickup: false }),
    );
    expect(untick.statusCode).toBe(200);
    const paused = (await call(family.owner.token, 'GET', passUrl(family.rosa))).json();
    expect(paused.pass).toMatchObject({
      id: rosaPassId,
      status: 'Paused',
      statusReason: 'Rosa is not allowed to pick up children right now.',
    });
    expect(paused.cannotIssue).toBe('Tick “Can pick up” for this contact before issuing a pickup pass.');
    expect((await holderCard(rosaCredential)).json().status).toBe('Paused');

    await call(family.owner.token, 'PUT', `/api/Student/Trustees/${family.rosa}`, rosaBody());
    expect((await call(family.owner.token, 'GET', passUrl(family.rosa))).json().pass.status).toBe('Active');
  });

  it('turns the pass off: the door refuses it, and the family sees no current pass', async () => {
    const off = await call(family.owner.token, 'DELETE', passUrl(family.rosa));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: rosaPassId, status: 'Revoked', isActive: false });
    expect(off.json().revokedAt).toBe(new Date(NOW).toISOString());
    expect((await call(family.owner.token, 'GET', passUrl(family.rosa))).json().pass).toBeNull();
    expect((await holderCard(rosaCredential)).json().status).toBe('Revoked');
    expect((await call(family.owner.token, 'DELETE', passUrl(family.rosa))).statusCode).toBe(404);
    expect((await call(family.owner.token, 'GET', `${passUrl(family.rosa)}/Card`)).statusCode).toBe(404);
  });

  it('shows each family only their own children’s drop-offs and pickups, newest first', async () => {
    const session = await family.a.session({ name: `Fall Mornings ${kind}` });
    const [ava, ben] = family.owner.childIds as [string, string];
    const [brandtChild] = family.other.childIds as [string];
    await family.t.database.db.insert(attendance).values(
      [
        {
          kind: 'CheckIn',
          studentId: ava,
          classSessionId: session,
          timestamp: new Date('2026-11-18T16:30:00Z'),
          method: 'Pass',
          adultName: 'Rosa Rivera',
        },
        {
          kind: 'CheckOut',
          studentId: ava,
          classSessionId: session,
          timestamp: new Date('2026-11-18T20:05:00Z'),
          method: 'Code',
          secondFactor: 'Pin',
          adultName: 'Rosa Rivera',
        },
        {
          kind: 'CheckIn',
          studentId: ben,
          classSessionId: session,
          timestamp: new Date('2026-11-19T16:40:00Z'),
          method: 'Staff',
          adultName: 'Okafor Family',
        },
        {
          kind: 'CheckIn',
          studentId: brandtChild,
          classSessionId: session,
          timestamp: new Date('2026-11-19T16:45:00Z'),
          method: 'Pass',
          adultName: 'Theo Rivera',
        },
      ].map(doorRecord),
    );

    const mine = await call(family.owner.token, 'GET', '/api/Student/Attendance');
    expect(mine.statusCode).toBe(200);
    const records = mine.json().records as Array<{ studentId: string; kind: string; timestamp: string }>;
    expect(records.map((r) => [r.studentId, r.kind])).toEqual([
      [ben, 'CheckIn'],
      [ava, 'CheckOut'],
      [ava, 'CheckIn'],
    ]);
    expect(mine.json().records[1]).toMatchObject({
      childName: 'Ava Okafor',
      sessionName: `Fall Mornings ${kind}`,
      adultName: 'Rosa Rivera',
      method: 'Code',
      secondFactor: 'Pin',
    });
    expect(mine.json().truncated).toBe(false);

    // Another family's child never appears, even when asked for by id.
    const asked = await call(family.owner.token, 'GET', `/api/Student/Attendance?studentId=${brandtChild}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().records).toEqual([]);
    expect(JSON.stringify(mine.json())).not.toContain('Theo');

    const theirsOnly = (await call(family.other.token, 'GET', '/api/Student/Attendance')).json().records;
    expect(theirsOnly.map((r: { studentId: string }) => r.studentId)).toEqual([brandtChild]);
    const avaAsked = await call(family.other.token, 'GET', `/api/Student/Attendance?studentId=${ava}`);
    expect(avaAsked.json().records).toEqual([]);

    // Filters: one child, and a date range in the center's days.
    const onlyAva = (await call(family.owner.token, 'GET', `/api/Student/Attendance?studentId=${ava}`)).json()
      .records;
    expect(onlyAva).toHaveLength(2);
    const day = (
      await call(family.owner.token, 'GET', '/api/Student/Attendance?from=2026-11-19&to=2026-11-19')
    ).json();
    expect(day.records.map((r: { studentId: string }) => r.studentId)).toEqual([ben]);
    const bad = await call(family.owner.token, 'GET', '/api/Student/Attendance?from=yesterday');
    expect(bad.statusCode).toBe(400);
  });
});
