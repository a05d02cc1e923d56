/**
 * The door (issue 11): check-in and check-out with a pickup pass at a kiosk, on every database kind. Each
 * rule the door promises is walked: unknown, revoked, expired and paused passes; a child not on the pass; a
 * pickup before drop-off or after the child already left; the PIN (wrong, lock-out, unlock after the pause);
 * a double scan; two kiosks scanning the same adult at the same moment (one event); a revoked kiosk; and the
 * parents told by email or text. Passes are issued and read through the family's API, as in the product.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { digitalPassports } from '../src/db/schema.ts';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../src/features/passes/door.ts';
import { dbKinds } from './helpers.ts';
import { doorApp } from './support/door-app.ts';

describe.each(dbKinds)('the door on %s', (kind) => {
  const door = doorApp(kind);
  const { kiosk, as, rows, refusals, addContact, issue, child } = door;

  it('shows who is at the door and the children they may take today, allergies flagged', async () => {
    const res = await kiosk(door.kioskToken, '/api/kiosk/scan', { code: door.rosaCode });
    expect(res.statusCode).toBe(200);
    const scan = res.json();
    expect(scan.holderName).toBe('Rosa Rivera');
    expect(scan.pinLocked).toBe(false);
    expect(scan.children).toHaveLength(2);
    const ava = scan.children.find((c: { studentId: string }) => c.studentId === door.rivera.childIds[0]);
    expect(ava).toMatchObject({
      firstName: 'Ava',
      sessionName: 'Acorn Room',
      state: 'NotArrived',
      allergies: ['Peanuts'],
    });
  });

  it('reads a typed code however it was typed: lower case, spaces, O for 0', async () => {
    const typed = door.rosaCode.toLowerCase().replace(/0/g, 'o');
    const res = await kiosk(door.kioskToken, '/api/kiosk/scan', { code: ` ${typed} `, method: 'Code' });
    expect(res.statusCode).toBe(200);
    expect(res.json().holderName).toBe('Rosa Rivera');
  });

  it('refuses an unknown code in plain words and keeps the refusal', async () => {
    const res = await kiosk(door.kioskToken, '/api/kiosk/scan', { code: 'ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZ' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/don’t recognise this pass/);
    expect(await refusals()).toContain('Unknown code');
  });

  it('answers 401 without a kiosk token, with a staff session token, or after the tablet is revoked', async () => {
    expect(
      (await door.t.app.inject({ method: 'POST', url: '/api/kiosk/scan', payload: { code: door.rosaCode } }))
        .statusCode,
    ).toBe(401);
    const asStaff = await door.t.app.inject({
      method: 'POST',
      url: '/api/kiosk/scan',
      payload: { code: door.rosaCode },
      headers: { authorization: `Bearer ${door.admin}` },
    });
    expect(asStaff.statusCode).toBe(401);
    const spare = (await as(door.admin, 'POST', '/api/staff/kiosks', { name: 'Spare tablet' })).json();
    expect((await kiosk(spare.token, '/api/kiosk/me')).statusCode).toBe(200);
    expect((await as(door.admin, 'POST', `/api/staff/kiosks/${spare.kiosk.id}/revoke`)).statusCode).toBe(200);
    const after = await kiosk(spare.token, '/api/kiosk/scan', { code: door.rosaCode });
    expect(after.statusCode).toBe(401);
    // A parent cannot enroll a tablet.
    expect((await as(door.rivera.token, 'POST', '/api/staff/kiosks', { name: 'Mine' })).statusCode).toBe(403);
  });

  it('checks a child in once: a double scan is the same event, a later scan is refused', async () => {
    const first = await kiosk(door.kioskToken, '/api/kiosk/check-in', {
      code: door.rosaCode,
      children: [child(door.rivera)],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().results[0]).toMatchObject({ outcome: 'done', firstName: 'Ava' });
    const again = await kiosk(door.kioskToken, '/api/kiosk/check-in', {
      code: door.rosaCode,
      children: [child(door.rivera)],
    });
    expect(again.json().results[0].outcome).toBe('already');
    expect(await rows(door.rivera.childIds[0]!)).toHaveLength(1);
    const [row] = await rows(door.rivera.childIds[0]!);
    expect(row).toMatchObject({
      kind: 'CheckIn',
      method: 'Pass',
      adultName: 'Rosa Rivera',
      trusteeId: door.rosaId,
    });
    door.clock.advanceMinutes(3);
    const later = await kiosk(door.kioskToken, '/api/kiosk/check-in', {
      code: door.rosaCode,
      children: [child(door.rivera)],
    });
    expect(later.json().results[0]).toMatchObject({ outcome: 'refused' });
    expect(later.json().results[0].reason).toMatch(/already checked in \(since 8:45 AM\)/);
    expect(await rows(door.rivera.childIds[0]!)).toHaveLength(1);
  });

  it('refuses a pickup of a child who was never checked in', async () => {
    const res = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera, 1)],
      pin: '4321',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ outcome: 'refused', firstName: 'Ben' });
    expect(res.json().results[0].reason).toMatch(/has not been checked in today/);
    expect(await rows(door.rivera.childIds[1]!)).toHaveLength(0);
  });

  it('refuses a child who is not on the adult’s pass, without naming them', async () => {
    const res = await kiosk(door.kioskToken, '/api/kiosk/check-in', {
      code: door.rosaCode,
      children: [child(door.okafor)],
    });
    expect(res.json().results[0]).toMatchObject({ outcome: 'refused', firstName: 'This child' });
    expect(JSON.stringify(res.json())).not.toContain('Okafor');
    expect(await rows(door.okafor.childIds[0]!)).toHaveLength(0);
  });

  it('needs the PIN for a pickup, pauses the pass after too many wrong ones, and lets it go after the pause', async () => {
    const noPin = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera)],
    });
    expect(noPin.statusCode).toBe(400);
    expect(noPin.json().fields.pin).toBeTruthy();
    const noPhoto = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera)],
      photoConfirmed: true,
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toMatch(/no photo/);

    for (let attempt = 1; attempt < PIN_MAX_FAILURES; attempt++) {
      const wrong = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
        code: door.rosaCode,
        children: [child(door.rivera)],
        pin: '0000',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(
        `That PIN is not right. ${PIN_MAX_FAILURES - attempt} ${PIN_MAX_FAILURES - attempt === 1 ? 'try' : 'tries'} left.`,
      );
    }
    const locking = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera)],
      pin: '0000',
    });
    expect(locking.statusCode).toBe(429);
    // Even the right PIN waits out the pause, and the scan says so.
    const right = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera)],
      pin: '4321',
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/paused until/);
    expect((await kiosk(door.kioskToken, '/api/kiosk/scan', { code: door.rosaCode })).json().pinLocked).toBe(
      true,
    );
    expect((await rows(door.rivera.childIds[0]!)).filter((r) => r.kind === 'CheckOut')).toHaveLength(0);
    expect((await refusals()).filter((r) => r === 'Wrong PIN')).toHaveLength(PIN_MAX_FAILURES - 1);

    door.clock.advanceMinutes(PIN_LOCK_MINUTES + 1);
    const done = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera)],
      pin: '4321',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().results[0]).toMatchObject({ outcome: 'done', firstName: 'Ava' });
    const out = (await rows(door.rivera.childIds[0]!)).find((r) => r.kind === 'CheckOut');
    expect(out).toMatchObject({ secondFactor: 'Pin', adultName: 'Rosa Rivera', method: 'Pass' });
    const [pass] = await door.t.database.db
      .select()
      .from(digitalPassports)
      .where(eq(digitalPassports.id, out!.passportId!));
    expect(pass).toMatchObject({ pinFailures: 0, pinLockedUntil: null });
  });

  it('treats a second pickup scan as the same event, and a later one as "already picked up"', async () => {
    const again = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera)],
      pin: '4321',
    });
    expect(again.json().results[0].outcome).toBe('already');
    door.clock.advanceMinutes(5);
    const later = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera)],
      pin: '4321',
    });
    expect(later.json().results[0].outcome).toBe('refused');
    expect(later.json().results[0].reason).toMatch(/already picked up at .* by Rosa Rivera/);
    expect((await rows(door.rivera.childIds[0]!)).filter((r) => r.kind === 'CheckOut')).toHaveLength(1);
  });

  it('tells the parents, by email or by text as they chose, naming the adult', async () => {
    await door.t.flush();
    const mails = await door.t.mails();
    const dropOff = mails.find((m) => m.to === door.rivera.email && /has arrived/.test(m.subject));
    const pickUp = mails.find((m) => m.to === door.rivera.email && /picked up/.test(m.subject));
    expect(dropOff?.text).toMatch(/Ava was checked in to Acorn Room at 8:45 AM by Rosa Rivera/);
    expect(pickUp?.text).toMatch(/Ava was picked up from Acorn Room at .* by Rosa Rivera/);

    // Okafor's grandfather drops Cleo… the Okafors chose texts.
    const abeId = await addContact(door.okafor, 'Abe');
    const abeCode = await issue(door.okafor, abeId, '777777');
    const res = await kiosk(door.kioskToken, '/api/kiosk/check-in', {
      code: abeCode,
      method: 'Code',
      children: [child(door.okafor)],
    });
    expect(res.json().results[0].outcome).toBe('done');
    await door.t.flush();
    const texts = (await readFile(path.join(door.t.config.dataDir, 'sms.log'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(texts.at(-1)).toMatchObject({ to: '+14155550142' });
    expect(texts.at(-1).body).toMatch(/Ava was checked in at .* by Abe Rivera/);
    expect(
      (await door.t.mails()).some((m) => m.to === door.okafor.email && /has arrived/.test(m.subject)),
    ).toBe(false);
    const [row] = await rows(door.okafor.childIds[0]!);
    expect(row?.method).toBe('Code');
  });

  it('records one event when two kiosks scan the same adult at the same moment', async () => {
    const benId = door.rivera.childIds[1]!;
    const [one, two] = await Promise.all([
      kiosk(door.kioskToken, '/api/kiosk/check-in', {
        code: door.rosaCode,
        children: [child(door.rivera, 1)],
      }),
      kiosk(door.secondKioskToken, '/api/kiosk/check-in', {
        code: door.rosaCode,
        children: [child(door.rivera, 1)],
      }),
    ]);
    const outcomes = [one.json().results[0].outcome, two.json().results[0].outcome].sort();
    expect(outcomes).toEqual(['already', 'done']);
    expect(await rows(benId)).toHaveLength(1);
  });

  it('refuses a paused, revoked or expired pass at once', async () => {
    // Un-ticking "can pick up" pauses the pass at the very next scan.
    const rosa = (await as(door.rivera.token, 'GET', `/api/Student/Trustees/${door.rosaId}`)).json();
    const { id: _id, fullName: _f, type: _t, ...values } = rosa;
    expect(
      (
        await as(door.rivera.token, 'PUT', `/api/Student/Trustees/${door.rosaId}`, {
          ...values,
          canPickup: false,
        })
      ).statusCode,
    ).toBe(200);
    const paused = await kiosk(door.kioskToken, '/api/kiosk/scan', { code: door.rosaCode });
    expect(paused.statusCode).toBe(403);
    expect(paused.json().message).toBe('Rosa is not allowed to pick up children right now.');
    expect(
      (
        await as(door.rivera.token, 'PUT', `/api/Student/Trustees/${door.rosaId}`, {
          ...values,
          canPickup: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await kiosk(door.kioskToken, '/api/kiosk/scan', { code: door.rosaCode })).statusCode).toBe(200);

    // Expired: the pass's date passed.
    const [current] = await door.t.database.db
      .select({ id: digitalPassports.id, expiresAt: digitalPassports.expiresAt })
      .from(digitalPassports)
      .where(
        and(eq(digitalPassports.isActive, true), eq(digitalPassports.issuedByUserId, door.rivera.userId)),
      );
    await door.t.database.db
      .update(digitalPassports)
      .set({ expiresAt: new Date(door.clock.now().getTime() - 60_000) })
      .where(eq(digitalPassports.id, current!.id));
    const expired = await kiosk(door.kioskToken, '/api/kiosk/check-in', {
      code: door.rosaCode,
      children: [child(door.rivera)],
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(
      /^This pass expired on .*The family can issue a new one in the portal\.$/,
    );
    await door.t.database.db
      .update(digitalPassports)
      .set({ expiresAt: current!.expiresAt })
      .where(eq(digitalPassports.id, current!.id));

    // Revoked by the family: refused on the next scan, and a re-issued pass has a new code.
    expect(
      (await as(door.rivera.token, 'DELETE', `/api/Student/Trustees/${door.rosaId}/Pass`)).statusCode,
    ).toBe(200);
    const revoked = await kiosk(door.kioskToken, '/api/kiosk/check-out', {
      code: door.rosaCode,
      children: [child(door.rivera, 1)],
      pin: '4321',
    });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().message).toBe('This pass has been turned off by the family.');
    const newCode = await issue(door.rivera, door.rosaId, '2468');
    expect(newCode).not.toBe(door.rosaCode);
    expect((await kiosk(door.kioskToken, '/api/kiosk/scan', { code: door.rosaCode })).statusCode).toBe(403);
    expect((await kiosk(door.kioskToken, '/api/kiosk/scan', { code: newCode })).statusCode).toBe(200);
    expect(await refusals()).toEqual(
      expect.arrayContaining([
        'Rosa is not allowed to pick up children right now.',
        'This pass has been turned off by the family.',
      ]),
    );
  });

  it('shows the family their own children’s drop-offs and pickups, and nobody else’s', async () => {
    const mine = await as(door.rivera.token, 'GET', '/api/Student/Attendance');
    expect(mine.statusCode).toBe(200);
    const records = mine.json().records as { childName: string; kind: string; adultName: string }[];
    expect(records.map((r) => r.childName)).toEqual(expect.arrayContaining(['Ava Rivera', 'Ben Rivera']));
    expect(records.some((r) => r.childName.includes('Okafor'))).toBe(false);
    const peek = await as(
      door.rivera.token,
      'GET',
      `/api/Student/Attendance?studentId=${door.okafor.childIds[0]}`,
    );
    expect(peek.json().records).toEqual([]);
  });
});
