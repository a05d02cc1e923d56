/**
 * Demo content for a new center's empty database (SEED_DEMO): the morning program's sessions in every
 * state a parent can meet — open for general registration, in its priority window, upcoming, past, nearly
 * full, full with a waitlist — plus the waitlist-only tutoring program, the center's policies,
 * announcements, and a few families whose children fill seats. Dates are relative to today so the demo
 * always makes sense. Idempotent: does nothing when any session exists.
 */
import { checkoutLineItems, lineItemsTotal } from '@lc/contract';
import { count, inArray } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords.ts';
import type { Db, Tx } from '../client.ts';
import {
  announcements,
  classSections,
  classSessionEnrollments,
  classSessions,
  digitalResources,
  payments,
  policies,
  sessionStaff,
  students,
  studentTrustees,
  trustees,
  userStudents,
  users,
  userTrustees,
  waitlistSubmissions,
} from '../schema.ts';
import { insertDemoCoParent } from './demo-co-parent.ts';
import { insertDemoDoor } from './demo-door.ts';
import { insertDemoInbox } from './demo-inbox.ts';
import { demoPolicies } from './policies.ts';

const DAY = 86_400_000;

/** "YYYY-MM-DD" `days` after `today` ("YYYY-MM-DD"). */
export function addDays(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** 9:00 am Pacific on the calendar day `days` after `today` (16:00 or 17:00 UTC; 17:00 keeps it simple and safe). */
function at9am(today: string, days: number): Date {
  return new Date(`${addDays(today, days)}T17:00:00Z`);
}

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

/** A password hash that no password verifies: demo families that fill seats cannot log in. */
const NO_LOGIN = '!demo-family-no-login';

export type SeedResult = { seeded: boolean; sessions: number };

/** Load the demo content into an empty database. `today` is the center's date ("YYYY-MM-DD"). */
export async function seedDemo(db: Db, today: string): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(classSessions);
  if ((existing?.n ?? 0) > 0) return { seeded: false, sessions: existing!.n };
  const [demoParentHash, directorHash, teacherHash] = await Promise.all([
    hashPassword(DEMO_PARENT.password),
    hashPassword(DEMO_DIRECTOR.password),
    hashPassword(DEMO_TEACHER.password),
  ]);
  return db.transaction(async (tx) => {
    const sessionCount = await insertCatalog(tx, today);
    await insertDemoParent(tx, today, demoParentHash);
    await insertDemoStaff(tx, directorHash, teacherHash);
    await insertDemoInbox(tx, today, DEMO_DIRECTOR.emailAddress);
    await insertDemoDoor(tx, today, DEMO_PARENT.emailAddress, DEMO_DIRECTOR.emailAddress);
    await insertDemoCoParent(tx, DEMO_PARENT.emailAddress, demoParentHash);
    // The catalog's sessions and the hidden bridge session the door demo runs on.
    return { seeded: true, sessions: sessionCount + 1 };
  });
}

