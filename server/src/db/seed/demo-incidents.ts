/**
 * Demo incident reports (issue 26, part 3; decision 037) in the bridge session (demo-door.ts), reported by the
 * director: a scraped knee for Theo three days ago, signed by Jordan with a comment and reviewed; a bumped head
 * for Maya this morning (head injury, so urgent), not signed yet, so the portal's notice shows; and yesterday's
 * squabble over a tricycle between Maya and a classmate, where each family's copy names only its own child and
 * the director shared a follow-up. Times are the center's wall clock.
 */
import { wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq, sql } from 'drizzle-orm';
import { copySha256, familyCopyText } from '../../features/incidents/family-copy.ts';
import type { Tx } from '../client.ts';
import {
  classSessionEnrollments,
  classSessions,
  incidentAcknowledgements,
  incidentChildren,
  incidentFollowUps,
  incidents,
  students,
  userStudents,
  users,
} from '../schema.ts';
import { addDays } from './demo-dates.ts';

const TIME_ZONE = 'America/Los_Angeles';
const at = (day: string, time: string) => new Date(wallTimeToInstant(`${day}T${time}`, TIME_ZONE)!);

/** The demo's incident reports (see the module comment); nothing when the bridge session or Maya is missing. */
export async function insertDemoIncidents(
  tx: Tx,
  today: string,
  demoParentEmail: string,
  directorEmail: string,
): Promise<void> {
  const [bridge] = await tx
    .select({ id: classSessions.id, name: classSessions.name })
    .from(classSessions)
    .where(eq(classSessions.name, 'Late Fall Bridge Weeks'));
  const [parent] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.emailAddress, demoParentEmail));
  const [director] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.emailAddress, directorEmail));
  if (!bridge || !parent || !director) return;
  const kids = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .where(eq(userStudents.userId, parent.id));
  const maya = kids.find((k) => k.firstName === 'Maya');
  const theo = kids.find((k) => k.firstName === 'Theo');
  const [classmate] = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(classSessionEnrollments)
    .innerJoin(students, eq(students.id, classSessionEnrollments.studentId))
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, bridge.id),
        sql`${students.id} not in (select student_id from user_students where user_id = ${parent.id})`,
      ),
    )
    .orderBy(students.firstName)
    .limit(1);
  if (!maya || !theo) return;
  const reporter = `${director.firstName} ${director.lastName}`;

  const report = async (
    values: Omit<typeof incidents.$inferInsert, 'classSessionId' | 'reportedBy'>,
    children: Array<{ id: string; firstName: string; lastName: string; note: string; parentCalled: boolean }>,
  ) => {
    const [row] = await tx
      .insert(incidents)
      .values({ ...values, classSessionId: bridge.id, reportedBy: director.id })
      .returning();
    await tx.insert(incidentChildren).values(
      children.map((c, position) => ({
        incidentId: row!.id,
        studentId: c.id,
        childName: `${c.firstName} ${c.lastName}`,
        note: c.note,
        parentCalled: c.parentCalled,
        position,
      })),
    );
    return row!;
  };

  // Theo's scraped knee, three days ago: signed by Jordan, reviewed.
  const scrapeDay = addDays(today, -3);
  const scrape = await report(
    {
      occurredAt: at(scrapeDay, '10:40'),
      day: scrapeDay,
      place: 'The garden path, by the raised beds',
      kind: 'Injury',
      whatHappened:
        'Theo tripped over a watering can while running to see the earthworms and scraped his right knee on the path.',
      firstAid:
        'Washed the scrape with clean water and put on a bandage. He was back to digging in five minutes.',
      witnesses: 'Sam Whitaker',
      urgent: false,
      created: at(scrapeDay, '10:52'),
      reviewedAt: at(scrapeDay, '15:10'),
      reviewedBy: director.id,
    },
    [{ ...theo, note: 'A small scrape on the right knee, no bleeding after washing.', parentCalled: false }],
  );
  const copy = familyCopyText(
    {
      sessionName: bridge.name,
      occurredAt: scrape.occurredAt,
      place: scrape.place,
      kind: 'Injury',
      whatHappened: scrape.whatHappened,
      firstAid: scrape.firstAid,
      witnesses: scrape.witnesses,
      urgent: false,
      own: [
        {
          firstName: theo.firstName,
          note: 'A small scrape on the right knee, no bleeding after washing.',
          parentCalled: false,
        },
      ],
      otherChildren: 0,
      reportedBy: reporter,
    },
    'en',
    TIME_ZONE,
  );
  await tx.insert(incidentAcknowledgements).values({
    incidentId: scrape.id,
    studentId: theo.id,
    signerId: parent.id,
    signedName: `${parent.firstName} ${parent.lastName}`,
    comment: 'Thanks for the bandage. He showed it off to everyone at dinner!',
    ip: '203.0.113.24',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1',
    language: 'en',
    copyText: copy,
    copySha256: copySha256(copy),
    at: at(scrapeDay, '17:45'),
  });
  await tx.insert(incidentFollowUps).values({
    incidentId: scrape.id,
    authorId: director.id,
    body: 'Watering cans now go back in the shed after garden time.',
    shared: false,
    created: at(scrapeDay, '15:12'),
  });

  // Yesterday: Maya and a classmate over the red tricycle; shared follow-up, nobody signed yet.
  if (classmate) {
    const squabbleDay = addDays(today, -1);
    const squabble = await report(
      {
        occurredAt: at(squabbleDay, '11:05'),
        day: squabbleDay,
        place: 'The outdoor play yard',
        kind: 'Behaviour',
        whatHappened:
          'Two children both wanted the red tricycle at the same time. There was pulling and one push; another child fell onto the soft mat. Nobody was hurt.',
        firstAid: '',
        witnesses: 'Sam Whitaker and the director',
        urgent: false,
        created: at(squabbleDay, '11:30'),
        reviewedAt: at(squabbleDay, '14:00'),
        reviewedBy: director.id,
      },
      [
        {
          ...maya,
          note: 'Maya was upset and cried for a minute; she calmed down reading with a teacher.',
          parentCalled: false,
        },
        {
          ...classmate,
          note: 'Pushed while trying to take the tricycle; we talked about using words and taking turns.',
          parentCalled: false,
        },
      ],
    );
    await tx.insert(incidentFollowUps).values({
      incidentId: squabble.id,
      authorId: director.id,
      body: 'We are trying a sand timer for the tricycles this week so everyone gets a turn. Ask your child about it!',
      shared: true,
      created: at(squabbleDay, '14:05'),
    });
  }

  // This morning: Maya bumped her head; the director called Jordan; not signed yet.
  await report(
    {
      occurredAt: at(today, '08:50'),
      day: today,
      place: 'The reading corner',
      kind: 'Injury',
      whatHappened:
        'Maya stood up quickly from under the reading table and bumped the top of her head on its edge.',
      firstAid:
        'A cold pack for ten minutes. We checked on her every fifteen minutes: no dizziness, no sleepiness, and she played as usual.',
      witnesses: 'Sam Whitaker',
      urgent: true,
      created: at(today, '09:02'),
    },
    [{ ...maya, note: 'A small red bump on the top of her head.', parentCalled: true }],
  );
}
