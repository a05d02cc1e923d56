/**
 * Demo content for a new center's empty database (SEED_DEMO): the morning program's sessions in every
 * state a parent can meet — open for general registration, in its priority window, upcoming, past, nearly
 * full, full with a waitlist — plus the waitlist-only tutoring program, the center's policies,
 * announcements, and a few families whose children fill seats. Dates are relative to today so the demo
 * always makes sense. Idempotent: does nothing when any session exists.
 *
 * This is the seed's entry (startup.ts calls {@link seedDemo}; docs/architecture.md, Layers): it holds the
 * demo logins and the demo parent's and staff's accounts, and composes in one transaction the catalog
 * (demo-catalog.ts, which fills its seats with demo-places.ts and demo-families.ts and adds
 * demo-announcements.ts), the inbox (demo-inbox.ts) with its tour times (demo-tours.ts), the door (demo-door.ts) and the co-parent
 * (demo-co-parent.ts).
 */
import { count, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords.ts';
import type { Db, Tx } from '../client.ts';
import {
  autopayAttempts,
  classSessionEnrollments,
  classSessions,
  paymentMethods,
  payments,
  sessionStaff,
  students,
  userStudents,
  users,
} from '../schema.ts';
import { insertDemoCalendar } from './demo-calendar.ts';
import { insertCatalog } from './demo-catalog.ts';
import { DEMO_CO_PARENT, insertDemoCoParent } from './demo-co-parent.ts';
import { insertDemoCustody } from './demo-custody.ts';
import { addDays } from './demo-dates.ts';
import { type DemoFiles, insertDemoDayFeed } from './demo-day-feed.ts';
import { insertDemoDoor } from './demo-door.ts';
import { insertDemoDuty } from './demo-duty.ts';
import { insertDemoForms } from './demo-forms.ts';
import { insertDemoHealth } from './demo-health.ts';
import { insertDemoHistory } from './demo-history.ts';
import { insertDemoInbox } from './demo-inbox.ts';
import { insertDemoIncidents } from './demo-incidents.ts';
import { insertDemoMedication } from './demo-medication.ts';
import { insertDemoMessages } from './demo-messages.ts';
import { insertDemoTours } from './demo-tours.ts';

/** The demo parent's login (README, "What the demo shows"). */
export const DEMO_PARENT = {
  emailAddress: 'demo@brightoak.example',
  password: 'sunflower-demo',
  firstName: 'Jordan',
  lastName: 'Avery',
} as const;

/** The director's login (README, "Running the center"): an Admin, who sees every session and the money. */
export const DEMO_DIRECTOR = {
  emailAddress: 'director@brightoak.example',
  password: 'acorn-director-demo',
  firstName: 'Elena',
  lastName: 'Okafor',
} as const;

/** A teacher's login: Staff, assigned to two sessions ({@link DEMO_TEACHER_SESSIONS}), sees only those. */
export const DEMO_TEACHER = {
  emailAddress: 'teacher@brightoak.example',
  password: 'acorn-teacher-demo',
  firstName: 'Sam',
  lastName: 'Whitaker',
} as const;

/** The sessions the demo teacher teaches. */
export const DEMO_TEACHER_SESSIONS = ['Little Scientists (Tuesday & Thursday)', 'Pre-K Readiness Mornings'];

export type SeedResult = { seeded: boolean; sessions: number };

/**
 * Load the demo content into an empty database. `today` is the center's date ("YYYY-MM-DD"); `files`, when
 * given, is the file storage the demo's photos of the day are written to (demo-day-feed.ts).
 */
export async function seedDemo(db: Db, today: string, files?: DemoFiles): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(classSessions);
  if ((existing?.n ?? 0) > 0) return { seeded: false, sessions: existing!.n };
  const [demoParentHash, directorHash, teacherHash] = await Promise.all([
    hashPassword(DEMO_PARENT.password),
    hashPassword(DEMO_DIRECTOR.password),
    hashPassword(DEMO_TEACHER.password),
  ]);
  return db.transaction(async (tx) => {
    const sessionCount = await insertCatalog(tx, today);
    const demoParent = await insertDemoParent(tx, today, demoParentHash);
    await insertDemoDeposit(tx, demoParent);
    await insertDemoStaff(tx, directorHash, teacherHash);
    await insertDemoInbox(tx, today, DEMO_DIRECTOR.emailAddress);
    await insertDemoTours(tx, today, DEMO_DIRECTOR.emailAddress);
    await insertDemoDoor(tx, today, DEMO_PARENT.emailAddress, DEMO_DIRECTOR.emailAddress);
    await insertDemoDuty(
      tx,
      today,
      DEMO_DIRECTOR.emailAddress,
      DEMO_TEACHER.emailAddress,
      DEMO_PARENT.emailAddress,
      files,
    );
    await insertDemoCustody(tx, DEMO_DIRECTOR.emailAddress);
    await insertDemoCoParent(tx, DEMO_PARENT.emailAddress, demoParentHash);
    await insertDemoMessages(tx, today, {
      parent: DEMO_PARENT.emailAddress,
      coParent: DEMO_CO_PARENT.emailAddress,
      director: DEMO_DIRECTOR.emailAddress,
      teacher: DEMO_TEACHER.emailAddress,
    });
    await insertDemoCalendar(tx, today);
    await insertDemoHistory(tx, today);
    await insertDemoDayFeed(tx, today, DEMO_PARENT.emailAddress, DEMO_DIRECTOR.emailAddress, files);
    await insertDemoIncidents(tx, today, DEMO_PARENT.emailAddress, DEMO_DIRECTOR.emailAddress);
    await insertDemoForms(tx, today, DEMO_PARENT.emailAddress, DEMO_DIRECTOR.emailAddress, files);
    await insertDemoHealth(tx, today, DEMO_PARENT.emailAddress, DEMO_DIRECTOR.emailAddress, files);
    await insertDemoMedication(tx, today, DEMO_PARENT.emailAddress, DEMO_TEACHER.emailAddress);
    // The catalog's sessions and the hidden bridge session the door demo runs on.
    return { seeded: true, sessions: sessionCount + 1 };
  });
}

