/**
 * Enrollments, waitlists and money on the staff side (issue 10): the role × route matrix over every route
 * (anonymous, parent, teacher assigned, teacher not assigned, director: status and nothing changed), and the
 * payments list and its CSV. Refunds are in staff-money-refunds.test.ts; withdrawing, enrolling by hand, moving
 * and the waitlist actions in staff-money-places.test.ts; the shared set-up in support/money-app.ts. On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { PAYMENT_CSV_COLUMNS, paymentTableRows } from '@lc/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionStaff, waitlistSubmissions } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';
import type { Family } from './support/registration.ts';

const TZ = 'America/Los_Angeles';

describe.each(dbKinds)('staff money on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { key, as, enrolledFamily, refundRows, auditCount, mailCount, enrollmentOf, ledgerCount } = office;

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    let parent: Family & { paymentId: string };
    let waiting: Family;
    let session: number;
    let other: number;

    beforeAll(async () => {
      session = await office.a.session({
        name: 'Matrix Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 1,
      });
      other = await office.a.session({ name: 'Matrix Annex', sessionStartDate: '2026-11-02', rosterSize: 5 });
      await office.t.database.db
        .insert(sessionStaff)
        .values({ classSessionId: session, userId: office.teacherId });
      parent = await enrolledFamily('Matrixfam', session);
      waiting = await office.a.family('Matrixwait', 1);
      expect((await office.a.joinWaitlist(waiting, session)).statusCode).toBe(201);
    });

    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: parent.token,
        'teacher assigned': office.teacher,
        'teacher not assigned': office.otherTeacher,
        admin: office.admin,
      })[who];

    // Refusals only: the director's successes are each tested below with what they change.
    const routes: Record<string, (who: Who) => ReturnType<typeof as>> = {
      'GET payments': (who) => as(token(who), 'GET', '/api/staff/payments'),
      'GET payments.csv': (who) => as(token(who), 'GET', '/api/staff/payments.csv'),
      'GET children': (who) => as(token(who), 'GET', '/api/staff/children?q=Matrix'),
      'GET balances': (who) => as(token(who), 'GET', '/api/staff/balances'),
      'GET balances.csv': (who) => as(token(who), 'GET', '/api/staff/balances.csv'),
      'GET failed payments': (who) => as(token(who), 'GET', '/api/staff/failed-payments'),
      'GET revenue': (who) => as(token(who), 'GET', '/api/staff/revenue'),
      'GET revenue.csv': (who) => as(token(who), 'GET', '/api/staff/revenue.csv'),
      'GET session enrollments': (who) => as(token(who), 'GET', `/api/staff/sessions/${session}/enrollments`),
      'POST refund': (who) =>
        as(token(who), 'POST', `/api/staff/payments/${parent.paymentId}/refunds`, {
          amount: 100,
          reason: 'Matrix',
          idempotencyKey: key(),
        }),
      'POST withdraw': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${session}/withdraw`, {
          studentId: parent.childIds[0],
          reason: 'Matrix',
        }),
      'POST move': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${session}/move`, {
          studentId: parent.childIds[0],
          toClassSessionId: other,
          reason: 'Matrix',
        }),
      'POST enroll by hand': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${other}/enrollments`, {
          studentId: waiting.childIds[0],
          amount: 100,
          note: 'Check #1',
        }),
      'POST record payment': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${session}/enrollments/${parent.childIds[0]}/payments`, {
          amount: 100,
          method: 'check',
          reference: 'Check #7',
          idempotencyKey: key(),
        }),
      'POST adjustment': (who) =>
        as(
          token(who),
          'POST',
          `/api/staff/sessions/${session}/enrollments/${parent.childIds[0]}/adjustments`,
          {
            kind: 'credit',
            amount: 100,
            reason: 'Matrix',
            idempotencyKey: key(),
          },
        ),
      'POST waitlist action': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${session}/waitlist/${waiting.childIds[0]}`, {
          action: 'remove',
        }),
    };
    const refused: Record<Exclude<Who, 'admin'>, number> = {
      anonymous: 401,
      parent: 403,
      'teacher assigned': 403,
      'teacher not assigned': 403,
    };
    for (const [route, call] of Object.entries(routes)) {
      for (const [who, status] of Object.entries(refused) as [Who, number][]) {
        it(`${route}: ${who} → ${status}, nothing changed`, async () => {
          const before = {
            audit: await auditCount(),
            mail: await mailCount(),
            refunds: (await refundRows(parent.paymentId)).length,
            ledger: await ledgerCount(),
            enrolled: (await enrollmentOf(session, parent.childIds[0]!))[0]!.status,
            waiting: (
              await office.t.database.db
                .select()
                .from(waitlistSubmissions)
                .where(eq(waitlistSubmissions.studentId, waiting.childIds[0]!))
            )[0]!.status,
          };
          const res = await call(who);
          expect(res.statusCode).toBe(status);
          expect(res.body).not.toContain('Matrixfam');
          expect(res.body).not.toContain(parent.email);
          expect({
            audit: await auditCount(),
            mail: await mailCount(),
            refunds: (await refundRows(parent.paymentId)).length,
            ledger: await ledgerCount(),
            enrolled: (await enrollmentOf(session, parent.childIds[0]!))[0]!.status,
            waiting: (
              await office.t.database.db
                .select()
                .from(waitlistSubmissions)
                .where(eq(waitlistSubmissions.studentId, waiting.childIds[0]!))
            )[0]!.status,
          }).toEqual(before);
        });
      }
    }

    it('the director reads the payments, a session’s enrollments and finds a child; unknown ids are 404', async () => {
      expect((await as(office.admin, 'GET', '/api/staff/payments')).statusCode).toBe(200);
      expect((await as(office.admin, 'GET', '/api/staff/payments.csv')).statusCode).toBe(200);
      const found = await as(office.admin, 'GET', '/api/staff/children?q=matrixfam');
      expect(found.json()).toEqual([
        expect.objectContaining({
          studentId: parent.childIds[0],
          parents: [expect.objectContaining({ emailAddress: parent.email })],
        }),
      ]);
      const money = await as(office.admin, 'GET', `/api/staff/sessions/${session}/enrollments`);
      expect(money.json()).toEqual([
        expect.objectContaining({
          studentId: parent.childIds[0],
          paymentId: parent.paymentId,
          finalAmount: 55_000,
          refundedAmount: 0,
          refundable: 55_000,
        }),
      ]);
      expect((await as(office.admin, 'GET', '/api/staff/sessions/999999/enrollments')).statusCode).toBe(404);
      expect((await as(office.admin, 'GET', '/api/staff/sessions/abc/enrollments')).statusCode).toBe(404);
      const unknownPayment = await as(
        office.admin,
        'POST',
        '/api/staff/payments/00000000-0000-0000-0000-000000000000/refunds',
        { amount: 100, reason: 'x', idempotencyKey: key() },
      );
      expect(unknownPayment.statusCode).toBe(404);
      expect(
        (
          await as(office.admin, 'POST', `/api/staff/sessions/${session}/waitlist/not-a-uuid`, {
            action: 'skip',
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('the payments list', () => {
    it('filters by status, session and dates, paginates, totals, and the CSV is exactly the table', async () => {
      const room = await office.a.session({
        name: '=Ledger Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 10,
      });
      const f1 = await enrolledFamily('Ledgerone', room);
      await enrolledFamily('Ledgertwo', room);
      await enrolledFamily('Ledgerthree', room);
      await as(office.admin, 'POST', `/api/staff/payments/${f1.paymentId}/refunds`, {
        amount: 5_000,
        reason: 'Sibling discount',
        idempotencyKey: key(),
      });
      const page1 = (
        await as(office.admin, 'GET', `/api/staff/payments?classSessionId=${room}&pageSize=2`)
      ).json();
      const page2 = (
        await as(office.admin, 'GET', `/api/staff/payments?classSessionId=${room}&pageSize=2&page=2`)
      ).json();
      expect(page1.total).toBe(3);
      expect(page1.items).toHaveLength(2);
      expect(page2.items).toHaveLength(1);
      expect(page1.totals).toEqual({ paid: 165_000, refunded: 5_000, net: 160_000 });
      expect(page1.items[0]).toMatchObject({ sessionName: '=Ledger Room', status: 'Paid' });
      const refundedOne = [...page1.items, ...page2.items].find((p) => p.id === f1.paymentId);
      expect(refundedOne).toMatchObject({
        refundedAmount: 5_000,
        refundable: 50_000,
        children: ['Ava Ledgerone'],
      });

      const none = (
        await as(office.admin, 'GET', `/api/staff/payments?classSessionId=${room}&status=Pending`)
      ).json();
      expect(none).toMatchObject({ total: 0, totals: { paid: 0, refunded: 0, net: 0 } });
      const today = (
        await as(
          office.admin,
          'GET',
          `/api/staff/payments?classSessionId=${room}&from=2026-11-20&to=2026-11-20`,
        )
      ).json();
      expect(today.total).toBe(3);
      const tomorrow = (
        await as(office.admin, 'GET', `/api/staff/payments?classSessionId=${room}&from=2026-11-21`)
      ).json();
      expect(tomorrow.total).toBe(0);
      const bad = await as(office.admin, 'GET', '/api/staff/payments?status=Lost');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.status).toBe('Choose a payment status from the list.');
      const backwards = await as(office.admin, 'GET', '/api/staff/payments?from=2026-12-01&to=2026-11-01');
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().fields.to).toBe('The end date must be on or after the start date.');

      const csv = await as(office.admin, 'GET', `/api/staff/payments.csv?classSessionId=${room}`);
      expect(csv.headers['content-type']).toContain('text/csv');
      const [header, ...rows] = parse(csv.body) as string[][];
      expect(header).toEqual([...PAYMENT_CSV_COLUMNS]);
      const table = paymentTableRows([...page1.items, ...page2.items], TZ);
      expect(rows).toEqual(table.map((row) => row.map((c) => (/^[=+\-@]/.test(c) ? `'${c}` : c))));
      expect(rows[0]![3]).toBe("'=Ledger Room");
    });

    it('orders by the column the table asks for (decision 030), both ways, ties newest first, on every page alike and in the CSV', async () => {
      const alder = await office.a.session({
        name: 'Sort Alder Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 9,
      });
      const birch = await office.a.session({
        name: 'Sort Birch Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 9,
      });
      // Oldest to newest, a minute apart: Carter paid by card and got $50 back, Adams paid $200 at the office,
      // Baker's checkout is still open (Pending), Dunn paid $300 at the office.
      const carter = await enrolledFamily('Sortcarter', birch);
      await as(office.admin, 'POST', `/api/staff/payments/${carter.paymentId}/refunds`, {
        amount: 5_000,
        reason: 'Sibling discount',
        idempotencyKey: key(),
      });
      office.clock.advanceMinutes(1);
      const adams = await office.a.family('Sortadams', 1);
      await office.placeByHand(alder, adams.childIds[0]!, { amount: 20_000, note: 'Check #1' });
      office.clock.advanceMinutes(1);
      const baker = await office.a.family('Sortbaker', 1);
      expect((await office.a.enroll(baker, alder)).statusCode).toBe(201);
      office.clock.advanceMinutes(1);
      const dunn = await office.a.family('Sortdunn', 1);
      await office.placeByHand(birch, dunn.childIds[0]!, { amount: 30_000, note: 'Check #2' });

      type Item = { id: string; familyName: string };
      const list = async (query: string): Promise<Item[]> => {
        const res = await as(office.admin, 'GET', `/api/staff/payments?pageSize=100&${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().items;
      };
      const ours = (items: Item[]) =>
        items.filter((p) => p.familyName.startsWith('Sort')).map((p) => p.familyName.replace(' Family', ''));
      const order = async (query: string) => ours(await list(query));

      const newest = ['Sortdunn', 'Sortbaker', 'Sortadams', 'Sortcarter'];
      expect(await order('')).toEqual(newest);
      expect(await order('sort=date&dir=desc')).toEqual(newest);
      expect((await list('sort=date&dir=asc')).map((p) => p.id)).toEqual(
        (await list('')).map((p) => p.id).reverse(),
      );
      expect(await order('sort=family&dir=asc')).toEqual([
        'Sortadams',
        'Sortbaker',
        'Sortcarter',
        'Sortdunn',
      ]);
      expect(await order('sort=family&dir=desc')).toEqual([
        'Sortdunn',
        'Sortcarter',
        'Sortbaker',
        'Sortadams',
      ]);
      // Equal values keep newest first in either direction.
      expect(await order('sort=session&dir=asc')).toEqual([
        'Sortbaker',
        'Sortadams',
        'Sortdunn',
        'Sortcarter',
      ]);
      expect(await order('sort=session&dir=desc')).toEqual([
        'Sortdunn',
        'Sortcarter',
        'Sortbaker',
        'Sortadams',
      ]);
      expect(await order('sort=amount&dir=asc')).toEqual([
        'Sortadams',
        'Sortdunn',
        'Sortbaker',
        'Sortcarter',
      ]);
      expect(await order('sort=amount&dir=desc')).toEqual([
        'Sortbaker',
        'Sortcarter',
        'Sortdunn',
        'Sortadams',
      ]);
      expect(await order('sort=refunded&dir=asc')).toEqual([
        'Sortdunn',
        'Sortbaker',
        'Sortadams',
        'Sortcarter',
      ]);
      expect(await order('sort=refunded&dir=desc')).toEqual([
        'Sortcarter',
        'Sortdunn',
        'Sortbaker',
        'Sortadams',
      ]);
      // Status by its label, A to Z: Paid before Pending.
      expect(await order('sort=status&dir=asc')).toEqual([
        'Sortdunn',
        'Sortadams',
        'Sortcarter',
        'Sortbaker',
      ]);
      expect(await order('sort=status&dir=desc')).toEqual([
        'Sortbaker',
        'Sortdunn',
        'Sortadams',
        'Sortcarter',
      ]);

      // Every payment, a page of two at a time: the same rows in the same order, none twice, none left out.
      for (const query of ['sort=amount&dir=asc', 'sort=status&dir=desc', 'sort=session&dir=asc']) {
        const everyone = (await list(query)).map((p) => p.id);
        const pages: string[] = [];
        for (let page = 1; pages.length < everyone.length; page++) {
          const res = await as(office.admin, 'GET', `/api/staff/payments?pageSize=2&page=${page}&${query}`);
          const items = res.json().items as Item[];
          expect(items.length).toBeGreaterThan(0);
          pages.push(...items.map((p) => p.id));
        }
        expect(pages).toEqual(everyone);
      }

      // The CSV has the rows in the table's order.
      const csv = await as(office.admin, 'GET', '/api/staff/payments.csv?sort=amount&dir=desc');
      const [, ...rows] = parse(csv.body) as string[][];
      expect(rows.map((row) => row[1]!).filter((name) => name.startsWith('Sort'))).toEqual(
        ['Sortbaker', 'Sortcarter', 'Sortdunn', 'Sortadams'].map((name) => `${name} Family`),
      );
    });

    it('a sort the table does not offer answers 400 with the choices by the field; a teacher is still refused', async () => {
      const res = await as(office.admin, 'GET', '/api/staff/payments?sort=balance');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.sort).toBe('Sort by date, family, session, amount, refunded or status.');
      const dir = await as(office.admin, 'GET', '/api/staff/payments?sort=amount&dir=up');
      expect(dir.statusCode).toBe(400);
      expect(dir.json().fields.dir).toBe('Sort asc or desc.');
      const csv = await as(office.admin, 'GET', '/api/staff/payments.csv?sort=children');
      expect(csv.statusCode).toBe(400);
      expect(csv.json().fields.sort).toBe('Sort by date, family, session, amount, refunded or status.');
      for (const url of ['/api/staff/payments?sort=amount&dir=asc', '/api/staff/payments.csv?sort=family']) {
        const refused = await as(office.teacher, 'GET', url);
        expect(refused.statusCode).toBe(403);
        expect(refused.body).not.toContain('Sortadams');
      }
    });
  });
});
