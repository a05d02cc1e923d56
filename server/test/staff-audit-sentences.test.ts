/**
 * The audit trail in sentences (issue 24, "Records staff can keep"): each row reads who did what to whom with
 * names, not ids (the child, the family, the sessions, the director), money as dollars, days and times on the
 * center's clock, in the reader's language; a child no longer on record still reads well. The director filters
 * by who, child, family and kind (bad ids answer 400 by field) and the CSV keeps the filters and gains the
 * sentence; nobody else reads any of it (anonymous 401, a parent and teachers 403, nothing leaked). On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { auditSentenceText } from '@lc/contract/audit-sentences';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionStaff, students, users } from '../src/db/schema.ts';
import { recordAudit } from '../src/features/audit/record.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';
import type { Family } from './support/registration.ts';

const TZ = 'America/Los_Angeles';
type Item = {
  action: string;
  at: string;
  sentence: { key: string; params: Record<string, unknown> };
  studentId: string | null;
  familyUserId: string | null;
  actorName: string | null;
};

describe.each(dbKinds)('the audit trail in sentences on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as, enrolledFamily, tick } = office;
  let chen: Family & { paymentId: string };
  let other: Family & { paymentId: string };
  let owl: number;
  let preK: number;

  const rename = (id: string, firstName: string, lastName: string) =>
    office.t.database.db.update(users).set({ firstName, lastName }).where(eq(users.id, id));
  const trail = async (query: string, token = office.admin) => {
    const res = await as(token, 'GET', `/api/staff/audit?pageSize=100${query ? `&${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Item[]; total: number; filterNames: Record<string, string | null> };
  };
  const english = (item: Item) => auditSentenceText(item.sentence as never, 'en', TZ);
  const sentences = async (query: string) => (await trail(query)).items.map(english);

  it('writes each change as a sentence: names, dollars, the center’s days', async () => {
    await rename(office.adminId, 'Maya', 'Director');
    preK = await office.a.session({ name: 'Pre-K Mornings', sessionStartDate: '2026-11-02', rosterSize: 2 });
    owl = await office.a.session({ name: 'Owl Room', sessionStartDate: '2026-11-02', rosterSize: 2 });
    await office.t.database.db.insert(sessionStaff).values({ classSessionId: owl, userId: office.teacherId });
    chen = await enrolledFamily('Lily', preK);
    await rename(chen.userId, 'Mei', 'Chen');
    await office.t.database.db
      .update(students)
      .set({ firstName: 'Lily', lastName: 'Chen' })
      .where(eq(students.id, chen.childIds[0]!));
    other = await enrolledFamily('Omar', preK);
    tick();
    const moved = await as(office.admin, 'POST', `/api/staff/sessions/${preK}/move`, {
      studentId: chen.childIds[0],
      toClassSessionId: owl,
      reason: 'Afternoons suit them better',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    tick();
    const withdrawn = await as(office.admin, 'POST', `/api/staff/sessions/${owl}/withdraw`, {
      studentId: chen.childIds[0],
      reason: 'Moving away',
      refundAmount: 12_000,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    tick();
    const closure = await as(office.admin, 'POST', '/api/staff/closures', {
      startsOn: '2026-12-21',
      endsOn: '2027-01-01',
      kind: 'Closed',
      reason: 'Winter break',
    });
    expect(closure.statusCode, closure.body).toBe(201);

    const all = await sentences('');
    expect(all).toEqual(
      expect.arrayContaining([
        'Maya Director moved Lily Chen from Pre-K Mornings to Owl Room.',
        'Maya Director withdrew Lily Chen from Owl Room and refunded $120.00.',
        'Maya Director asked for a refund of $120.00 to the Chen family.',
        'Maya Director refunded $120.00 to the Chen family.',
        'Maya Director added a closure: Winter break, Dec 21 – Jan 1.',
      ]),
    );
    // No sentence falls back to a code or an id.
    for (const text of all) expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|{{|\.[a-z]+\b(?! )/);
    const page = await trail('');
    const move = page.items.find((i) => i.action === 'enrollment.move')!;
    expect(move).toMatchObject({
      studentId: chen.childIds[0],
      familyUserId: chen.userId,
      actorName: 'Maya Director',
    });
    expect(auditSentenceText(move.sentence as never, 'es', TZ)).toBe(
      'Maya Director cambió a Lily Chen de Pre-K Mornings a Owl Room.',
    );
  });

  it('says a child no longer on record, and names the system', async () => {
    await recordAudit(
      office.t.database.db,
      {
        actorUserId: null,
        action: 'student.allergy.add',
        entityType: 'Student',
        entityId: '00000000-0000-4000-8000-000000000001',
        before: null,
        after: { allergy: 'Sesame' },
      },
      new Date('2026-11-22T07:30:00Z'),
    );
    const [gone] = (await trail('kind=children')).items;
    expect(english(gone!)).toBe(
      'The center’s system added the allergy “Sesame” for a child no longer on record.',
    );
    expect(gone).toMatchObject({ studentId: null, familyUserId: null });
  });

  it('filters by who, child, family and kind; a bad id answers 400 by field', async () => {
    const child = await trail(`studentId=${chen.childIds[0]}`);
    expect(child.filterNames.child).toBe('Lily Chen');
    expect(child.items.map((i) => i.action).sort()).toEqual([
      'enrollment.move',
      'enrollment.withdraw',
      'payment.refund',
      'payment.refund.requested',
    ]);
    const family = await trail(`familyUserId=${chen.userId}`);
    expect(family.filterNames.family).toBe('Mei Chen');
    // Every change about the family's child and payments; the other family's never.
    expect(family.items.map((i) => i.action)).toEqual(
      expect.arrayContaining(['enrollment.move', 'payment.refund']),
    );
    expect(family.items.every((i) => i.familyUserId === chen.userId)).toBe(true);
    const otherFamily = await trail(`familyUserId=${other.userId}`);
    expect(otherFamily.items.map(english).join(' ')).not.toContain('Lily');
    const money = await trail('kind=money');
    expect(money.items.map((i) => i.action).sort()).toEqual(['payment.refund', 'payment.refund.requested']);
    const byDirector = await trail(`actorUserId=${office.adminId}`);
    expect(byDirector.filterNames.actor).toBe('Maya Director');
    expect(byDirector.items).toHaveLength(5);
    expect(byDirector.items.every((i) => i.actorName === 'Maya Director')).toBe(true);
    expect((await trail(`actorUserId=${office.teacherId}`)).total).toBe(0);
    expect((await trail(`kind=calendar&from=2026-11-20&to=2026-11-20`)).total).toBe(1);

    for (const [query, field] of [
      ['studentId=lily', 'studentId'],
      ['familyUserId=12', 'familyUserId'],
      ['actorUserId=x', 'actorUserId'],
      ['kind=enrollment.move', 'kind'],
    ] as const) {
      const bad = await as(office.admin, 'GET', `/api/staff/audit?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual([field]);
    }
  });

  it('writes times on the center’s clock, and the CSV keeps the filters with the sentence in the asker’s language', async () => {
    const page = await trail(`studentId=${chen.childIds[0]}&kind=enrollments`);
    const csv = await as(
      office.admin,
      'GET',
      `/api/staff/audit.csv?studentId=${chen.childIds[0]}&kind=enrollments`,
    );
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parse(csv.body) as string[][];
    expect(header).toEqual(['When', 'Who', 'What happened', 'Action', 'Record', 'Changes']);
    expect(rows.map((r) => r[2])).toEqual(page.items.map(english));
    expect(rows.map((r) => r[2])).toEqual([
      'Maya Director withdrew Lily Chen from Owl Room and refunded $120.00.',
      'Maya Director moved Lily Chen from Pre-K Mornings to Owl Room.',
    ]);
    // The move was made at 18:00 UTC plus the ticks: 10 in the morning in California.
    const moveAt = new Date(page.items[1]!.at);
    expect(rows[1]![0]).toBe(
      new Intl.DateTimeFormat('en-US', {
        timeZone: TZ,
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(moveAt),
    );
    expect(rows[1]![0]).toMatch(/^Nov 20, 2026, 10:\d\d AM$/);
    const spanish = await office.t.app.inject({
      method: 'GET',
      url: `/api/staff/audit.csv?studentId=${chen.childIds[0]}&kind=enrollments`,
      headers: { authorization: `Bearer ${office.admin}`, 'accept-language': 'es' },
    });
    expect((parse(spanish.body) as string[][])[2]![2]).toBe(
      'Maya Director cambió a Lily Chen de Pre-K Mornings a Owl Room.',
    );
  });

  it('only the director reads the filtered trail; nothing leaks to anyone else', async () => {
    const filtered = [
      `/api/staff/audit?studentId=${chen.childIds[0]}`,
      `/api/staff/audit?familyUserId=${chen.userId}&kind=money`,
      `/api/staff/audit.csv?actorUserId=${office.adminId}`,
    ];
    for (const url of filtered) {
      const anonymous = await as(null, 'GET', url);
      expect(anonymous.statusCode).toBe(401);
      // A parent (even of the child), the teacher of Owl Room, and a teacher of no session.
      for (const token of [chen.token, other.token, office.teacher, office.otherTeacher]) {
        const res = await as(token, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toMatch(/Lily|Chen|120\.00|Winter break/);
      }
      expect((await as(office.admin, 'GET', url)).statusCode).toBe(200);
    }
  });
});