async function insertCatalog(tx: Tx, today: string): Promise<number> {
  const [expectation, dismissal, latePickup] = await tx
    .insert(policies)
    .values([demoPolicies.expectation, demoPolicies.dismissal, demoPolicies.latePickup])
    .returning({ id: policies.id });
  const policyIds = {
    expectationPolicyId: expectation!.id,
    dismissalPolicyId: dismissal!.id,
    latePickupPolicyId: latePickup!.id,
  };

  const [morning, enrichment, tutoring] = await tx
    .insert(classSections)
    .values([
      { name: 'Morning Program (ages 3½–5)', startDate: addDays(today, -150), endDate: addDays(today, 300) },
      {
        name: 'Afternoon Enrichment (ages 4–5)',
        startDate: addDays(today, -10),
        endDate: addDays(today, 200),
      },
      { name: 'Tutoring (grades K–6)', startDate: addDays(today, 60), endDate: addDays(today, 400) },
    ])
    .returning({ id: classSections.id });

  const morningProgram = {
    daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
    registrationPrice: 185_000,
    supplyFee: 9_500,
    rosterSize: 16,
    // Ages 3½–5 on the first day (42 to 71 months).
    minAgeMonths: 42,
    maxAgeMonths: 71,
    waitlistActive: true,
    waitlistSize: 8,
    classSectionId: morning!.id,
    ...policyIds,
  };

  const rows = await tx
    .insert(classSessions)
    .values([
      {
        ...morningProgram,
        name: 'Fall Morning Session',
        description:
          'Our autumn term: harvest projects in the garden, leaf rubbings and pumpkin math, and a class book about our families. Children settle into routines, make friends and grow in independence.',
        thumbnail: '/images/grid/garden.svg',
        sessionStartDate: addDays(today, -150),
        sessionEndDate: addDays(today, -20),
        priorityRegistrationStartDate: at9am(today, -200),
        priorityRegistrationEndDate: at9am(today, -193),
        registrationStartDate: at9am(today, -192),
        registrationEndDate: at9am(today, -155),
      },
      {
        ...morningProgram,
        name: 'Winter Morning Session',
        description:
          'Cozy, curious mornings: we build a cardboard city, measure rain in our weather station, read winter stories from around the world and practise the letters in our names. Small groups, lots of hands-on play.',
        thumbnail: '/images/grid/block-building.svg',
        sessionStartDate: addDays(today, 24),
        sessionEndDate: addDays(today, 115),
        priorityRegistrationStartDate: at9am(today, -21),
        priorityRegistrationEndDate: at9am(today, -14),
        registrationStartDate: at9am(today, -13),
        registrationEndDate: at9am(today, 17),
      },
      {
        ...morningProgram,
        name: 'Spring Morning Session',
        description:
          'Seeds, bugs and big questions. We plant our own beds, watch caterpillars become butterflies, paint outdoors and get ready for kindergarten with counting games and early writing.',
        thumbnail: '/images/grid/science-magnifier.svg',
        // Brothers and sisters (issue 13): 10% off the registration for each child after the first, and a
        // child already in another Morning Program session counts as the first.
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 10,
        siblingDiscountAcrossProgram: true,
        sessionStartDate: addDays(today, 122),
        sessionEndDate: addDays(today, 210),
        priorityRegistrationStartDate: at9am(today, -2),
        priorityRegistrationEndDate: at9am(today, 5),
        registrationStartDate: at9am(today, 6),
        registrationEndDate: at9am(today, 110),
      },
      {
        ...morningProgram,
        name: 'Summer Discovery Camp',
        description:
          'Four weeks of splash play, music and movement, kitchen science and a pretend campsite in the yard. A relaxed, joyful summer rhythm for ages 3½–5.',
        thumbnail: '/images/grid/outdoor-play.svg',
        registrationPrice: 98_000,
        supplyFee: 6_000,
        rosterSize: 14,
        sessionStartDate: addDays(today, 215),
        sessionEndDate: addDays(today, 243),
        priorityRegistrationStartDate: at9am(today, 40),
        priorityRegistrationEndDate: at9am(today, 47),
        registrationStartDate: at9am(today, 48),
        registrationEndDate: at9am(today, 200),
      },
      {
        ...morningProgram,
        name: 'Little Scientists (Tuesday & Thursday)',
        description:
          'A small afternoon class for curious four- and five-year-olds: magnets, ramps, sink-or-float and mixing colours. Children keep a picture journal of every experiment.',
        thumbnail: '/images/grid/painting-easel.svg',
        daySchedule: 'Tuesday and Thursday, 1:00 pm – 3:00 pm',
        registrationPrice: 42_000,
        supplyFee: 3_500,
        rosterSize: 10,
        waitlistSize: 6,
        classSectionId: enrichment!.id,
        minAgeMonths: 48,
        maxAgeMonths: 71,
        sessionStartDate: addDays(today, 18),
        sessionEndDate: addDays(today, 95),
        priorityRegistrationStartDate: at9am(today, -20),
        priorityRegistrationEndDate: at9am(today, -13),
        registrationStartDate: at9am(today, -12),
        registrationEndDate: at9am(today, 14),
      },
      {
        ...morningProgram,
        name: 'Pre-K Readiness Mornings',
        description:
          'Three mornings a week of kindergarten readiness for children turning five: listening games, letter sounds, scissors and glue, and taking turns in a group. Very popular — join the waitlist and we will email you the moment a place opens.',
        thumbnail: '/images/grid/circle-time.svg',
        daySchedule: 'Monday, Wednesday and Friday, 8:30 am – 11:30 am',
        registrationPrice: 126_000,
        supplyFee: 7_500,
        rosterSize: 8,
        waitlistSize: 6,
        sessionStartDate: addDays(today, 26),
        sessionEndDate: addDays(today, 117),
        priorityRegistrationStartDate: at9am(today, -18),
        priorityRegistrationEndDate: at9am(today, -11),
        registrationStartDate: at9am(today, -10),
        registrationEndDate: at9am(today, 20),
      },
      {
        name: 'One-on-One & Small-Group Tutoring',
        description:
          'Patient, personal tutoring for grades K–6 in reading, writing and math, with a credentialed teacher. Coming Fall 2024 — waitlist only while we build our tutoring team.',
        thumbnail: '/images/grid/reading-nook.svg',
        daySchedule: 'Weekday afternoons, 3:30 pm – 6:00 pm, by appointment',
        registrationPrice: 0,
        supplyFee: 0,
        rosterSize: 12,
        waitlistActive: true,
        waitlistSize: 40,
        classSectionId: tutoring!.id,
        // Kindergarten to grade 6: about 5 to 12.
        minAgeMonths: 60,
        maxAgeMonths: 155,
        sessionStartDate: addDays(today, 60),
        sessionEndDate: addDays(today, 400),
      },
    ])
    .returning({ id: classSessions.id, name: classSessions.name });

  const byName = new Map(rows.map((r) => [r.name, r.id]));
  const fall = byName.get('Fall Morning Session')!;
  const winter = byName.get('Winter Morning Session')!;
  const scientists = byName.get('Little Scientists (Tuesday & Thursday)')!;
  const preK = byName.get('Pre-K Readiness Mornings')!;

  // Families whose children fill seats: 9 in Winter, 8 of 10 in Little Scientists (nearly full),
  // all 8 in Pre-K Readiness (full) with 3 on its waitlist, and last fall's class.
  const families = await insertDemoFamilies(tx, today, 14);
  const enroll = (sessionId: number, from: number, n: number, status: 'Enrolled' = 'Enrolled') =>
    families
      .slice(from, from + n)
      .map((f) => ({ classSessionId: sessionId, studentId: f.studentId, status }));
  const places = [
    ...enroll(fall, 0, 12),
    ...enroll(winter, 0, 9),
    ...enroll(scientists, 2, 8),
    ...enroll(preK, 3, 8),
  ];
  // Each place was paid at the front desk a few weeks ago, so the rosters, revenue and the payments list
  // show what a running center has (and the director can try a refund on a demo payment).
  const prices = new Map(
    (
      await tx
        .select({
          id: classSessions.id,
          name: classSessions.name,
          registrationPrice: classSessions.registrationPrice,
          supplyFee: classSessions.supplyFee,
        })
        .from(classSessions)
        .where(inArray(classSessions.id, [fall, winter, scientists, preK]))
    ).map((r) => [r.id, r]),
  );
  const parentOf = new Map(families.map((f) => [f.studentId, f.userId]));
  const paid = await tx
    .insert(payments)
    .values(
      places.map((place, i) => {
        const session = prices.get(place.classSessionId)!;
        const lineItems = checkoutLineItems(session, 1);
        const amount = lineItemsTotal(lineItems);
        return {
          status: 'Paid',
          originalAmount: amount,
          finalAmount: amount,
          provider: 'offline',
          note: i % 3 === 0 ? 'Check at the front desk' : 'Card at the front desk',
          lineItems,
          classSessionId: place.classSessionId,
          userId: parentOf.get(place.studentId)!,
          created: new Date(Date.parse(`${today}T18:00:00Z`) - (20 + (i % 9)) * DAY),
        };
      }),
    )
    .returning({ id: payments.id });
  await tx
    .insert(classSessionEnrollments)
    .values(places.map((place, i) => ({ ...place, paymentId: paid[i]!.id })));
  await tx.insert(waitlistSubmissions).values(
    families.slice(11, 14).map((f, i) => ({
      classSessionId: preK,
      studentId: f.studentId,
      userId: f.userId,
      status: 'Waiting',
      created: new Date(Date.parse(`${today}T17:00:00Z`) - (3 - i) * DAY),
    })),
  );

  await tx.insert(announcements).values([
    {
      title: 'Welcome to the Winter Morning Session!',
      category: 'Welcome',
      priority: 1,
      startDate: at9am(today, -7),
      endDate: at9am(today, 120),
      webMessage:
        'We can’t wait to meet everyone. Our first week is a gentle start: parents are welcome to stay for the first 20 minutes on Monday and Tuesday.',
      classSessionId: winter,
      sentAt: at9am(today, -7),
    },
    {
      title: 'Pajama & story morning on the last Friday',
      category: 'Event',
      priority: 0,
      startDate: at9am(today, -3),
      endDate: at9am(today, 115),
      webMessage:
        'Children may come in pajamas and bring one favourite book to share. Cocoa (dairy-free option too) at 10 am.',
      classSessionId: winter,
      sentAt: at9am(today, -3),
    },
    // Scheduled by the director (issue 10): the sweep sends it in three days; until then it waits in the
    // staff's announcements list, where it can still be edited or cancelled.
    {
      title: 'Winter family picnic',
      category: 'Event',
      priority: 1,
      webMessage:
        '<p>Join us for our <strong>winter family picnic</strong> in the garden on Saturday from 11 am to 1 pm. Bring a blanket and a dish to share if you like; we bring cocoa, fruit and music.</p>',
      emailMessage:
        'Join us for our winter family picnic in the garden on Saturday from 11 am to 1 pm. Bring a blanket and a dish to share if you like; we bring cocoa, fruit and music. Grandparents and siblings are welcome!',
      sendEmail: true,
      smsMessage:
        'Winter family picnic this Saturday, 11 am–1 pm in the garden. Bring a blanket; we bring cocoa!',
      sendSMS: true,
      sendAt: at9am(today, 3),
    },
  ]);
  await tx.insert(digitalResources).values([
    {
      classSessionId: winter,
      type: 'Document',
      name: 'What to bring this winter',
      fileName: 'winter-supply-list.pdf',
      description:
        'The supply list: spare clothes, indoor shoes, a water bottle and a family photo for our wall.',
      url: '/resources/winter-supply-list.pdf',
    },
    {
      classSessionId: winter,
      type: 'Document',
      name: 'Drop-off and pickup guide',
      fileName: 'drop-off-and-pickup.pdf',
      description: 'Times, the garden gate, who may pick up, and what happens if you are running late.',
      url: '/resources/drop-off-and-pickup.pdf',
    },
    {
      classSessionId: winter,
      type: 'Link',
      name: 'Winter reading list (public library)',
      description: 'Picture books we read in class, to borrow from the Redwood City Public Library.',
      url: 'https://www.redwoodcity.org/departments/library',
    },
  ]);
  return rows.length;
}

