/**
 * The director moves several children of a roster at once (issue 24: "move … several children with one
 * confirmation that lists each consequence"): who may call the preview and the move (role × route, nothing
 * read or changed when refused), the preview's per-child price and balance agree with the single move's
 * quote, a child who cannot go rolls the whole move back (nothing moved, mailed or recorded) and is named, and
 * a move that goes through moves, mails and audits each child as the single move does. Set-up:
 * support/money-app.ts. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { auditEvents, sessionStaff } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';
import type { Family } from './support/registration.ts';

describe.each(dbKinds)('moving several children on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as, enrolledFamily, auditCount, mailCount, mailsTo, enrollmentOf } = office;
  const url = (from: number, preview = false) =>
    `/api/staff/sessions/${from}/bulk-move${preview ? '/preview' : ''}`;
  const statusOf = async (session: number, child: string) => (await enrollmentOf(session, child))[0]?.status;

  describe('who may call what (role × route)', () => {
    let from: number;
    let to: number;
    let kids: Array<Family & { paymentId: string }>;
    beforeAll(async () => {
      from = await office.a.session({ name: 'Otter Room', sessionStartDate: '2026-11-02', rosterSize: 4 });
      to = await office.a.session({ name: 'Heron Room', sessionStartDate: '2026-11-02', rosterSize: 4 });
      kids = [await enrolledFamily('Otterone', from), await enrolledFamily('Ottertwo', from)];
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

    it.each(EVERYONE)('the preview as %s: the director only, no money shown to anyone else', async (who) => {
      const res = await as(token(who), 'POST', url(from, true), {
        studentIds: kids.map((k) => k.childIds[0]),
        toClassSessionId: to,
      });
      expect(res.statusCode).toBe(expected(who));
      if (res.statusCode !== 200) expect(res.body).not.toMatch(/price|balance|Otterone|Heron/i);
    });

    // The director goes last: the refusals before must have changed nothing.
    it.each(EVERYONE)('the move as %s: only the director moves anyone', async (who) => {
      const before = { audit: await auditCount(), mail: await mailCount() };
      const res = await as(token(who), 'POST', url(from), {
        studentIds: kids.map((k) => k.childIds[0]),
        toClassSessionId: to,
        reason: 'Room change for the winter',
      });
      expect(res.statusCode).toBe(expected(who));
      const moved = who === 'admin';
      for (const kid of kids) {
        expect(await statusOf(from, kid.childIds[0]!)).toBe(moved ? 'Withdrawn' : 'Enrolled');
        expect(await statusOf(to, kid.childIds[0]!)).toBe(moved ? 'Enrolled' : undefined);
      }
      if (!moved) expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);
    });
  });

  it('the preview lists each child’s price and balance exactly as the single move quotes them, and who cannot go', async () => {
    const from = await office.a.session({
      name: 'Finch Room',
      sessionStartDate: '2026-11-02',
      rosterSize: 4,
    });
    const to = await office.a.session({ name: 'Wren Room', sessionStartDate: '2026-11-02', rosterSize: 1 });
    const first = await enrolledFamily('Finchone', from);
    const second = await enrolledFamily('Finchtwo', from);
    const before = { audit: await auditCount(), mail: await mailCount() };
    const res = await as(office.admin, 'POST', url(from, true), {
      studentIds: [first.childIds[0], second.childIds[0]],
      toClassSessionId: to,
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.toSession).toEqual({ id: to, name: 'Wren Room', seatsLeft: 1 });
    for (const [i, kid] of [first, second].entries()) {
      const single = (
        await as(office.admin, 'GET', `/api/staff/sessions/${from}/move-targets?studentId=${kid.childIds[0]}`)
      )
        .json()
        .find((t: { id: number }) => t.id === to);
      expect(preview.children[i]).toMatchObject({
        studentId: kid.childIds[0],
        name: `Ava ${i === 0 ? 'Finchone' : 'Finchtwo'}`,
        price: single.price,
        balanceAfter: single.balanceAfter,
      });
    }
    expect(preview.children[0].problem).toBeNull();
    expect(preview.children[1].problem).toBe(
      'Wren Room has 1 seat left, taken by the children above, so Ava cannot go there.',
    );
    expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);
  });

  it('one child who cannot go rolls back the whole move: nobody moved, mailed or recorded, and the child is named', async () => {
    const from = await office.a.session({ name: 'Lark Room', sessionStartDate: '2026-11-02', rosterSize: 4 });
    const to = await office.a.session({ name: 'Robin Room', sessionStartDate: '2026-11-02', rosterSize: 1 });
    const first = await enrolledFamily('Larkone', from);
    const second = await enrolledFamily('Larktwo', from);
    const before = { audit: await auditCount(), mail: await mailCount() };
    const res = await as(office.admin, 'POST', url(from), {
      studentIds: [first.childIds[0], second.childIds[0]],
      toClassSessionId: to,
      reason: 'Smaller group',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Robin Room is full (1 of 1 seat taken), so Ava cannot move there. Withdraw a child there or raise its roster size first.',
    );
    for (const kid of [first, second]) {
      expect(await statusOf(from, kid.childIds[0]!)).toBe('Enrolled');
      expect(await statusOf(to, kid.childIds[0]!)).toBeUndefined();
    }
    expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);
  });

  it('a child no longer enrolled here is named and nothing moves; an unknown child is 404', async () => {
    const from = await office.a.session({
      name: 'Swift Room',
      sessionStartDate: '2026-11-02',
      rosterSize: 4,
    });
    const to = await office.a.session({ name: 'Kite Room', sessionStartDate: '2026-11-02', rosterSize: 4 });
    const stays = await enrolledFamily('Swiftone', from);
    const elsewhere = await enrolledFamily('Swifttwo', to);
    const res = await as(office.admin, 'POST', url(from), {
      studentIds: [stays.childIds[0], elsewhere.childIds[0]],
      toClassSessionId: to,
      reason: 'Room change',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Ava Swifttwo is no longer enrolled in this session, so nothing was moved/,
    );
    expect(await statusOf(from, stays.childIds[0]!)).toBe('Enrolled');
    const unknown = await as(office.admin, 'POST', url(from, true), {
      studentIds: ['00000000-0000-4000-8000-000000000000'],
      toClassSessionId: to,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('moves every child as the single move does: enrolled there with the same payment, mailed and audited each', async () => {
    const from = await office.a.session({
      name: 'Heath Room',
      sessionStartDate: '2026-11-02',
      rosterSize: 2,
    });
    const to = await office.a.session({ name: 'Moss Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    const first = await enrolledFamily('Heathone', from);
    const second = await enrolledFamily('Heathtwo', from);
    const waiting = await office.a.family('Heathwait', 1);
    expect((await office.a.joinWaitlist(waiting, from)).statusCode).toBe(201);
    const res = await as(office.admin, 'POST', url(from), {
      studentIds: [first.childIds[0], second.childIds[0]],
      toClassSessionId: to,
      reason: 'Moss Room has the afternoon slot',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      moved: 2,
      message: 'Moved 2 children to Moss Room. Each family has been emailed.',
    });
    for (const kid of [first, second]) {
      const [left] = await enrollmentOf(from, kid.childIds[0]!);
      const [there] = await enrollmentOf(to, kid.childIds[0]!);
      expect(left).toMatchObject({
        status: 'Withdrawn',
        withdrawnReason: 'Moved to Moss Room: Moss Room has the afternoon slot',
      });
      expect(there).toMatchObject({ status: 'Enrolled', paymentId: kid.paymentId });
      expect((await mailsTo(kid.email)).map((m) => m.subject)).toContain('Ava has moved to Moss Room');
      const audits = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, left!.id), eq(auditEvents.action, 'enrollment.move')));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorUserId: office.adminId, after: { classSessionId: to } });
    }
    const [offered] = await queryRows<{ status: string }>(
      office.t.database.db,
      sql`select status from waitlist_submissions where student_id = ${waiting.childIds[0]}::uuid`,
    );
    expect(offered!.status).toBe('Offered');
    // Again with the same children (a double click): nobody is enrolled here any more, nothing changes.
    const again = await as(office.admin, 'POST', url(from), {
      studentIds: [first.childIds[0], second.childIds[0]],
      toClassSessionId: to,
      reason: 'Moss Room has the afternoon slot',
    });
    expect(again.statusCode).toBe(409);
  });

  it('bad input answers 400 by field', async () => {
    const res = await as(office.admin, 'POST', url(1), { studentIds: [], toClassSessionId: 'x', reason: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['reason', 'studentIds', 'toClassSessionId']);
  });
});
