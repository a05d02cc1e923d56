/**
 * The staff inbox tests' set-up (staff-inbox.test.ts, staff-inbox-replies.test.ts; issue 10): an app on a
 * clock that moves a minute per call, the director, a teacher given the inbox through the team API, one without
 * it, a parent, and four submissions (a tour request, a replied question, a tutoring family and the matrix's
 * own), with a count and a snapshot of everything a refused call could have changed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { contactSubmissions, tutoringWaitlistSubmissions } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, type Family, movableClock } from './registration.ts';

export const NOW = '2026-11-20T18:00:00Z';
export const CENTER_EMAIL = 'office@brightoak.example';

/**
 * Open the app, its people and submissions for the calling `describe` (its own beforeAll/afterAll) and answer
 * the helpers; `t`, `a`, the people and the submissions' ids are there once the describe's tests run.
 */
export function inboxApp(kind: DbKind) {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: Family;
  let withInbox: Family;
  let withoutInbox: Family;
  let parent: Family;
  let tourId: string;
  let questionId: string;
  let tutoringId: string;
  let matrixId: string;
  const clock = movableClock(NOW);

  /** Each call a minute after the last, so a thread's entries have an order of their own. */
  const as = (token: string | null, method: string, url: string, payload?: object) => {
    clock.advanceMinutes(1);
    return a.call(token, method, url, payload);
  };

  const addContact = async (
    values: Partial<typeof contactSubmissions.$inferInsert> & { submitted: Date },
  ) => {
    const [row] = await t.database.db
      .insert(contactSubmissions)
      .values({
        firstName: 'Ana',
        lastName: 'Rivera',
        email: 'ana.rivera@families.example',
        message: 'Hello!',
        ...values,
      })
      .returning({ id: contactSubmissions.id });
    return row!.id;
  };

  const count = async (table: 'audit_events' | 'mail_outbox' | 'inbox_entries') =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!
      .n;

  /** Everything a refused call could have changed. */
  const snapshot = async () => ({
    audit: await count('audit_events'),
    mail: await count('mail_outbox'),
    entries: await count('inbox_entries'),
    contact: await t.database.db
      .select({
        id: contactSubmissions.id,
        status: contactSubmissions.status,
        a: contactSubmissions.assigneeId,
      })
      .from(contactSubmissions)
      .orderBy(contactSubmissions.id),
    tutoring: await t.database.db
      .select({ id: tutoringWaitlistSubmissions.id, status: tutoringWaitlistSubmissions.status })
      .from(tutoringWaitlistSubmissions)
      .orderBy(tutoringWaitlistSubmissions.id),
  });

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIGNUP_RATE_LIMIT: '10000', FORM_RATE_LIMIT: '100', CENTER_EMAIL },
    });
    a = api(t);
    admin = await a.promote('Director', 'Admin');
    withInbox = await a.promote('Frontdesk', 'Staff');
    withoutInbox = await a.promote('Teacher', 'Staff');
    parent = await a.family('Parent', 1);
    // The director gives one teacher the inbox through the team API (audited).
    const grant = await as(admin.token, 'PUT', `/api/staff/team/${withInbox.userId}`, { inboxAccess: true });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ id: withInbox.userId, role: 'Staff', inboxAccess: true });

    tourId = await addContact({
      firstName: 'Ana',
      lastName: 'Rivera',
      email: 'rivera.tour@families.example',
      childName: 'Marigold',
      tour: true,
      message: 'Could we visit on a Tuesday morning? Marigold is shy at first.',
      submitted: new Date('2026-11-19T16:00:00Z'),
    });
    questionId = await addContact({
      firstName: 'Chidi',
      lastName: 'Okonkwo',
      email: 'chidi.okonkwo@families.example',
      message: 'Do you offer a sibling discount?',
      status: 'Replied',
      submitted: new Date('2026-11-20T09:00:00Z'),
    });
    const [tutoring] = await t.database.db
      .insert(tutoringWaitlistSubmissions)
      .values({
        parentName: 'Priya Lumen',
        studentName: 'Quill Lumen',
        grade: '2',
        emailAddress: 'priya.lumen@families.example',
        phoneNumber: '+16505550111',
        subjectMatter: 'Reading & phonics',
        message: 'Quill loves stories but finds reading aloud hard.',
        submitted: new Date('2026-11-18T16:00:00Z'),
      })
      .returning({ id: tutoringWaitlistSubmissions.id });
    tutoringId = tutoring!.id;
    matrixId = await addContact({
      firstName: 'Matrix',
      lastName: 'Family',
      email: 'matrix@families.example',
      message: 'A question for the matrix.',
      submitted: new Date('2026-11-01T16:00:00Z'),
    });
  });
  afterAll(async () => t?.close());

  return {
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    /** The director. */
    get admin() {
      return admin;
    },
    /** A teacher the director gave the inbox. */
    get withInbox() {
      return withInbox;
    },
    /** A teacher without the inbox. */
    get withoutInbox() {
      return withoutInbox;
    },
    get parent() {
      return parent;
    },
    /** Ana Rivera's tour request for Marigold (New, November 19). */
    get tourId() {
      return tourId;
    },
    /** Chidi Okonkwo's question (Replied, November 20). */
    get questionId() {
      return questionId;
    },
    /** Priya Lumen's tutoring request for Quill (New, November 18). */
    get tutoringId() {
      return tutoringId;
    },
    /** The submission the role × route matrix writes to. */
    get matrixId() {
      return matrixId;
    },
    as,
    addContact,
    count,
    snapshot,
  };
}