const FIRST = [
  'Maya',
  'Leo',
  'Aria',
  'Mateo',
  'Nora',
  'Kai',
  'Zoe',
  'Ethan',
  'Lily',
  'Noah',
  'Ava',
  'Diego',
  'Hana',
  'Omar',
];
const LAST = [
  'Nguyen',
  'Garcia',
  'Patel',
  'Kim',
  'Johnson',
  'Rossi',
  'Chen',
  'Okafor',
  'Silva',
  'Cohen',
  'Singh',
  'Lopez',
  'Tanaka',
  'Haddad',
];
/** Grandparents' first names, one per demo family (cycled). */
const GRANDPARENT = [
  'Rosa',
  'Walter',
  'Mei',
  'Harold',
  'Lucia',
  'Frank',
  'Amara',
  'George',
  'Ines',
  'Arthur',
];

const PARENT = [
  'Linh',
  'Carlos',
  'Priya',
  'Min-jun',
  'Rachel',
  'Marco',
  'Wei',
  'Chidi',
  'Ana',
  'Daniel',
  'Harpreet',
  'Sofia',
  'Yuki',
  'Layla',
];

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
}

async function insertDemoFamilies(tx: Tx, today: string, n: number) {
  const parents = await tx
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        type: 'Parent',
        firstName: PARENT[i]!,
        lastName: LAST[i]!,
        emailAddress: `${PARENT[i]!.toLowerCase().replace(/[^a-z]/g, '')}.${LAST[i]!.toLowerCase()}@families.example`,
        password: NO_LOGIN,
        // A mobile number for each demo parent (555-01xx numbers are reserved for fiction).
        sms: `+1650555${String(100 + i).padStart(4, '0')}`,
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const kids = await tx
    .insert(students)
    .values(
      Array.from({ length: n }, (_, i) => ({
        firstName: FIRST[i]!,
        lastName: LAST[i]!,
        // Ages 3 years 8 months to 5 years.
        dateOfBirth: addDays(today, -(1340 + ((i * 37) % 480))),
        city: 'Redwood City',
        state: 'CA',
        zipCode: '94061',
      })),
    )
    .returning({ id: students.id });
  await tx.insert(userStudents).values(parents.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id })));
  // A grandparent who may pick up, for each family: the roster's pickup column has people in it.
  const grandparents = await tx
    .insert(trustees)
    .values(
      Array.from({ length: n }, (_, i) => ({
        firstName: GRANDPARENT[i % GRANDPARENT.length]!,
        lastName: LAST[i]!,
        relationship: i % 2 === 0 ? 'Grandmother' : 'Grandfather',
        cellPhone: `+1650555${String(2100 + i).padStart(4, '0')}`,
        canPickup: true,
        receiveSMS: false,
        receiveEmail: false,
      })),
    )
    .returning({ id: trustees.id });
  await tx
    .insert(userTrustees)
    .values(parents.map((p, i) => ({ userId: p.id, trusteeId: grandparents[i]!.id })));
  await tx
    .insert(studentTrustees)
    .values(kids.map((k, i) => ({ studentId: k.id, trusteeId: grandparents[i]!.id })));
  return parents.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id }));
}
