/**
 * The demo catalog (docs/architecture.md, Layers: the storage layer's seed; spec §7 ClassSession): the center's
 * policies, its three programs and the morning program's sessions in every state a parent can meet — open for
 * general registration, in its priority window, upcoming, past, nearly full, full with a waitlist — plus the
 * waitlist-only tutoring program and the Winter session's files and links. The seats are filled by
 * demo-places.ts and the Winter announcements come from demo-announcements.ts, in that order.
 */
import type { Tx } from '../client.ts';
import { classSections, classSessions, digitalResources, policies } from '../schema.ts';
import { insertDemoAnnouncements } from './demo-announcements.ts';
import { addDays, at9am } from './demo-dates.ts';
import { insertDemoPlaces } from './demo-places.ts';
import { demoPolicies } from './policies.ts';

/** Insert the catalog and everything that hangs off it; answers how many catalog sessions it made. */
export async function insertCatalog(tx: Tx, today: string): Promise<number> {
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
        // A payment plan (issue 23): $345 at enrollment, a $25 plan fee, the rest in three monthly instalments;
        // an instalment still unpaid a week after its date adds a $15 late fee.
        planDeposit: 34_500,
        planFee: 2_500,
        planDueDates: [addDays(today, 10), addDays(today, 40), addDays(today, 70)],
        planLateFee: 1_500,
        planLateFeeDays: 7,
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
        // A deposit and four monthly instalments, no plan fee.
        planDeposit: 40_000,
        planDueDates: [addDays(today, 100), addDays(today, 130), addDays(today, 160), addDays(today, 190)],
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

  await insertDemoPlaces(tx, today, { fall, winter, scientists, preK });
  await insertDemoAnnouncements(tx, today, winter);
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