/** The director and a teacher who teaches {@link DEMO_TEACHER_SESSIONS}. */
async function insertDemoStaff(tx: Tx, directorHash: string, teacherHash: string) {
  const { password: _d, ...director } = DEMO_DIRECTOR;
  const { password: _t, ...teacher } = DEMO_TEACHER;
  const confirmed = new Date();
  const [, staff] = await tx
    .insert(users)
    .values([
      { type: 'Admin', ...director, password: directorHash, emailConfirmedAt: confirmed },
      { type: 'Staff', ...teacher, password: teacherHash, emailConfirmedAt: confirmed },
    ])
    .returning({ id: users.id });
  const taught = await tx
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(inArray(classSessions.name, DEMO_TEACHER_SESSIONS));
  await tx.insert(sessionStaff).values(taught.map((s) => ({ classSessionId: s.id, userId: staff!.id })));
}

/** The family a visitor can log in as: two children, no sessions yet, address already confirmed. */
async function insertDemoParent(tx: Tx, today: string, passwordHash: string) {
  const { password: _plain, ...names } = DEMO_PARENT;
  const [parent] = await tx
    .insert(users)
    .values({ type: 'Parent', ...names, password: passwordHash, emailConfirmedAt: new Date() })
    .returning({ id: users.id });
  const kids = await tx
    .insert(students)
    .values(
      [
        { firstName: 'Maya', lastName: 'Avery', dateOfBirth: addDays(today, -(4 * 365 + 120)) },
        { firstName: 'Theo', lastName: 'Avery', dateOfBirth: addDays(today, -(7 * 365 + 45)) },
      ].map((kid) => ({
        ...kid,
        address1: '221 Birch Street',
        city: 'Redwood City',
        state: 'CA',
        zipCode: '94062',
      })),
    )
    .returning({ id: students.id });
  await tx.insert(userStudents).values(kids.map((kid) => ({ userId: parent!.id, studentId: kid.id })));
  return { userId: parent!.id, mayaId: kids[0]!.id };
}

/**
 * The demo family's account (issue 23): Maya took last fall's class on a $300 deposit by check and the rest is
 * still owed, so Billing shows an overdue balance with its statement and the Fall roster a place to record a
 * payment on. Written as a center's history was before the ledger; the ledger's catch-up at start posts it
 * (features/billing/ledger.ts): the place is charged the session's price and the deposit paid against it.
 */
async function insertDemoDeposit(tx: Tx, family: { userId: string; mayaId: string }) {
  const [fall] = await tx
    .select({ id: classSessions.id, startDate: classSessions.sessionStartDate })
    .from(classSessions)
    .where(eq(classSessions.name, 'Fall Morning Session'));
  if (!fall) return;
  const created = new Date(Date.parse(`${fall.startDate}T18:00:00Z`) - 12 * 86_400_000);
  const [deposit] = await tx
    .insert(payments)
    .values({
      status: 'Paid',
      originalAmount: 30_000,
      finalAmount: 30_000,
      provider: 'offline',
      note: 'Deposit, check #2207',
      lineItems: [
        {
          description: 'Fall Morning Session — deposit received by the office',
          unitAmount: 30_000,
          quantity: 1,
          amount: 30_000,
        },
      ],
      emailAddress: DEMO_PARENT.emailAddress,
      classSessionId: fall.id,
      userId: family.userId,
      created,
    })
    .returning({ id: payments.id });
  await tx.insert(classSessionEnrollments).values({
    classSessionId: fall.id,
    studentId: family.mayaId,
    status: 'Enrolled',
    paymentId: deposit!.id,
    created,
  });
  // Autopay tried the rest on its date and 1, 3 and 5 days later with the card Jordan saved, which was
  // declined each time (issue 23): the director's Failed automatic payments lists it, Billing shows each try.
  const [card] = await tx
    .insert(paymentMethods)
    .values({
      userId: family.userId,
      provider: 'test',
      providerCustomerId: 'test_cus_demo_avery',
      providerMethodId: 'test_pm_visa_insufficient_funds',
      kind: 'card',
      label: 'visa',
      last4: '9995',
      expMonth: 12,
      expYear: 2030,
      created,
    })
    .returning({ id: paymentMethods.id });
  await tx.insert(autopayAttempts).values(
    [0, 1, 3, 5].map((days, i) => {
      const at = new Date(Date.parse(`${fall.startDate}T17:00:00Z`) + days * 86_400_000);
      return {
        payerUserId: family.userId,
        classSessionId: fall.id,
        studentId: family.mayaId,
        dueOn: fall.startDate,
        attempt: i + 1,
        amount: 164_500,
        methodId: card!.id,
        status: 'failed',
        failureCode: 'insufficient_funds',
        failureMessage: 'Your card has insufficient funds.',
        created: at,
        updated: at,
      };
    }),
  );
}
