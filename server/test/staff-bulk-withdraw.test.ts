/**
 * The director withdraws several children of a roster at once (issue 24: "withdraw several children with one
 * confirmation that lists each consequence"): who may call the preview and the withdrawal (role × route,
 * nothing read or changed when refused), the refunds agree to the cent with single withdrawals made one after
 * the other (brothers and sisters on one payment too), a child no longer enrolled stops everything before
 * anything is done, and the same key again refunds nobody twice. Set-up: support/money-app.ts. On PGlite, and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessionStaff } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';
import type { Family } from './support/registration.ts';

describe.each(dbKinds)('withdrawing several children on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as, enrolledFamily, auditCount, mailCount, enrollmentOf, refundRows } = office;
  const url = (from: number, preview = false) =>
    `/api/staff/sessions/${from}/bulk-withdraw${preview ? '/preview' : ''}`;
  const statusOf = async (session: number, child: string) => (await enrollmentOf(session, child))[0]?.status;
  let seq = 0;
  const key = () => `bulk-${kind}-${++seq}-${Date.now()}`;

  describe('who may call what (role × route)', () => {
    let from: number;
    let kids: Array<Family & { paymentId: string }>;
    beforeAll(async () => {
      from = await office.a.session({ name: 'Pine Room', sessionStartDate: '2026-11-02', rosterSize: 4 });
      kids = [await enrolledFamily('Pineone', from), await enrolledFamily('Pinetwo', from)];
      await office.t.database.db
        .insert(sessionStaff)
        .values({ classSessionId: from, userId: office.teacherId });
    });
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const EVERYONE: Who[] = ['anonymous', 'parent', 'teacher assigned', 'teacher not assigned', 'admin'];
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: kids[0]!.token,
        'teacher assigned': office.teacher,
        'teacher not assigned': office.otherTeacher,
        admin: office.admin,
      })[who];
    const expected = (who: Who) => (who === 'anonymous' ? 401 : who === 'admin' ? 200 : 403);

    it.each(EVERYONE)('the preview as %s: the director only; no refund shown to anyone else', async (who) => {
      const res = await as(token(who), 'POST', url(from, true), {
        studentIds: kids.map((k) => k.childIds[0]),
      });
      expect(res.statusCode).toBe(expected(who));
      if (res.statusCode !== 200) expect(res.body).not.toMatch(/refund|total|Pineone/i);
    });

    // The director goes last: the refusals before must have changed nothing.
    it.each(EVERYONE)('the withdrawal as %s: only the director withdraws anyone', async (who) => {
      const before = { audit: await auditCount(), mail: await mailCount() };
      const res = await as(token(who), 'POST', url(from), {
        studentIds: kids.map((k) => k.childIds[0]),
        reason: 'Family moving away',
        idempotencyKey: key(),
      });
      expect(res.statusCode).toBe(expected(who));
      for (const kid of kids)
        expect(await statusOf(from, kid.childIds[0]!)).toBe(who === 'admin' ? 'Withdrawn' : 'Enrolled');
      if (who !== 'admin') {
        expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);
        for (const kid of kids) expect(await refundRows(kid.paymentId)).toEqual([]);
      }
    });
  });

  it('refunds agree to the cent with single withdrawals one after the other, siblings on one payment too', async () => {
    // Two alike rooms: in each, brothers on one payment and a child of another family.
    const rooms: number[] = [];
    const families: Array<{
      siblings: Family & { paymentId: string };
      other: Family & { paymentId: string };
    }> = [];
    for (const name of ['Cedar Room', 'Alder Room']) {
      const room = await office.a.session({ name, sessionStartDate: '2026-11-02', rosterSize: 6 });
      const siblings = await (async () => {
        const family = await office.a.family(`${name.split(' ')[0]}kin`, 2);
        const { paymentId } = await office.a.enrollPaid(family, room);
        return { ...family, paymentId };
      })();
      const other = await enrolledFamily(`${name.split(' ')[0]}solo`, room);
      rooms.push(room);
      families.push({ siblings, other });
    }
    const order = (i: number) => [
      families[i]!.siblings.childIds[0]!,
      families[i]!.siblings.childIds[1]!,
      families[i]!.other.childIds[0]!,
    ];

    // Cedar: one at a time, as the single dialog does (its preview's refund, then withdraw with it).
    const single: number[] = [];
    for (const studentId of order(0)) {
      const preview = await as(office.admin, 'POST', `/api/staff/sessions/${rooms[0]}/withdraw/preview`, {
        studentId,
      });
      const refundAmount = preview.json().quote.refund as number;
      const res = await as(office.admin, 'POST', `/api/staff/sessions/${rooms[0]}/withdraw`, {
        studentId,
        reason: 'Leaving',
        refundAmount,
        ...(refundAmount > 0 ? { idempotencyKey: key() } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      single.push(refundAmount);
    }

    // Alder: the preview lists the first of each family as a single withdrawal would, then all at once.
    const preview = await as(office.admin, 'POST', url(rooms[1]!, true), { studentIds: order(1) });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().children[0].refund).toBe(single[0]);
    expect(preview.json().children[2].refund).toBe(single[2]);
    const res = await as(office.admin, 'POST', url(rooms[1]!), {
      studentIds: order(1),
      reason: 'Leaving',
      idempotencyKey: key(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().children.map((c: { refund: number }) => c.refund)).toEqual(single);
    expect(single.some((cents) => cents > 0)).toBe(true);
    const refundedOn = async (paymentId: string) =>
      (await refundRows(paymentId)).reduce((sum, r) => sum + r.amount, 0);
    expect(await refundedOn(families[1]!.siblings.paymentId)).toBe(
      await refundedOn(families[0]!.siblings.paymentId),
    );
    expect(await refundedOn(families[1]!.other.paymentId)).toBe(
      await refundedOn(families[0]!.other.paymentId),
    );
    // Audited per child, as the single withdrawal is.
    for (const studentId of order(1)) {
      const [place] = await enrollmentOf(rooms[1]!, studentId);
      const audits = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, place!.id), eq(auditEvents.action, 'enrollment.withdraw')));
      expect(audits).toHaveLength(1);
    }
  });

  it('a child no longer enrolled stops everything before anything is done, and is named', async () => {
    const room = await office.a.session({ name: 'Yew Room', sessionStartDate: '2026-11-02', rosterSize: 4 });
    const stays = await enrolledFamily('Yewone', room);
    const gone = await enrolledFamily('Yewtwo', room);
    expect(
      (
        await as(office.admin, 'POST', `/api/staff/sessions/${room}/withdraw`, {
          studentId: gone.childIds[0],
          reason: 'Left earlier',
        })
      ).statusCode,
    ).toBe(200);
    const before = { audit: await auditCount(), mail: await mailCount() };
    const res = await as(office.admin, 'POST', url(room), {
      studentIds: [stays.childIds[0], gone.childIds[0]],
      reason: 'Leaving',
      idempotencyKey: key(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Ava Yewtwo is no longer enrolled in this session, so nobody was withdrawn/,
    );
    expect(await statusOf(room, stays.childIds[0]!)).toBe('Enrolled');
    expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);
    expect(await refundRows(stays.paymentId)).toEqual([]);
  });

  it('the same key again (a lost answer, a double click) refunds nobody twice', async () => {
    const room = await office.a.session({ name: 'Elm Room', sessionStartDate: '2026-11-02', rosterSize: 4 });
    const kids = [await enrolledFamily('Elmone', room), await enrolledFamily('Elmtwo', room)];
    const body = { studentIds: kids.map((k) => k.childIds[0]), reason: 'Leaving', idempotencyKey: key() };
    const first = await as(office.admin, 'POST', url(room), body);
    expect(first.statusCode).toBe(200);
    const refundsAfterFirst = await Promise.all(kids.map((k) => refundRows(k.paymentId)));
    const audits = await auditCount();
    const again = await as(office.admin, 'POST', url(room), body);
    expect(again.statusCode).toBe(200);
    expect(again.json().children).toEqual(first.json().children);
    expect(await Promise.all(kids.map((k) => refundRows(k.paymentId)))).toEqual(refundsAfterFirst);
    expect(await auditCount()).toBe(audits);
    // Another key: a new request, and nobody is enrolled any more.
    expect((await as(office.admin, 'POST', url(room), { ...body, idempotencyKey: key() })).statusCode).toBe(
      409,
    );
  });
});
