/**
 * The door's rules around the pass and the request (server/src/features/passes/door*.ts; issue 11, decision
 * 012): a pass that does not work (turned off, expired, its adult inactive or not allowed to pick up) refused
 * with its reason and kept in the audit trail under the pass, an unknown code under the kiosk; each refusal of
 * a whole request naming the field to fix, and a request refused for its PIN or photo not kept as a door
 * refusal; a PIN pickup recorded with the PIN as its factor; a child in two sessions today; a malformed child
 * id; two children refused in one request kept in one row; the pass's photo on the scan. Each test makes its
 * own family. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { digitalPassports, kiosks, trusteePassports, trustees } from '../../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { movableClock } from '../support/registration.ts';
import { door, MONDAY_MORNING } from './door-support.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const ASK_PIN = { pin: 'Ask the adult for their PIN' };
const NOT_FOR_CHILD = 'Rosa’s pass is not for this child in a session today.';

describe.each(dbKinds)('the door’s pass and request rules on %s', (kind) => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof door>>;
  const clock = movableClock(MONDAY_MORNING);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    d = await door(t, clock);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The pass of contact `trusteeId`. */
  const passId = async (trusteeId: string) => {
    const [row] = await t.database.db
      .select({ id: trusteePassports.passportId })
      .from(trusteePassports)
      .where(eq(trusteePassports.trusteeId, trusteeId));
    return row!.id;
  };
  /** Every `door.refused` row of the audit trail, oldest first: where it is kept and what it says. */
  const refusalRows = async () =>
    (
      await queryRows<{ entity_type: string; entity_id: string; after: Record<string, unknown> | string }>(
        t.database.db,
        sql`select entity_type, entity_id, after from audit_events where action = 'door.refused' order by seq`,
      )
    ).map((r) => ({
      entityType: r.entity_type,
      entityId: r.entity_id,
      after: (typeof r.after === 'string' ? JSON.parse(r.after) : r.after) as Record<string, unknown>,
    }));
  const kioskId = async () => (await t.database.db.select({ id: kiosks.id }).from(kiosks))[0]!.id;

  it('a pass that does not work is refused with its reason, kept under the pass; an unknown code under the kiosk', async () => {
    const kiosk = await kioskId();
    const cases: Array<[string, (pass: string, adult: string) => Promise<unknown>, string]> = [
      [
        'Revoked',
        (pass) =>
          t.database.db
            .update(digitalPassports)
            .set({ revokedAt: new Date(MONDAY_MORNING) })
            .where(eq(digitalPassports.id, pass)),
        'This pass has been turned off by the family.',
      ],
      [
        'Expired',
        (pass) =>
          t.database.db
            .update(digitalPassports)
            .set({ expiresAt: new Date('2026-11-22T18:00:00Z') })
            .where(eq(digitalPassports.id, pass)),
        'This pass expired on November 22, 2026. The family can issue a new one in the portal.',
      ],
      [
        'Inactive',
        (_pass, adult) =>
          t.database.db.update(trustees).set({ isActive: false }).where(eq(trustees.id, adult)),
        'Rosa is not an active contact of the family right now.',
      ],
      [
        'Nopickup',
        (_pass, adult) =>
          t.database.db.update(trustees).set({ canPickup: false }).where(eq(trustees.id, adult)),
        'Rosa is not allowed to pick up children right now.',
      ],
    ];
    for (const [name, stop, reason] of cases) {
      const f = await d.family(name);
      const pass = await passId(f.rosa.id);
      await stop(pass, f.rosa.id);
      const before = (await refusalRows()).length;
      const scan = await d.kiosk('scan', { code: f.rosa.code });
      const checkIn = await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
      for (const res of [scan, checkIn])
        expect([res.statusCode, res.json().message], name).toEqual([403, reason]);
      expect((await refusalRows()).slice(before), name).toEqual([
        {
          entityType: 'DigitalPassport',
          entityId: pass,
          after: { reason, kioskId: kiosk, attempted: 'scan' },
        },
        {
          entityType: 'DigitalPassport',
          entityId: pass,
          after: { reason, kioskId: kiosk, attempted: 'CheckIn' },
        },
      ]);
      expect(await d.rows(f.childIds[0]!), name).toEqual([]);
    }

    const unknown = await d.kiosk('scan', { code: 'ZZZZ-ZZZZ-ZZZZ' });
    expect([unknown.statusCode, unknown.json().fields]).toEqual([
      404,
      { code: 'We don’t recognise this code' },
    ]);
    expect((await refusalRows()).at(-1)).toEqual({
      entityType: 'Kiosk',
      entityId: kiosk,
      after: { reason: 'Unknown code', kioskId: kiosk, attempted: 'scan' },
    });
  });

  it('a pickup refused for its PIN or photo names the field to fix; a missing PIN or photo is no door refusal', async () => {
    const f = await d.family('Fields');
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    const pickUp = (more: object) =>
      d.kiosk('check-out', { code: f.rosa.code, children: [f.child()], ...more });
    const before = await refusalRows();
    const missing = await pickUp({});
    expect([missing.statusCode, missing.json().fields]).toEqual([400, ASK_PIN]);
    const noPhoto = await pickUp({ photoConfirmed: true });
    expect([noPhoto.statusCode, noPhoto.json().fields]).toEqual([400, ASK_PIN]);
    expect(await refusalRows()).toEqual(before);
    for (let i = 0; i < 4; i++) {
      const wrong = await pickUp({ pin: '1111' });
      expect([wrong.statusCode, wrong.json().fields]).toEqual([403, { pin: 'That PIN is not right' }]);
    }
    const paused = await pickUp({ pin: '1111' });
    expect([paused.statusCode, paused.json().fields]).toEqual([
      429,
      { pin: 'Pickups with this pass are paused' },
    ]);
  });

  it('a pickup with the right PIN is recorded with the PIN as its second factor', async () => {
    const f = await d.family('Pinfactor');
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    clock.advanceMinutes(30);
    const res = await d.kiosk('check-out', { code: f.rosa.code, pin: '4321', children: [f.child()] });
    expect(res.json().results[0].outcome).toBe('done');
    const [out] = (await d.rows(f.childIds[0]!)).filter((r) => r.kind === 'CheckOut');
    expect(out).toMatchObject({ secondFactor: 'Pin', method: 'Pass', trusteeId: f.rosa.id });
  });

  it('a child in two sessions today is dropped off in both with one request: one event and one answer each', async () => {
    const f = await d.family('Twosessions');
    await d.enrollAndPay(f, d.birch);
    const res = await d.kiosk('check-in', { code: f.rosa.code, children: [f.child(0), f.child(0, d.birch)] });
    const at = '2026-11-23T16:45:00.000Z';
    expect(res.json().results).toEqual([
      { ...f.child(0), firstName: 'Ava', outcome: 'done', reason: null, at },
      { ...f.child(0, d.birch), firstName: 'Ava', outcome: 'done', reason: null, at },
    ]);
    expect((await d.rows(f.childIds[0]!)).map((r) => r.classSessionId).sort()).toEqual(
      [d.acorn, d.birch].sort(),
    );
  });

  it('a malformed child id is not the pass’s to bring, alone or beside a child it is', async () => {
    const f = await d.family('Malformed');
    const nope = { studentId: 'not-a-child', classSessionId: d.acorn };
    const refused = { ...nope, firstName: 'This child', outcome: 'refused', reason: NOT_FOR_CHILD, at: null };
    const alone = await d.kiosk('check-in', { code: f.rosa.code, children: [nope] });
    expect([alone.statusCode, alone.json().results]).toEqual([200, [refused]]);
    const beside = await d.kiosk('check-in', { code: f.rosa.code, children: [nope, f.child()] });
    expect(beside.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['refused', 'done']);
    expect(await d.rows(f.childIds[0]!)).toHaveLength(1);
  });

  it('two children refused in one request are kept in one row: both reasons, both children', async () => {
    const f = await d.family('Tworefused');
    const other = await d.family('Tworefusedother');
    const res = await d.kiosk('check-in', {
      code: f.rosa.code,
      children: [other.child(), f.child(0, d.birch)],
    });
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['refused', 'refused']);
    expect((await refusalRows()).at(-1)).toEqual({
      entityType: 'DigitalPassport',
      entityId: await passId(f.rosa.id),
      after: {
        reason: `${NOT_FOR_CHILD} ${NOT_FOR_CHILD}`,
        kioskId: await kioskId(),
        attempted: 'CheckIn',
        studentIds: [other.childIds[0], f.childIds[0]],
      },
    });
  });

  it('a scan shows the photo on the pass; a photo file that is gone shows none', async () => {
    const f = await d.family('Photoscan');
    const boundary = '----lcdoorphoto';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rosa.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/Student/Trustees/${f.rosa.id}/Pass/Photo`,
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${f.token}`,
      },
    });
    expect(upload.statusCode).toBeLessThan(300);
    const pass = await passId(f.rosa.id);
    const [row] = await t.database.db.select().from(digitalPassports).where(eq(digitalPassports.id, pass));
    const file = await t.ctx.passPhotos.read(row!.imageUrl!);
    expect(file!.mimeType).toMatch(/^image\//);
    const photo = (await d.kiosk('scan', { code: f.rosa.code })).json().photo as string;
    expect(photo).toBe(`data:${file!.mimeType};base64,${file!.bytes.toString('base64')}`);
    await t.database.db
      .update(digitalPassports)
      .set({ imageUrl: 'photos/no-such-photo-file.png' })
      .where(eq(digitalPassports.id, pass));
    const gone = await d.kiosk('scan', { code: f.rosa.code });
    expect([gone.statusCode, gone.json().photo]).toEqual([200, null]);
  });
});
